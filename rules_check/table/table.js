// pnp table: the page that records a game at the table (rules_check/table/server.py).
// Everything from the log (names, entries, messages) is written as text, never as markup; the
// table's pictures are SVG drawn and escaped by the server (rules_check/dispute/svg.py).
"use strict";

const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.search).get("token");
const withToken = (url) => token ? url + (url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token) : url;
let shown = -1;

async function call(url, body) {
  const response = await fetch(withToken(url), body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await response.json().catch(() => ({error: "the server did not answer with JSON"}));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function text(tag, content, cls) {
  const el = document.createElement(tag);
  el.textContent = content;
  if (cls) el.className = cls;
  return el;
}

function verdictLine(g) {
  const scores = Object.entries(g.scores || {}).map(([p, s]) => `${p} ${s}`).join(", ");
  const bad = g.entries.filter((e) => e.violation).length + (g.setup_violation ? 1 : 0);
  let head;
  if (bad) head = `ILLEGAL: ${bad} violation${bad > 1 ? "s" : ""}`;
  else if (g.complete) head = "legal, complete";
  else head = "legal so far";
  let winner = "";
  if (g.complete && !bad) {
    const w = Array.isArray(g.winner) ? g.winner.join(" and ") + " (tie)" : (g.winner || "none");
    winner = `; winner: ${w}`;
  }
  return `${head} · ${g.entries.length} entries · ${scores}${winner}`;
}

// A move is offered as a player thinks of it: its group (who, and what kind), then one choice at
// a time (the card played, then its target, then the tribute...), each a follow-up tap among
// the forms still possible. Where a choice is among many (a card turned up from a pile nobody
// knows the order of), it is asked as "name the card", with a filter to type in.
const MANY = 12;      // more options than this: named with a filter rather than listed
const LISTED = 40;    // the most options listed under a filter at once

function said(v) {
  if (Array.isArray(v)) return v.map(said).join(", ");
  if (v && typeof v === "object") return Object.entries(v).map(([k, x]) => `${k} ${said(x)}`).join(", ");
  return String(v);
}

function keysOf(moves) {  // in the order the fullest entry writes them (the log's own order)
  const keys = [];
  const fullest = [...moves].sort((a, b) => Object.keys(b.entry || {}).length - Object.keys(a.entry || {}).length);
  for (const m of fullest) {
    if (m.entry && typeof m.entry === "object" && !Array.isArray(m.entry)) {
      for (const k of Object.keys(m.entry)) if (k !== "player" && !keys.includes(k)) keys.push(k);
    }
  }
  return keys;
}

// the first part of the entry (in the log's key order) on which the moves still possible differ
function nextChoice(moves) {
  for (const k of keysOf(moves)) {
    const values = new Map();
    for (const m of moves) {
      const v = k in m.entry ? said(m.entry[k]) : "(none)";
      if (!values.has(v)) values.set(v, []);
      values.get(v).push(m);
    }
    if (values.size > 1) return [k, values];
  }
  return [null, null];
}

function optionButton(label, moves, key, chosen, box) {
  const b = text("button", label, "move" + (moves.length > 1 ? " head" : ""));
  b.type = "button";
  if (moves.length === 1) {
    b.dataset.text = moves[0].text;
    b.addEventListener("click", () => record({entry: moves[0].entry}));
  } else {
    b.setAttribute("aria-label", `${label}: then choose`);
    b.addEventListener("click", () => choose(box, moves, [...chosen, `${key}: ${label}`]));
  }
  return b;
}

function choose(box, moves, chosen) {
  box.replaceChildren();
  if (chosen.length) {
    const path = text("p", chosen.join(" · "), "chosen");
    const back = text("button", "back", "back");
    back.type = "button";
    back.addEventListener("click", () => { drawMoves(current); });
    path.append(" ", back);
    box.append(path);
  }
  const [key, values] = nextChoice(moves);
  const list = document.createElement("div");
  list.className = "list";
  if (key === null) {  // the same entry written two ways: one is enough
    list.append(optionButton(moves[0].text, [moves[0]], null, chosen, box));
    box.append(list);
    return;
  }
  if (values.size <= MANY) {
    box.append(text("p", `${key}?`, "question"));
    for (const [label, ms] of values) list.append(optionButton(label, ms, key, chosen, box));
    box.append(list);
    return;
  }
  // name the card seen (or pick among many): a filter over the names the rules still allow
  const label = document.createElement("label");
  label.className = "name";
  label.append(text("span", `Name the card: ${key} (${values.size} possible)`));
  const filter = document.createElement("input");
  filter.type = "search";
  filter.className = "filter";
  filter.placeholder = "type part of the name";
  filter.autocomplete = "off";
  label.append(filter);
  const show = () => {
    const want = filter.value.trim().toLowerCase();
    list.replaceChildren();
    let n = 0;
    // the name typed in full comes first, then those starting with it, then those holding it
    const rank = (name) => { const low = name.toLowerCase(); return low === want ? 0 : low.startsWith(want) ? 1 : 2; };
    const found = [...values].filter(([name]) => !want || name.toLowerCase().includes(want));
    if (want) found.sort((a, b) => rank(a[0]) - rank(b[0]));
    for (const [name, ms] of found) {
      if (n++ >= LISTED) { list.append(text("p", "… type more of the name to see the rest", "hint")); break; }
      list.append(optionButton(name, ms, key, chosen, box));
    }
    if (!n) list.append(text("p", "No card of that name can be there: check the spelling, or write what happened below.", "hint"));
  };
  filter.addEventListener("input", show);
  box.append(label, list);
  show();
}

let current = null;  // the game as last drawn

function drawMoves(g) {
  const box = $("moves");
  box.replaceChildren();
  if (g.over) {
    box.append(text("p", "The game is over. Cards shown now (a hand or a deck, to settle a score the log leaves open) "
                    + "are written below, in the log's words.", "hint"));
    return;
  }
  if (!g.moves.length) {
    box.append(text("p", g.moves_error || "No move is offered here: write what happened below.", "hint"));
    return;
  }
  if (g.moves_error) box.append(text("p", g.moves_error, "hint"));
  const groups = new Map();
  for (const m of g.moves) {
    const key = (m.player ? m.player + ": " : "") + m.group;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(m);
  }
  for (const [key, moves] of groups) {
    const details = document.createElement("details");
    details.open = groups.size <= 3;
    details.append(text("summary", `${key} (${moves.length})`));
    const inner = document.createElement("div");
    inner.className = "choice";
    details.append(inner);
    choose(inner, moves, []);
    box.append(details);
  }
}

// an entry of the log: tap it for what can be done there (a note, a branch from it)
function entryTools(e) {
  const tools = document.createElement("div");
  tools.className = "tools";
  const form = document.createElement("form");
  form.className = "note-form";
  const area = document.createElement("textarea");
  area.value = e.note || "";
  area.maxLength = 2000;
  area.rows = 2;
  area.setAttribute("aria-label", `note on entry ${e.number}`);
  const save = text("button", "save the note");
  save.type = "submit";
  form.append(area, save);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    await act(`/api/games/${encodeURIComponent(GAME)}/note`, {entry: e.number, note: area.value});
  });
  const branch = document.createElement("form");
  branch.className = "branch-form";
  const name = document.createElement("input");
  name.placeholder = "name of the new game file";
  name.setAttribute("aria-label", `branch after entry ${e.number}: file name`);
  name.required = true;
  const go = text("button", `go on from entry ${e.number} another way`);
  go.type = "submit";
  branch.append(name, go);
  branch.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("error").textContent = "";
    try {
      const made = await call(`/api/games/${encodeURIComponent(GAME)}/branch`, {after: e.number, name: name.value});
      location.href = withToken(`/games/${encodeURIComponent(made.name)}`);
    } catch (err) { $("error").textContent = err.message; }
  });
  tools.append(form, branch);
  return tools;
}

