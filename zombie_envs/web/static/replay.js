// The replay page: the saved games a server lists, played back step by step
// or at a chosen speed from any seat's view or a spectator's; bot-only games
// watched one move per step; and the review of a finished browser game. The
// server builds every frame from the chosen view; this page only shows it.
"use strict";

let envs = [];
let shown = null; // {kind: "record" | "watch", id, frame}
let review = null; // the review's index
let playing = null; // the timer of a playback
let asked = 0; // the latest decision asked for: an older answer is not shown

async function busy(text, call) {
  showError("");
  $("status").textContent = text;
  document.body.classList.add("busy");
  try {
    return await call();
  } catch (e) {
    showError(e.message);
    return null;
  } finally {
    $("status").textContent = "";
    document.body.classList.remove("busy");
  }
}

function only(section) {
  for (const id of ["shelf", "player", "review"]) $(id).hidden = id !== section;
}

// ----- the list of saved games and the watch form ----------------------------
async function showShelf() {
  stop();
  only("shelf");
  $("phase").textContent = "Saved games, and bots to watch";
  const listing = await busy("Reading the records...", () => api("GET", "/api/records"));
  if (!listing) return;
  $("records").tBodies[0].replaceChildren(
    ...listing.records.map((r) => {
      const row = element("tr");
      const open = element("a", "Play back");
      open.href = `#record/${r.id}`;
      open.className = "open";
      row.append(
        element("td", `${r.source}${r.source.endsWith(".jsonl") ? `, game ${r.game}` : ""}`),
        element("td", r.title),
        element("td", r.seats.join(", ")),
        element("td", `${r.moves}${r.finished ? "" : " (unfinished)"}`),
        element("td"),
      );
      row.lastChild.append(open);
      return row;
    }),
  );
  $("no-records").hidden = listing.records.length > 0;
  $("refused-box").hidden = listing.refused.length === 0;
  $("refused").replaceChildren(...listing.refused.map((r) => element("li", r.error)));
}

function currentEnv() {
  return envs.find((e) => e.env === $("w-env").value);
}

function onEnv() {
  const env = currentEnv();
  fillSelect($("w-players"), range(env.min_players, env.max_players), env.default_players);
  showOptions($("w-options"), env.options);
  onPlayers();
}

function onPlayers() {
  const env = currentEnv();
  const n = Number($("w-players").value);
  const specs = [...env.specs];
  if (env.pretrained.includes(n)) specs.splice(2, 0, "pretrained");
  $("w-specs").replaceChildren(...specs.map((s) => specOption(env, n, s)));
  const box = $("w-agents");
  const kept = [...box.querySelectorAll("input")].map((i) => i.value);
  box.replaceChildren(box.firstElementChild);
  for (const s of range(0, n - 1)) {
    const label = element("label", `seat ${s}`);
    const input = element("input");
    input.setAttribute("list", "w-specs");
    input.required = true;
    input.value = kept[s] || "heuristic";
    label.append(input);
    box.append(label);
  }
}

async function watch(event) {
  event.preventDefault();
  const options = readOptions($("w-options"));
  const body = {
    env: $("w-env").value,
    players: Number($("w-players").value),
    agents: [...$("w-agents").querySelectorAll("input")].map((i) => i.value.trim()),
    options,
  };
  const frame = await busy("Dealing...", () => api("POST", "/api/watch", body));
  if (frame) location.hash = `watch/${frame.id}`;
}

// ----- playing back and watching ---------------------------------------------
function viewer() {
  return $("viewer").value || "spectator";
}

function framePath(kind, id, step) {
  const seat = encodeURIComponent(viewer());
  if (kind === "record") return `/api/records/${id}?step=${step}&seat=${seat}`;
  return `/api/watch/${id}?seat=${seat}`;
}

function atEnd() {
  const f = shown.frame;
  return f.result !== null || (shown.kind === "record" && f.move >= f.moves);
}

