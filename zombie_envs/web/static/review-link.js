// The link from a finished game to its review on the replay page: the game's
// id, its only key, is in this page's address, so the link takes it from there.
"use strict";
document.getElementById("review-link").addEventListener("click", (event) => {
  event.currentTarget.href = `/replay#review/${location.hash.slice(1)}`;
});
