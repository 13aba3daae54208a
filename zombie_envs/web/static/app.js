// The browser seat: a set-up form, then the seat's view of one game from the
// server's JSON. The server plays the bots and checks every move; this page
// only shows what it is sent and posts the choice clicked, with the view's
// move counter so that a stale or repeated click is refused, not replayed.
"use strict";

let envs = [];
let state = null;
let busy = false;

function setBusy(text) {
  busy = Boolean(text);
  $("status").textContent = text;
  document.body.classList.toggle("busy", Boolean(text));
  for (const b of document.querySelectorAll("button")) b.disabled = Boolean(text);
}

// ----- set-up --------------------------------------------------------------
function currentEnv() {
  return envs.find((e) => e.env === $("env").value);
}

function onEnv() {
  const env = currentEnv();
  fillSelect($("players"), range(env.min_players, env.max_players), env.default_players);
  showOptions($("options"), env.options);
  onPlayers();
}

function onPlayers() {
  const env = currentEnv();
  const n = Number($("players").value);
  const seat = Math.min(Number($("seat").value) || 0, n - 1);
  fillSelect($("seat"), range(0, n - 1), seat, (s) => `seat ${s}`);
  const specs = [...env.specs];
  if (env.pretrained.includes(n)) specs.splice(2, 0, "pretrained");
  $("specs").replaceChildren(...specs.map((s) => specOption(env, n, s)));
  onSeat();
}

function onSeat() {
  const n = Number($("players").value);
  const seat = Number($("seat").value);
  const box = $("opponents");
  const kept = [...box.querySelectorAll("input")].map((i) => i.value);
  box.replaceChildren(box.firstElementChild);
  range(0, n - 1)
    .filter((s) => s !== seat)
    .forEach((s, i) => {
      const label = element("label", `seat ${s}`);
      const input = element("input");
      input.setAttribute("list", "specs");
      input.required = true;
      input.value = kept[i] || "heuristic";
      input.dataset.seat = String(s);
      label.append(input);
      box.append(label);
    });
}

async function start(event) {
  event.preventDefault();
  const options = readOptions($("options"));
  const body = {
    env: $("env").value,
    players: Number($("players").value),
    seat: Number($("seat").value),
    name: $("name").value,
    opponents: [...$("opponents").querySelectorAll("input")].map((i) => i.value.trim()),
    options,
  };
  await run("Dealing; the opponents play their first moves...", () =>
    api("POST", "/api/games", body),
  );
}

function showSetup() {
  state = null;
  history.replaceState(null, "", location.pathname);
  $("game").hidden = true;
  $("setup").hidden = false;
  $("phase").textContent = "";
}

// ----- a game ----------------------------------------------------------------
async function run(waiting, call) {
  showError("");
  setBusy(waiting);
  try {
    show(await call());
  } catch (e) {
    if (state) await resync();
    showError(e.message);
  } finally {
    setBusy("");
  }
}

// After a refused request (another tab moved on, a repeated click), show the
// game as the server has it.
async function resync() {
  try {
    show(await api("GET", `/api/games/${state.id}`));
  } catch (e) {
    // the error of the request itself is the one to show
  }
}

async function choose(action) {
  await run("The opponents are playing...", () =>
    api("POST", `/api/games/${state.id}/action`, { move: state.move, action }),
  );
}

function show(view) {
  state = view;
  history.replaceState(null, "", `#${view.id}`);
  const opening = $("game").hidden;
  $("setup").hidden = true;
  $("game").hidden = false;
  if (opening) window.scrollTo(0, 0); // at the decision, wherever the set-up form was scrolled to
  $("phase").textContent = `${view.title}: ${view.phase}`;
  $("seats").textContent = view.players
    .map((p) => `${p.label}: ${p.you ? `you (${p.name})` : p.name}`)
    .join(" \u00b7 ");
  drawBoard($("drawing"), view.board, view.env);
  $("view").textContent = view.view;
  $("log").replaceChildren(...view.log.map((line) => element("li", line)));
  $("legend").replaceChildren(...view.legend.map((line) => element("li", line)));
  showDecision(view.decision);
  showLit($("drawing"));
  showResult(view);
}

