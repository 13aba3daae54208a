// What the browser pages share: finding and making elements, the JSON API (an
// answer that is not ok throws its error message), the error line, filling a
// select, an env's option fields and counting. Loaded before each page's own script.
"use strict";

const $ = (id) => document.getElementById(id);

function element(tag, text, className) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className) e.className = className;
  return e;
}

async function api(method, path, body) {
  const request = { method, headers: {} };
  if (body !== undefined) {
    request.headers["Content-Type"] = "application/json";
    request.body = JSON.stringify(body);
  }
  const response = await fetch(path, request);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status} ${response.statusText}`);
  return data;
}

function showError(message) {
  $("error").textContent = message;
  $("error").hidden = !message;
}

function fillSelect(select, values, chosen, label = (v) => String(v)) {
  select.replaceChildren(
    ...values.map((v) => {
      const o = element("option", label(v));
      o.value = String(v);
      o.selected = String(v) === String(chosen);
      return o;
    }),
  );
}

// An opponent spec for a datalist; a shipped policy says beside its name what
// it is worth against the heuristic (from its metadata).
function specOption(env, players, spec) {
  const o = Object.assign(element("option"), { value: spec });
  if (spec === "pretrained") o.label = env.pretrained_label[players];
  return o;
}

// An env's options as form fields in ``box`` (after its legend), in words,
// each a select of its choices or a number; ``readOptions`` reads them back.
function showOptions(box, options) {
  box.replaceChildren(box.firstElementChild);
  for (const o of options) {
    const label = element("label", `${o.label}: ${o.doc}`);
    const input = element(o.choices.length ? "select" : "input");
    if (o.choices.length) fillSelect(input, o.choices, o.default);
    else Object.assign(input, { type: "number", min: "1", value: String(o.default) });
    input.dataset.option = o.name;
    label.append(input);
    box.append(label);
  }
  box.hidden = options.length === 0;
}

function readOptions(box) {
  const options = {};
  for (const input of box.querySelectorAll("[data-option]")) {
    options[input.dataset.option] = input.type === "number" ? Number(input.value) : input.value;
  }
  return options;
}

function range(lo, hi) {
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}
