// pnp table: the start page (the games of the folder, and a new game with what the table
// decides). Shares table.js's helpers ($, call, text, withToken); loaded after it.
// The questions come from the server (/api/setup/GAME?players=...): each game's table_setup.py.
// Every text from them is set with textContent, never as markup.
"use strict";

let asked = null;  // {game, players, questions} of the form shown
const cardLists = new Map();  // datalist id of a question's options

function startPlayers() {
  return $("new-players").value.split(",").map((s) => s.trim()).filter(Boolean);
}

function optionLabel(q, o) {
  return (q.labels && q.labels[o]) || o;
}

function fieldId(q, i) {
  return `q-${asked.questions.indexOf(q)}${i === undefined ? "" : "-" + i}`;
}

function select(q, id, value) {
  const s = document.createElement("select");
  s.id = id;
  if (value === undefined || value === null) {
    const none = text("option", "choose...");
    none.value = "";
    s.append(none);
  }
  for (const o of q.options) {
    const opt = text("option", optionLabel(q, o));
    opt.value = o;
    s.append(opt);
  }
  if (value !== undefined && value !== null) s.value = value;
  return s;
}

function datalistFor(q) {
  const id = `list-${asked.questions.indexOf(q)}`;
  if (!cardLists.has(id)) {
    const list = document.createElement("datalist");
    list.id = id;
    for (const o of q.options) {
      const opt = document.createElement("option");
      opt.value = o;
      list.append(opt);
    }
    $("setup-lists").append(list);
    cardLists.set(id, list);
  }
  return cardLists.get(id).id;
}

function labelled(content, input) {
  const label = text("label", content);
  label.append(input);
  return label;
}

// One question as a fieldset: its legend, its inputs, its help (the rulebook's section), its error.
function questionField(q) {
  const box = document.createElement("fieldset");
  box.className = "question";
  box.dataset.key = q.key;
  box.append(text("legend", q.label));
  const body = document.createElement("div");
  body.className = `answer ${q.kind}`;
  if (q.kind === "choice") {
    body.append(select(q, fieldId(q), q.default));
  } else if (q.kind === "choices") {
    q.options.forEach((o, i) => {
      const c = document.createElement("input");
      c.type = "checkbox";
      c.id = fieldId(q, i);
      c.value = o;
      const l = document.createElement("label");
      l.className = "check";
      l.append(c, document.createTextNode(" " + optionLabel(q, o)));
      body.append(l);
    });
  } else if (q.kind === "cards") {
    const list = datalistFor(q);
    for (let i = 0; i < q.count; i++) {
      const input = document.createElement("input");
      input.id = fieldId(q, i);
      input.setAttribute("list", list);
      input.autocomplete = "off";
      input.placeholder = "type to search the cards";
      body.append(labelled(`${i + 1}. ${q.slots[i] || ""}`, input));
    }
  } else if (q.kind === "per_player") {
    q.players.forEach((p, i) => body.append(labelled(p, select(q, fieldId(q, i), q.default))));
  } else if (q.kind === "number") {
    const n = document.createElement("input");
    n.type = "number";
    n.inputMode = "numeric";
    n.id = fieldId(q);
    if (q.minimum !== null) n.min = q.minimum;
    if (q.maximum !== null) n.max = q.maximum;
    if (q.default !== null) n.value = q.default;
    body.append(n);
  } else if (q.kind === "decklist") {
    const area = document.createElement("textarea");
    area.id = fieldId(q);
    area.rows = 8;
    area.spellcheck = false;
    area.placeholder = "1 Oppress\n1 Incinerate\n...";
    area.addEventListener("change", () => checkDeck(q, area));
    body.append(area);
    const checked = document.createElement("ul");
    checked.className = "deck-check";
    checked.id = fieldId(q) + "-check";
    checked.setAttribute("aria-live", "polite");
    body.append(checked);
  }
  box.append(body);
  for (const el of body.querySelectorAll(":scope > select, :scope > input, :scope > textarea")) el.setAttribute("aria-label", q.label);
  if (q.help) box.append(text("p", q.help, "hint"));
  const error = text("p", "", "error");
  error.id = fieldId(q) + "-error";
  error.setAttribute("role", "alert");
  box.append(error);
  return box;
}