// ----- the decision: places on the board, buttons by it, the folded list ------
//: the most choices the list shows unfolded
const OPEN_LIST = 12;

function choicesOf(decision) {
  return decision ? decision.groups.flatMap((g) => g.choices) : [];
}

function placeRect(key) {
  return $("drawing").querySelector(`rect.place[data-place="${CSS.escape(key)}"]`);
}

function choiceLabel(c) {
  return c.detail ? `${c.text} (${c.detail})` : c.text;
}

function choiceButton(c, className) {
  const b = element("button", c.text, className);
  b.type = "button";
  b.dataset.action = String(c.action);
  b.title = `key ${c.key}`;
  if (c.detail) b.append(element("span", c.detail, "detail"));
  b.addEventListener("click", () => choose(c.action));
  return b;
}

function showDecision(decision) {
  closeMenu();
  $("decision").hidden = $("prompt").hidden = !decision;
  if (!decision) return;
  const all = choicesOf(decision);
  const byPlace = new Map();
  const unplaced = [];
  for (const c of all) {
    if (c.place && placeRect(c.place)) {
      if (!byPlace.has(c.place)) byPlace.set(c.place, []);
      byPlace.get(c.place).push(c);
    } else {
      unplaced.push(c);
    }
  }
  for (const [key, choices] of byPlace) markPlace(placeRect(key), choices);
  $("doing").textContent = decision.doing;
  $("hint").textContent = byPlace.size
    ? `: pick a lit place on the board${unplaced.length ? " or a button" : ""}`
    : "";
  $("actions").replaceChildren(...unplaced.map((c) => choiceButton(c, "action")));
  showList(decision, all.length);
}

// A place that some legal choices name: lit, focusable, and it plays its one
// choice (or offers its several in a menu) on a click, Enter or Space.
function markPlace(rect, choices) {
  rect.classList.add("legal");
  rect.setAttribute("tabindex", "0");
  rect.setAttribute("role", "button");
  rect.setAttribute("aria-label", choices.map(choiceLabel).join(" or "));
  if (choices.length > 1) rect.setAttribute("aria-haspopup", "menu");
  const point = () => preview(rect, choices);
  rect.addEventListener("pointerenter", point);
  rect.addEventListener("focus", point);
  rect.addEventListener("pointerleave", unpreview);
  rect.addEventListener("blur", unpreview);
  const pick = (event) => {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    if (choices.length === 1) choose(choices[0].action);
    else openMenu(rect, choices);
  };
  rect.addEventListener("click", pick);
  rect.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") pick(event);
  });
}

// Light up where the choices lead and say what they are, next to the place.
function preview(rect, choices) {
  unpreview();
  for (const c of choices) {
    for (const key of c.preview) placeRect(key)?.classList.add("preview");
  }
  const tip = $("tip");
  tip.replaceChildren(
    ...choices.map((c) => {
      const line = element("div", c.text, "tip-text");
      if (c.detail) line.append(element("span", c.detail, "detail"));
      return line;
    }),
  );
  if (choices.length > 1) tip.append(element("div", `${choices.length} choices: click to pick one`, "tip-more"));
  tip.hidden = false;
  putNear(tip, rect);
}

function unpreview() {
  for (const r of $("drawing").querySelectorAll("rect.preview")) r.classList.remove("preview");
  $("tip").hidden = true;
}