async function openPlayer(kind, id) {
  stop();
  only("player");
  $("viewer").replaceChildren();
  const frame = await busy("Loading...", () => api("GET", framePath(kind, id, 0)));
  if (!frame) return;
  shown = { kind, id, frame };
  fillSelect($("viewer"), ["spectator", ...frame.players.map((p) => p.seat)], "spectator", (v) =>
    v === "spectator" ? "a spectator (public only)" : `${frame.players[v].label} (${frame.players[v].name})`,
  );
  for (const id of ["first", "back", "last", "scrub"]) $(id).hidden = kind !== "record";
  showFrame(frame);
}

async function goTo(step) {
  const { kind, id } = shown;
  const frame = await api("GET", framePath(kind, id, step));
  if (shown && shown.id === id) showFrame(frame);
}

async function forward() {
  const { kind, id, frame } = shown;
  if (kind === "record") return goTo(frame.move + 1);
  const seat = encodeURIComponent(viewer());
  const next = await api("POST", `/api/watch/${id}/step?seat=${seat}`, { move: frame.move });
  if (shown && shown.id === id) showFrame(next);
}

async function move(call) {
  stop();
  await busy("", call);
}

function stop() {
  if (playing !== null) clearTimeout(playing);
  playing = null;
  $("play").textContent = "Play";
}

function play() {
  if (playing !== null) return stop();
  $("play").textContent = "Pause";
  const tick = async () => {
    if (atEnd()) return stop();
    try {
      await forward();
    } catch (e) {
      showError(e.message);
      return stop();
    }
    if (playing !== null) playing = setTimeout(tick, 1000 / Number($("speed").value));
  };
  playing = setTimeout(tick, 0);
}

function showFrame(frame) {
  shown.frame = frame;
  $("phase").textContent = frame.phase;
  $("seats").textContent = frame.players.map((p) => `${p.label}: ${p.name}`).join(" \u00b7 ");
  $("r-board").innerHTML = frame.board; // drawn by the server from this view only
  $("r-view").textContent = frame.view;
  $("story").replaceChildren(...frame.story.map((line) => element("li", line)));
  $("r-legend").replaceChildren(...frame.legend.map((line) => element("li", line)));
  const total = shown.kind === "record" ? `/${frame.moves}` : "";
  $("counter").textContent = `move ${frame.move}${total}`;
  if (shown.kind === "record") Object.assign($("scrub"), { max: frame.moves, value: frame.move });
  document.body.dataset.move = String(frame.move);
  document.body.classList.toggle("ended", atEnd());
  for (const id of ["next", "last"]) $(id).disabled = atEnd();
  for (const id of ["first", "back"]) $(id).disabled = frame.move === 0;
  showResult(frame);
}

function showResult(frame) {
  const result = frame.result;
  $("r-result").hidden = !result;
  if (!result) return;
  $("r-scores").tBodies[0].replaceChildren(
    ...frame.players.map((p) => {
      const row = element("tr");
      row.append(
        element("td", p.label),
        element("td", p.name),
        element("td", String(result.scores[p.seat])),
        element("td", result.winners.includes(p.seat) ? "winner" : ""),
      );
      return row;
    }),
  );
  const nobody = result.winners.length ? "" : " No player won.";
  $("r-seed").textContent = `seed ${result.seed}: it deals the game again.${nobody}`;
  $("r-replay").hidden = !frame.replay;
  if (frame.replay) $("r-replay").href = `#record/${frame.replay}`;
}

// ----- the review of a finished game ------------------------------------------
async function openReview(id) {
  stop();
  only("review");
  review = await busy("Playing your game again...", () => api("GET", `/api/games/${id}/review`));
  if (!review) return;
  $("phase").textContent = `${review.title}: the review of your decisions`;
  $("v-seats").textContent = review.players
    .map((p) => `${p.label}: ${p.you ? `you (${p.name})` : p.name}`)
    .join(" \u00b7 ");
  fillSelect(
    $("decision"),
    review.decisions.map((d) => d.index),
    0,
    (i) => `${i + 1}. ${review.decisions[i].phase}: ${review.decisions[i].played}`,
  );
  fillSelect($("agent"), review.agents, review.agents[0]);
  await showDecision();
}