let opened = null;  // the entry whose tools are open

function drawEntries(g) {
  const list = $("entries");
  list.replaceChildren();
  if (g.setup_violation) {
    const li = text("li", "setup", "violation");
    li.append(text("span", `[${g.setup_violation.rule}] ${g.setup_violation.message}`, "rule"));
    list.append(li);
  }
  for (const e of g.entries) {
    const li = document.createElement("li");
    li.id = `entry-${e.number}`;
    li.value = e.number;
    if (e.violation) li.className = "violation";
    const head = text("button", e.text, "entry");
    head.type = "button";
    head.setAttribute("aria-expanded", String(opened === e.number));
    head.addEventListener("click", () => { opened = opened === e.number ? null : e.number; drawEntries(current); });
    li.append(head);
    if (e.violation) li.append(text("span", `[${e.violation.rule}] ${e.violation.message}`, "rule"));
    if (e.note) li.append(text("span", `note: ${e.note}`, "note"));
    if (opened === e.number) li.append(entryTools(e));
    list.append(li);
  }
  if (opened === null) list.scrollTop = list.scrollHeight;  // the list scrolls, not the page
}

function drawPanels(g) {
  const box = $("panels");
  box.replaceChildren();
  $("card-details").textContent = JSON.stringify(g.details || {});  // read by cards.js on a tap
  for (const p of g.panels) {
    const fig = document.createElement("figure");
    fig.id = `panel-${p.id}`;
    fig.setAttribute("aria-label", p.title);
    fig.innerHTML = p.svg;  // drawn and escaped by the server
    box.append(fig);
  }
}

