// The game page's board is a window onto the picture the server draws: the
// picture opens at the largest of three sizes, the whole board in the window, its
// smallest type at READABLE pixels and most of its places (the squares, where a
// board has them) FINGER pixels across, so that no board is drawn too small to
// read or to tap; the zoom buttons change it (never below the whole board), the
// size chosen stays for the rest of the game, and the window pans by scrolling,
// a finger, or dragging with the mouse. Loaded before app.js, which calls
// drawBoard, showLit and zoomBoard.
"use strict";

//: the smallest type of the board, in CSS pixels, at the size a game opens at
const READABLE = 12;
//: the size of most of the board's places, in CSS pixels, at the size a game opens at
const FINGER = 24;
//: how much one press of a zoom button scales the board
const ZOOM_STEP = 1.25;
//: the most the board is zoomed, as a multiple of its opening size
const MOST_ZOOM = 3;

// choice: null (the opening size), "fit" (the whole board) or a scale chosen
const zoom = { env: null, choice: null };

function pictureSize(svg) {
  const box = svg.viewBox.baseVal;
  return [box.width, box.height];
}

// The scale at which the whole picture fits the window's width and greatest height.
function fitScale(box, svg) {
  const [w, h] = pictureSize(svg);
  const tallest = parseFloat(getComputedStyle(box).maxHeight) || h;
  return Math.min(box.offsetWidth / w, tallest / h);
}

// The scale at which the picture's smallest type is READABLE pixels.
function readableScale(svg) {
  const sizes = [...svg.querySelectorAll("text")].map((t) => Number(t.getAttribute("font-size")));
  const smallest = Math.min(...sizes.filter((s) => s > 0));
  return Number.isFinite(smallest) ? READABLE / smallest : 0;
}

// The scale at which the median place (the squares, where a board has them) is
// FINGER pixels across.
function fingerScale(svg) {
  const sides = [...svg.querySelectorAll("rect.place")]
    .map((r) => Math.min(r.width.baseVal.value, r.height.baseVal.value))
    .sort((a, b) => a - b);
  return sides.length ? FINGER / sides[Math.floor(sides.length / 2)] : 0;
}

function openingScale(svg) {
  return Math.max(readableScale(svg), fingerScale(svg));
}

function boardScale(box, svg) {
  const fit = fitScale(box, svg);
  if (zoom.choice === "fit") return fit;
  return Math.max(fit, zoom.choice === null ? openingScale(svg) : zoom.choice);
}

function sizeBoard(box) {
  const svg = box.querySelector("svg");
  if (!svg) return;
  const [w, h] = pictureSize(svg);
  const fit = fitScale(box, svg);
  const scale = boardScale(box, svg);
  const round = scale > fit ? Math.ceil : Math.floor; // the whole board: not a pixel more
  svg.style.width = `${round(w * scale)}px`;
  svg.style.height = `${round(h * scale)}px`;
  const over = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
  box.classList.toggle("pannable", over);
}

// Put a newly drawn board in the window, at the game's zoom and where it was panned.
function drawBoard(box, svg, env) {
  if (zoom.env !== env) Object.assign(zoom, { env, choice: null });
  const { scrollLeft, scrollTop } = box;
  box.innerHTML = svg; // drawn by the server from this seat's view
  sizeBoard(box);
  Object.assign(box, { scrollLeft, scrollTop });
}

// Zoom by ``factor`` (above 1: in; 0: the whole board), keeping the middle of the
// window where it was.
function zoomBoard(box, factor) {
  const svg = box.querySelector("svg");
  if (!svg) return;
  const before = boardScale(box, svg);
  const fit = fitScale(box, svg);
  const most = MOST_ZOOM * Math.max(fit, openingScale(svg));
  const next = Math.min(before * factor, most);
  zoom.choice = next <= fit ? "fit" : next;
  const middle = [box.scrollLeft + box.clientWidth / 2, box.scrollTop + box.clientHeight / 2];
  sizeBoard(box);
  const ratio = boardScale(box, svg) / before;
  box.scrollLeft = middle[0] * ratio - box.clientWidth / 2;
  box.scrollTop = middle[1] * ratio - box.clientHeight / 2;
}

// Where no lit place is wholly in the window, pan to them (to the first, where they
// do not fit in it together).
function showLit(box) {
  const lit = [...box.querySelectorAll("rect.place.legal")].map((r) => r.getBoundingClientRect());
  if (!lit.length) return;
  const view = box.getBoundingClientRect();
  const right = view.left + box.clientWidth;
  const bottom = view.top + box.clientHeight;
  const seen = (b) => b.left >= view.left && b.right <= right && b.top >= view.top && b.bottom <= bottom;
  if (lit.some(seen)) return;
  const all = {
    left: Math.min(...lit.map((b) => b.left)),
    right: Math.max(...lit.map((b) => b.right)),
    top: Math.min(...lit.map((b) => b.top)),
    bottom: Math.max(...lit.map((b) => b.bottom)),
  };
  const fits = all.right - all.left <= box.clientWidth && all.bottom - all.top <= box.clientHeight;
  const aim = fits ? all : lit[0];
  box.scrollLeft += (aim.left + aim.right - view.left - right) / 2;
  box.scrollTop += (aim.top + aim.bottom - view.top - bottom) / 2;
}

// Dragging the board with the mouse pans it (a finger pans it by scrolling).
function panByDragging(box) {
  let from = null;
  box.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    if (!box.classList.contains("pannable") || event.target.closest("rect.place.legal")) return;
    from = { x: event.clientX, y: event.clientY, left: box.scrollLeft, top: box.scrollTop };
    box.setPointerCapture(event.pointerId);
    box.classList.add("panning");
  });
  box.addEventListener("pointermove", (event) => {
    if (!from) return;
    box.scrollLeft = from.left - (event.clientX - from.x);
    box.scrollTop = from.top - (event.clientY - from.y);
  });
  const stop = () => {
    from = null;
    box.classList.remove("panning");
  };
  box.addEventListener("pointerup", stop);
  box.addEventListener("pointercancel", stop);
}

function setUpZoom(box) {
  $("zoom-in").addEventListener("click", () => zoomBoard(box, ZOOM_STEP));
  $("zoom-out").addEventListener("click", () => zoomBoard(box, 1 / ZOOM_STEP));
  $("zoom-fit").addEventListener("click", () => zoomBoard(box, 0));
  window.addEventListener("resize", () => sizeBoard(box));
  panByDragging(box);
}