async function showDecision() {
  if (!review.decisions.length) return;
  const n = Number($("decision").value);
  const agent = encodeURIComponent($("agent").value);
  const path = `/api/games/${review.id}/review/${n}?agent=${agent}`;
  const ticket = ++asked;
  const d = await busy("The agent is thinking...", () => api("GET", path));
  if (!d || ticket !== asked) return;
  $("v-board").innerHTML = d.board; // drawn by the server from your seat's view
  $("v-view").textContent = d.view;
  $("v-log").replaceChildren(...d.log.map((line) => element("li", line)));
  $("v-agent").textContent = d.agent.spec;
  $("v-played").textContent = d.played.text;
  $("v-move").textContent = d.agent.text + (d.agent.action === d.played.action ? " (the same)" : "");
  $("v-choices").replaceChildren(
    ...d.choices.map((c) => {
      const marks = [c.action === d.played.action ? "yours" : "", c.action === d.agent.action ? "agent" : ""];
      const li = element("li", c.text + (c.detail ? ` (${c.detail})` : ""), marks.join(" ").trim());
      return li;
    }),
  );
  const probabilities = d.agent.probabilities;
  $("v-probabilities").hidden = !probabilities;
  $("v-probabilities").tBodies[0].replaceChildren(
    ...(probabilities || []).map((p) => {
      const row = element("tr");
      row.append(element("td", p.text), element("td", `${(100 * p.p).toFixed(1)}%`));
      return row;
    }),
  );
  const value = d.agent.value;
  $("v-value").hidden = value === null;
  if (value !== null) $("v-value").textContent = `its critic's value of your position: ${value.toFixed(3)}`;
  document.body.dataset.decision = String(n);
}

function stepDecision(by) {
  const select = $("decision");
  const n = Number(select.value) + by;
  if (n < 0 || n >= review.decisions.length) return;
  select.value = String(n);
  showDecision();
}

// ----- the page's address says what it shows -----------------------------------
function route() {
  const [kind, id] = location.hash.slice(1).split("/");
  if (kind === "record" && id) openPlayer("record", id);
  else if (kind === "watch" && id) openPlayer("watch", id);
  else if (kind === "review" && id) openReview(id);
  else showShelf();
}

async function main() {
  $("watch-form").addEventListener("submit", watch);
  $("w-env").addEventListener("change", onEnv);
  $("w-players").addEventListener("change", onPlayers);
  $("first").addEventListener("click", () => move(() => goTo(0)));
  $("back").addEventListener("click", () => move(() => goTo(Math.max(0, shown.frame.move - 1))));
  $("next").addEventListener("click", () => move(forward));
  $("last").addEventListener("click", () => move(() => goTo(shown.frame.moves)));
  $("scrub").addEventListener("change", () => move(() => goTo(Number($("scrub").value))));
  $("play").addEventListener("click", play);
  $("viewer").addEventListener("change", () =>
    move(() => (shown.kind === "record" ? goTo(shown.frame.move) : api("GET", framePath("watch", shown.id)).then(showFrame))),
  );
  $("decision").addEventListener("change", showDecision);
  $("agent").addEventListener("change", showDecision);
  $("v-back").addEventListener("click", () => stepDecision(-1));
  $("v-next").addEventListener("click", () => stepDecision(1));
  window.addEventListener("hashchange", route);
  envs = (await busy("", () => api("GET", "/api/envs"))) || [];
  if (envs.length) {
    fillSelect($("w-env"), envs.map((e) => e.env), envs[0].env, (v) => envs.find((e) => e.env === v).title);
    onEnv();
  }
  route();
}

main();
