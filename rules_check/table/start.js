// pnp table: the start page (the games of the folder, and a new game with what the table
// decides). Shares table.js's helpers ($, call, text, withToken); loaded after it.
"use strict";

async function startPage() {
  $("start").hidden = false;
  $("title").textContent = "";
  const data = await call("/api/games");
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
    const o = text("option", `${e.title} (${e.players[0] === e.players[1] ? e.players[0] : e.players.join("-")} players)`);
    o.value = e.game;
    $("new-game").append(o);
  }
  $("new").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("new-error").textContent = "";
    const players = $("new-players").value.split(",").map((s) => s.trim()).filter(Boolean);
    try {
      const made = await call("/api/new", {game: $("new-game").value, players, name: $("new-name").value});
      location.href = withToken(`/games/${encodeURIComponent(made.name)}`);
    } catch (err) { $("new-error").textContent = err.message; }
  });
  document.body.dataset.ready = "true";
}

