// The dispute report: select an entry (click, arrow keys, #entry-N) to draw the table after it.
(function () {
  "use strict";
  function unpack(text) {  // the data: JSON, gzipped, in base64 (page.py)
    var bin = atob(text.trim()), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) { bytes[i] = bin.charCodeAt(i); }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }
  unpack(document.getElementById("report-data").textContent).then(start, function (error) {
    document.getElementById("board").textContent = "This browser cannot read the page's data (" + error + ").";
  });

  function start(data) {
    var steps = data.steps, fragments = data.fragments;
    var list = document.getElementById("entries");
    var items = list.querySelectorAll("li");
    var current = -1;
    var showAfter = false;

    function changes(step) {  // whether the entry changed the table (--all applies some as written)
      return !!(step.before && step.panels && step.before.join() !== step.panels.join());
    }

    function esc(text) {
      return String(text).replace(/[&<>"']/g, function (c) {
        return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c];
      });
    }

    function lastDrawn(i) {  // the nearest step at or before i that has a table
      for (var k = i; k >= 0; k--) { if (steps[k].panels) { return k; } }
      return -1;
    }

    function where(step) {
      if (step.n === 0) { return "After the setup"; }
      return "After entry " + step.n + (step.line ? " (line " + step.line + ")" : "");
    }

    function head(step) {
      var h = step.head || {}, out = [];
      if (h.phase) { out.push("<span>phase: <b>" + esc(h.phase) + "</b></span>"); }
      if (h.active) { out.push("<span>to act: <b>" + esc(h.active) + "</b></span>"); }
      (h.facts || []).forEach(function (f) {
        out.push("<span>" + esc(f[0]) + ": <b>" + esc(f[1] === null ? "–" : f[1]) + "</b></span>");
      });
      var scores = h.scores || {};
      var names = Object.keys(scores);
      if (names.length) {
        out.push('<span class="scores">scores: ' + names.map(function (p) {
          return '<span data-player="' + esc(p) + '"><b>' + esc(p) + "</b> " + esc(scores[p]) + "</span>";
        }).join(" ") + "</span>");
      }
      return out.join("");
    }

    function broken(step) {
      if (!step.violations || !step.violations.length) { return ""; }
      var out = step.violations.map(function (v) {
        return '<div class="violation"><span class="rule">[' + esc(v.rule) + "]</span> " + esc(v.message) +
          (v.outcome ? " <i>(" + esc(v.outcome) + ")</i>" : "") + "</div>";
      });
      if (step.legal) {
        if (step.legal.length) {
          out.push('<div>The rules allowed instead (' + (step.legal.length + (step.more || 0)) + "):</div>" +
            '<ol class="legal">' + step.legal.map(function (m) { return "<li><code>" + esc(m) + "</code></li>"; })
              .join("") + (step.more ? "<li>and " + step.more + " more</li>" : "") + "</ol>");
        } else {
          out.push('<div class="none">No move was legal at this point.</div>');
        }
      }
      if (step.before && changes(step)) {  // --all: the entry was applied as written; both tables can be seen
        out.push('<label class="keys"><input type="checkbox" id="show-after"' + (showAfter ? " checked" : "") +
          "> show the table after this entry (" + esc(step.violations[0].outcome || "applied") + ")</label>");
      }
      if (step.before) {
        out.push('<div class="keys" id="which">The table below is the table ' +
          (showAfter && changes(step) ? "after" : "just before") + " this entry.</div>");
      }
      return '<div class="broken" id="broken">' + out.join("") + "</div>";
    }

    function panels(indexes) {  // the shared panels, then each player's together under their name
      var groups = [], last;
      indexes.forEach(function (k) {
        var owner = data.owners[k];
        if (!groups.length || owner !== last) { groups.push({owner: owner, items: []}); last = owner; }
        groups[groups.length - 1].items.push(fragments[k]);
      });
      return groups.map(function (g) {
        return '<div class="group"' + (g.owner ? ' data-owner="' + esc(g.owner) + '"><h3>' + esc(g.owner) + "</h3>"
          : ">") + '<div class="panels">' + g.items.join("") + "</div></div>";
      }).join("");
    }

    function render(i) {
      var step = steps[i];
      var drawn = (showAfter && changes(step) ? step.panels : step.before) || step.panels;
      var html = "";
      var stale = false;
      if (!drawn) {
        var k = lastDrawn(i);
        stale = true;
        html += '<div class="notice">' + esc(data.stopped) + (k >= 0 ? " The table shown is the last one replayed (" +
          esc(where(steps[k]).toLowerCase()) + ")." : "") + "</div>";
        drawn = k >= 0 ? (steps[k].before || steps[k].panels) : [];
      }
      return {where: where(step), head: head(stale ? steps[lastDrawn(i)] || step : step),
              body: html + broken(step) + panels(drawn || []), stale: stale};
    }

    function select(i, fromHash) {
      if (i < 0 || i >= steps.length || i === current) { return; }
      if (current >= 0) { items[current].classList.remove("selected"); items[current].removeAttribute("aria-current"); }
      current = i;
      var li = items[i];
      li.classList.add("selected");
      li.setAttribute("aria-current", "true");
      var r = render(i);
      document.getElementById("where").textContent = r.where;
      document.getElementById("head").innerHTML = r.head;
      var table = document.getElementById("board");
      table.innerHTML = r.body;
      table.classList.toggle("stale", r.stale);
      document.body.setAttribute("data-selected", String(steps[i].n));
      var rect = li.getBoundingClientRect(), box = list.getBoundingClientRect();
      if (rect.top < box.top || rect.bottom > box.bottom) { li.scrollIntoView({block: "nearest"}); }
      if (!fromHash) { history.replaceState(null, "", "#entry-" + steps[i].n); }
    }

    function fromHash() {
      var m = /^#entry-(\d+)$/.exec(location.hash);
      if (!m) { return false; }
      var n = parseInt(m[1], 10);
      for (var i = 0; i < steps.length; i++) { if (steps[i].n === n) { select(i, true); return true; } }
      return false;
    }

    list.addEventListener("click", function (event) {
      var li = event.target.closest("li");
      if (!li) { return; }
      event.preventDefault();
      select(Array.prototype.indexOf.call(items, li));
    });
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) { return; }
      var k = event.key, to = null;
      if (k === "ArrowDown" || k === "ArrowRight" || k === "j") { to = current + 1; }
      else if (k === "ArrowUp" || k === "ArrowLeft" || k === "k") { to = current - 1; }
      else if (k === "Home") { to = 0; }
      else if (k === "End") { to = steps.length - 1; }
      else if (k === "n" || k === "p") {  // the next (previous) entry that breaks a rule
        var dir = k === "n" ? 1 : -1;
        for (var i = current + dir; i >= 0 && i < steps.length; i += dir) {
          if (steps[i].violations && steps[i].violations.length) { to = i; break; }
        }
      }
      if (to !== null && to >= 0 && to < steps.length) { event.preventDefault(); select(to); }
    });
    window.addEventListener("hashchange", fromHash);
    document.getElementById("board").addEventListener("change", function (event) {
      if (event.target.id !== "show-after") { return; }
      showAfter = event.target.checked;
      var i = current;
      current = -1;
      select(i, true);
    });

    window.addEventListener("beforeprint", function () {  // one entry's table per printed page
      var every = document.getElementById("print-every");
      var chosen = [];
      steps.forEach(function (s, i) {
        if ((every && every.checked) || i === current || (s.violations && s.violations.length)) { chosen.push(i); }
      });
      var holder = document.getElementById("print");
      holder.innerHTML = chosen.map(function (i) {
        var r = render(i);
        return "<section><h2>" + esc(r.where) + "</h2>" + (steps[i].n ? '<div class="entry-text">' +
          esc(steps[i].text) + "</div>" : "") + '<div class="head">' + r.head + "</div>" + r.body + "</section>";
      }).join("");
      // each section scaled to fit its page: A4 landscape inside 12 mm margins, in CSS pixels
      // (the first shares its page with the verdict)
      var PAGE_W = 1030, PAGE_H = 695;
      var header = document.querySelector("header");
      holder.style.cssText = "display:block;position:absolute;left:-20000px;top:0;visibility:hidden;width:" +
        PAGE_W + "px";
      header.style.width = PAGE_W + "px";
      var room = PAGE_H - header.querySelector(".verdict").getBoundingClientRect().bottom -
        header.getBoundingClientRect().top + 10;
      header.style.width = "";
      Array.prototype.forEach.call(holder.children, function (section, k) {
        // smaller is also wider (the panels wrap less): shrink by steps until it fits
        var fits = k === 0 ? Math.max(room, PAGE_H / 2) : PAGE_H;
        for (var zoom = 1; zoom > 0.2 && section.getBoundingClientRect().height > fits; ) {
          zoom = Math.max(0.2, zoom * Math.min(0.93, Math.sqrt(fits / section.getBoundingClientRect().height)));
          section.style.zoom = zoom.toFixed(3);
        }
      });
      holder.style.cssText = "";
    });

    document.documentElement.style.setProperty("--head", document.querySelector("header").offsetHeight + "px");
    if (!fromHash()) { select(data.start, true); }
    document.body.setAttribute("data-ready", "true");
  }
})();