// Place a floating box under (or above) a board place, inside the board.
function putNear(box, rect) {
  const board = $("board").getBoundingClientRect();
  const at = rect.getBoundingClientRect();
  const left = Math.min(Math.max(0, at.left - board.left), Math.max(0, board.width - box.offsetWidth));
  let top = at.bottom - board.top + 4;
  if (top + box.offsetHeight > board.height) top = Math.max(0, at.top - board.top - box.offsetHeight - 4);
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

function openMenu(rect, choices) {
  unpreview();
  const menu = $("place-menu");
  menu.replaceChildren(
    ...choices.map((c) => {
      const b = choiceButton(c, "menu-choice");
      b.setAttribute("role", "menuitem");
      b.addEventListener("pointerenter", () => preview(rect, [c]));
      b.addEventListener("focus", () => preview(rect, [c]));
      return b;
    }),
  );
  menu.dataset.place = rect.dataset.place;
  menu.hidden = false;
  putNear(menu, rect);
  menu.querySelector("button").focus();
}

function closeMenu() {
  const menu = $("place-menu");
  if (menu.hidden) return;
  const place = placeRect(menu.dataset.place || "");
  menu.hidden = true;
  unpreview();
  if (menu.contains(document.activeElement)) place?.focus();
}

// The whole list, the keyboard's way to every choice: folded when long, with
// a box that keeps only the choices whose words hold what is typed.
function showList(decision, count) {
  $("choice-count").textContent = count === 1 ? "The one choice" : `All ${count} choices`;
  $("choice-count").dataset.count = String(count);
  $("decision").open = count <= OPEN_LIST;
  $("choice-filter").value = "";
  $("choices").replaceChildren(
    ...decision.groups.map((group) => {
      const box = element("div", undefined, "group");
      const title = element("h3", group.name);
      title.title = group.doc;
      const buttons = element("div", undefined, "buttons");
      for (const c of group.choices) {
        const b = choiceButton(c, "choice");
        b.dataset.words = `${group.name} ${c.key} ${c.text} ${c.detail}`.toLowerCase();
        buttons.append(b);
      }
      box.append(title, buttons);
      return box;
    }),
  );
}

function filterList() {
  const words = $("choice-filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  for (const group of $("choices").children) {
    let shown = 0;
    for (const b of group.querySelectorAll("button.choice")) {
      b.hidden = !words.every((w) => b.dataset.words.includes(w));
      shown += !b.hidden;
    }
    group.hidden = shown === 0;
  }
}

// Enter in the box plays the choice it has narrowed the list to.
function filterKey(event) {
  if (event.key !== "Enter") return;
  event.preventDefault();
  const left = [...$("choices").querySelectorAll("button.choice:not([hidden])")];
  if (left.length === 1) left[0].click();
}

function showResult(view) {
  const result = view.result;
  $("result").hidden = !result;
  if (!result) return;
  $("verdict").textContent = result.verdict;
  $("scores").tBodies[0].replaceChildren(
    ...view.players.map((p) => {
      const row = element("tr", undefined, p.you ? "you" : "");
      row.append(
        element("td", p.label),
        element("td", p.you ? `${p.name} (you)` : p.name),
        element("td", String(result.scores[p.seat])),
        element("td", result.winners.includes(p.seat) ? "winner" : ""),
      );
      return row;
    }),
  );
  $("rating").textContent = result.rating;
  $("seed").textContent = `seed ${result.seed}: the game is saved as a record`;
}

async function main() {
  $("setup-form").addEventListener("submit", start);
  $("env").addEventListener("change", onEnv);
  $("players").addEventListener("change", onPlayers);
  $("seat").addEventListener("change", onSeat);
  $("new-game").addEventListener("click", showSetup);
  setUpZoom($("drawing"));
  $("choice-filter").addEventListener("input", filterList);
  $("choice-filter").addEventListener("keydown", filterKey);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeMenu();
  });
  document.addEventListener("click", (event) => {
    if (!$("place-menu").contains(event.target)) closeMenu();
  });
  $("rematch").addEventListener("click", () =>
    run("Dealing again...", () => api("POST", `/api/games/${state.id}/rematch`, {})),
  );
  try {
    envs = await api("GET", "/api/envs");
  } catch (e) {
    showError(`cannot reach the server: ${e.message}`);
    return;
  }
  fillSelect($("env"), envs.map((e) => e.env), envs[0].env, (v) => envs.find((e) => e.env === v).title);
  onEnv();
  const id = location.hash.slice(1);
  if (id) {
    await run("Loading the game...", () => api("GET", `/api/games/${id}`));
    if (!state) showSetup();
  } else {
    showSetup();
  }
}

main();