// A decklist as pnp check deck checks it, shown beside it as it is pasted.
async function checkDeck(q, area) {
  const out = $(fieldId(q) + "-check");
  out.replaceChildren();
  if (!area.value.trim()) return;
  try {
    const r = await ask("/api/deck", {text: area.value});
    if (!r.errors.length) out.append(text("li", `legal: ${r.cards} cards`, "good"));
    for (const e of r.errors) out.append(text("li", e, "error"));
    for (const w of r.warnings) out.append(text("li", w, "hint"));
    if (r.player && q.player && r.player !== q.player) out.append(text("li", `this list names its player ${r.player}, not ${q.player}`, "hint"));
  } catch (err) { out.append(text("li", err.message, "error")); }
}

function answerOf(q) {
  const v = (i) => $(fieldId(q, i)).value;
  if (q.kind === "choice" || q.kind === "decklist") return v() || null;
  if (q.kind === "number") return v() === "" ? null : Number(v());
  if (q.kind === "choices") return q.options.filter((o, i) => $(fieldId(q, i)).checked);
  if (q.kind === "cards") return Array.from({length: q.count}, (_, i) => v(i).trim());
  if (q.kind === "per_player") {
    const out = {};
    q.players.forEach((p, i) => { out[p] = v(i) || null; });
    return out;
  }
  return null;
}

function setAnswer(q, value) {
  if (value === undefined || value === null) return;
  const set = (i, x) => { $(fieldId(q, i)).value = x; };
  if (q.kind === "choice" || q.kind === "number") set(undefined, value);
  else if (q.kind === "decklist") { set(undefined, value); checkDeck(q, $(fieldId(q))); }
  else if (q.kind === "choices") q.options.forEach((o, i) => { $(fieldId(q, i)).checked = value.includes(o); });
  else if (q.kind === "cards") value.forEach((x, i) => set(i, x));
  else if (q.kind === "per_player") q.players.forEach((p, i) => set(i, value[p]));
}

function isShown(q, answers) {
  return Object.entries(q.when || {}).every(([key, values]) => values.includes(answers[key]));
}

// The answers given so far, only those of the questions shown (an answer left empty is left out).
function answers() {
  const all = {};
  for (const q of asked.questions) all[q.key] = answerOf(q);
  const out = {};
  for (const q of asked.questions) {
    if (!isShown(q, all)) continue;
    const a = all[q.key];
    const empty = a === null || a === "" || (q.kind === "cards" && a.every((x) => !x))
      || (q.kind === "per_player" && Object.values(a).every((x) => !x));
    if (!empty) out[q.key] = a;
  }
  return out;
}

function showWhen() {
  const all = {};
  for (const q of asked.questions) all[q.key] = answerOf(q);
  for (const box of $("setup-questions").children) {
    const q = asked.questions.find((x) => x.key === box.dataset.key);
    box.hidden = !isShown(q, all);
  }
}

function clearErrors() {
  $("new-error").textContent = "";
  for (const el of $("setup-questions").querySelectorAll(".question > .error")) el.textContent = "";
}