function draw(g) {
  shown = g.version;
  current = g;
  $("title").textContent = `${g.title}: ${g.players.join(", ")}`;
  const v = $("verdict");
  v.textContent = verdictLine(g);
  v.className = g.entries.some((e) => e.violation) || g.setup_violation ? "illegal" : "legal";
  drawMoves(g);
  drawEntries(g);
  drawPanels(g);
  $("undo").disabled = !g.entries.length;
  document.body.dataset.version = String(g.version);
}

// Answers may come back out of order (a change heard while the last one is still being fetched):
// only the answer to the latest request is drawn.
// The page is ready (body[data-ready=true]) when no request is in flight: what it shows is then
// the game as the server has it.
let latest = 0;
let pending = 0;

async function load(url, body) {
  const id = ++latest;
  pending += 1;
  document.body.dataset.ready = "false";
  try {
    const g = await call(url, body);
    if (id === latest) draw(g);
    return g;
  } finally {
    pending -= 1;
    if (!pending) document.body.dataset.ready = "true";
  }
}

async function refresh() {
  try { await load(`/api/games/${encodeURIComponent(GAME)}`); }
  catch (err) { $("error").textContent = err.message; }
}

async function act(url, body) {
  $("error").textContent = "";
  try { await load(url, body); }
  catch (err) { $("error").textContent = err.message; }
}

const record = (body) => act(`/api/games/${encodeURIComponent(GAME)}/entries`, body);

function gamePage() {
  $("record").hidden = false;
  $("other").addEventListener("submit", (ev) => {
    ev.preventDefault();
    record({text: $("other-text").value}).then(() => { if (!$("error").textContent) $("other-text").value = ""; });
  });
  $("undo").addEventListener("click", () => act(`/api/games/${encodeURIComponent(GAME)}/undo`, {}));
  $("review").href = withToken(`/review/${encodeURIComponent(GAME)}`);
  const events = new EventSource(withToken(`/api/games/${encodeURIComponent(GAME)}/events`));
  events.addEventListener("changed", (ev) => { if (Number(ev.data) !== shown) refresh(); });
  refresh();
}

document.body.dataset.game = GAME;
if (GAME) gamePage(); else startPage().catch((err) => { $("new-error").textContent = err.message; });
