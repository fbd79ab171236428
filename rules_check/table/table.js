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

// A move is offered as a player thinks of it: its group (who, and what kind), then the move's
// head (the card played, the answer given), then, where one head has several forms (a target, a
// tribute, the cards turned up), the rest as a follow-up tap.
function said(v) {
  if (Array.isArray(v)) return v.map(said).join(", ");
  if (v && typeof v === "object") return Object.entries(v).map(([k, x]) => `${k} ${said(x)}`).join(", ");
  return String(v);
}

function headOf(m) {
  const e = m.entry;
  if (!e || typeof e !== "object" || Array.isArray(e)) return [m.text, ""];
  const keys = Object.keys(e).filter((k) => k !== "player");
  if (!keys.length) return [m.text, ""];
  const head = `${keys[0]}: ${said(e[keys[0]])}`;
  const rest = keys.slice(1).map((k) => `${k}: ${said(e[k])}`).join("; ");
  return [head, rest];
}

function moveButton(label, m) {
  const b = text("button", label, "move");
  b.type = "button";
  b.dataset.text = m.text;
  b.addEventListener("click", () => record({entry: m.entry}));
  return b;
}

function drawMoves(g) {
  const box = $("moves");
  box.replaceChildren();
  if (g.over) { box.append(text("p", "The game is over.", "hint")); return; }
  if (!g.moves.length) {
    box.append(text("p", g.moves_error || "No move is offered here: write what happened below.", "hint"));
    return;
  }
  const groups = new Map();
  for (const m of g.moves) {
    const key = (m.player ? m.player + ": " : "") + m.group;
    if (!groups.has(key)) groups.set(key, new Map());
    const [head, rest] = headOf(m);
    const heads = groups.get(key);
    if (!heads.has(head)) heads.set(head, []);
    heads.get(head).push([rest, m]);
  }
  let first = true;
  for (const [key, heads] of groups) {
    const details = document.createElement("details");
    if (first || groups.size <= 3) details.open = true;
    first = false;
    details.append(text("summary", `${key} (${heads.size})`));
    const list = document.createElement("div");
    list.className = "list";
    for (const [head, forms] of heads) {
      if (forms.length === 1) { list.append(moveButton(forms[0][0] ? `${head} (${forms[0][0]})` : head, forms[0][1])); continue; }
      const more = text("button", `${head} …`, "move head");
      more.type = "button";
      more.setAttribute("aria-expanded", "false");
      const sub = document.createElement("div");
      sub.className = "list forms";
      sub.hidden = true;
      for (const [rest, m] of forms) sub.append(moveButton(rest || head, m));
      more.addEventListener("click", () => {
        sub.hidden = !sub.hidden;
        more.setAttribute("aria-expanded", String(!sub.hidden));
      });
      list.append(more, sub);
    }
    details.append(list);
    box.append(details);
  }
}

function drawEntries(g) {
  const list = $("entries");
  list.replaceChildren();
  if (g.setup_violation) {
    const li = text("li", "setup", "violation");
    li.append(text("span", `[${g.setup_violation.rule}] ${g.setup_violation.message}`, "rule"));
    list.append(li);
  }
  for (const e of g.entries) {
    const li = text("li", e.text, e.violation ? "violation" : "");
    li.id = `entry-${e.number}`;
    li.value = e.number;
    if (e.violation) li.append(text("span", `[${e.violation.rule}] ${e.violation.message}`, "rule"));
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;  // the list scrolls, not the page: the moves stay in view
}

function drawPanels(g) {
  const box = $("panels");
  box.replaceChildren();
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

async function record(body) {
  $("error").textContent = "";
  try { await load(`/api/games/${encodeURIComponent(GAME)}/entries`, body); }
  catch (err) { $("error").textContent = err.message; }
}

function gamePage() {
  $("record").hidden = false;
  $("other").addEventListener("submit", (ev) => {
    ev.preventDefault();
    record({text: $("other-text").value}).then(() => { if (!$("error").textContent) $("other-text").value = ""; });
  });
  $("undo").addEventListener("click", async () => {
    $("error").textContent = "";
    try { await load(`/api/games/${encodeURIComponent(GAME)}/undo`, {}); }
    catch (err) { $("error").textContent = err.message; }
  });
  const events = new EventSource(withToken(`/api/games/${encodeURIComponent(GAME)}/events`));
  events.addEventListener("changed", (ev) => { if (Number(ev.data) !== shown) refresh(); });
  refresh();
}

document.body.dataset.game = GAME;
if (GAME) gamePage(); else startPage().catch((err) => { $("new-error").textContent = err.message; });