async function loadQuestions() {
  const game = $("new-game").value;
  const players = startPlayers();
  clearErrors();
  if (!players.length) { asked = null; $("setup-questions").replaceChildren(); return; }
  if (asked && asked.game === game && asked.players.join("\n") === players.join("\n")) return;
  let data;
  try {
    data = await ask(`/api/setup/${encodeURIComponent(game)}?players=${encodeURIComponent(players.join(","))}`);
  } catch (err) {  // not this game's number of players, a name refused: no questions of another game stay
    if (!asked || asked.game !== game) { asked = null; $("setup-questions").replaceChildren(); $("setup").hidden = true; }
    throw err;
  }
  const kept = asked && asked.game === game ? answers() : {};  // a player added: the answers stay
  asked = data;
  cardLists.clear();
  $("setup-lists").replaceChildren();
  const boxes = data.questions.map(questionField);
  $("setup-questions").replaceChildren(...boxes);
  for (const q of data.questions) {
    const a = kept[q.key];
    if (a === undefined || (q.kind === "cards" && a.length !== q.count)) continue;
    if (q.kind === "per_player") setAnswer(q, Object.fromEntries(q.players.map((p) => [p, a[p] || ""])));
    else if (q.kind === "choice" && !q.options.includes(a)) continue;
    else setAnswer(q, a);
  }
  $("setup-none").hidden = data.questions.length > 0;
  $("setup").hidden = false;
  showWhen();
}

function showError(err) {
  const each = err.answers || (err.question ? {[err.question]: err.message} : {});
  let first = null;
  for (const [key, message] of Object.entries(each)) {
    const q = asked && asked.questions.find((x) => x.key === key);
    if (!q) continue;
    $(fieldId(q) + "-error").textContent = message;
    first = first || q;
  }
  if (first) document.querySelector(`.question[data-key="${CSS.escape(first.key)}"]`).scrollIntoView({block: "center"});
  $("new-error").textContent = err.message;
}

async function fillAtRandom() {
  clearErrors();
  try {
    await loadQuestions();
    if (!asked) throw new Error("name the players first, in seating order");
    const r = await ask(`/api/setup/${encodeURIComponent(asked.game)}/random`,
                         {players: asked.players, answers: answers()});
    const given = answers();
    for (const q of asked.questions) if (!(q.key in given)) setAnswer(q, r.answers[q.key]);
    showWhen();
    $("new-random-note").textContent = "The empty answers were drawn at random: check them against the table before you start.";
  } catch (err) { showError(err); }
}

async function startGame(ev) {
  ev.preventDefault();
  clearErrors();
  try {
    await loadQuestions();
    const made = await ask("/api/new", {game: $("new-game").value, players: startPlayers(),
                                         name: $("new-name").value, answers: answers()});
    location.href = withToken(`/games/${encodeURIComponent(made.name)}`);
  } catch (err) { showError(err); }
}

// table.js's call(), keeping the question a refused answer names (the page shows the message beside it).
async function ask(url, body) {
  const response = await fetch(withToken(url), body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await response.json().catch(() => ({error: "the server did not answer with JSON"}));
  if (!response.ok) {
    const err = new Error(data.error || response.statusText);
    err.question = data.question;
    err.answers = data.answers;
    throw err;
  }
  return data;
}

async function startPage() {
  $("start").hidden = false;
  $("title").textContent = "";
  const data = await ask("/api/games");
  const games = $("games");
  for (const g of data.games) {
    const li = document.createElement("li");
    const a = text("a", g.name);
    a.href = withToken(`/games/${encodeURIComponent(g.name)}`);
    li.append(a);
    games.append(li);
  }
  if (!data.games.length) games.append(text("li", "none yet", "hint"));
  for (const e of data.engines) {
    const count = e.players[0] === e.players[1] ? `${e.players[0]} player${e.players[0] === 1 ? "" : "s"}`
      : `${e.players.join("-")} players`;
    const o = text("option", `${e.title} (${count})`);
    o.value = e.game;
    $("new-game").append(o);
  }
  const reload = () => loadQuestions().catch(showError);
  $("new-game").addEventListener("change", reload);
  $("new-players").addEventListener("change", reload);
  $("setup-questions").addEventListener("change", showWhen);
  $("new-random").addEventListener("click", fillAtRandom);
  $("new").addEventListener("submit", startGame);
  document.body.dataset.ready = "true";
}
