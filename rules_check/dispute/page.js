// The dispute report: select an entry (click, arrow keys, #entry-N) to draw its table, labelled
// as --state labels it, with what the entry names and changed outlined (page.py's data);
// printed, each chosen entry's table is written out as text on a page of its own.
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
    var items = list.querySelectorAll("li.entry");
    var current = -1;

    var showAfter = !!data.all;  // with --all the table after the entry, as --state N gives it

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

    function which(step) {  // "before" or "after": the table of the step that is drawn
      if (!step.before) { return "after"; }
      return showAfter && step.table === "after" ? "after" : "before";
    }

    function colourOf(player) {
      var c = (data.colours || {})[player];
      return c && /^#[0-9a-f]{3,8}$/i.test(c) ? c : null;
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
          var c = colourOf(p);
          return '<span data-player="' + esc(p) + '"' + (c ? ' style="border-bottom-color:' + c + '"' : "") +
            "><b>" + esc(p) + "</b> " + esc(scores[p]) + "</span>";
        }).join(" ") + "</span>");
      }
      return out.join("");
    }

    function rulings(v) {
      return (v.rulings || []).map(function (r) {
        return '<blockquote class="ruling" data-ruling="' + esc(r[0]) + '"><b>Ruling ' + esc(r[0]) + ".</b> " +
          esc(r[1]) + "</blockquote>";
      }).join("");
    }

    function broken(step) {
      if (!step.violations || !step.violations.length) { return ""; }
      var out = step.violations.map(function (v) {
        return '<div class="violation"><span class="rule">[' + esc(v.rule) + "]</span> " + esc(v.message) +
          (v.outcome ? " <i>(" + esc(v.outcome) + ")</i>" : "") + "</div>" + rulings(v);
      });
      if (step.legal) {
        if (step.legal.length) {
          out.push('<div>The rules allowed instead (' + (step.legal.length + (step.more || 0)) + "):</div>" +
            '<ol class="legal" tabindex="0" aria-label="the moves the rules allowed">' +  // scrolls: by keyboard too
            step.legal.map(function (m) { return "<li><code>" + esc(m) + "</code></li>"; })
              .join("") + (step.more ? "<li>and " + step.more + " more</li>" : "") + "</ol>");
        } else {
          out.push('<div class="none">No move was legal at this point.</div>');
        }
      }
      if (step.before && step.table === "after") {  // --all: the entry was applied as written (or skipped)
        out.push('<label class="keys no-print"><input type="checkbox" id="show-after"' + (showAfter ? " checked" : "") +
          "> show the table after this entry (" + esc(step.violations[0].outcome || "applied") +
          (changes(step) ? "" : ": the same table") + ")</label>");
      }
      if (step.before) {
        out.push('<div class="keys" id="which">The table below: ' + esc(step.labels[which(step)].charAt(0)
          .toLowerCase() + step.labels[which(step)].slice(1)) + ".</div>");
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
        var c = g.owner ? colourOf(g.owner) : null;
        return '<div class="group"' + (g.owner ? ' data-owner="' + esc(g.owner) + '"><h3' +
          (c ? ' style="border-left-color:' + c + '"' : "") + ">" + esc(g.owner) + "</h3>" : ">") +
          '<div class="panels">' + g.items.join("") + "</div></div>";
      }).join("");
    }

    function render(i) {
      var step = steps[i];
      var side = which(step);
      var drawn = side === "before" ? step.before : step.panels;
      var html = "", stale = false, where = step.labels[side], own = true;
      if (!drawn) {
        var k = lastDrawn(i);
        stale = true;
        own = false;
        var shown = k >= 0 ? steps[k].labels[steps[k].table === "before" ? "before" : "after"] : "";
        where = shown || "No table: the replay has none to show";
        if (step.violations && step.violations.length) {  // the violation itself: checked, but no table of its own
          html += '<div class="notice">' + (step.n === 0 ? "The setup breaks a rule: the replay has no table for it." :
            "This entry breaks a rule (below); the replay stopped there and has no table for it.") +
            (k >= 0 ? " The table shown is " + esc(shown.charAt(0).toLowerCase() + shown.slice(1)) + "." : "") +
            "</div>";
        } else {
          html += '<div class="notice">' + esc(data.stopped) + (k >= 0 ? " The table shown is " +
            esc(shown.charAt(0).toLowerCase() + shown.slice(1)) + "." : "") + "</div>";
        }
        drawn = k >= 0 ? (steps[k].table === "before" ? steps[k].before : steps[k].panels) : [];
      }
      var marks = own && ((side === "after" && step.changed && step.changed.length) ||
                          (step.targets && step.targets.length));
      if (marks) {
        html += '<p class="marks-key">' + (side === "after" && step.changed.length ?
          '<span class="changed-key">what the entry changed</span> ' : "") +
          (step.targets.length ? '<span class="target-key">what the entry names</span>' : "") + "</p>";
      }
      return {where: where, head: head(stale ? steps[lastDrawn(i)] || step : step),
              body: broken(step) + html + panels(drawn || []), stale: stale,
              changed: own && side === "after" ? step.changed || [] : [], targets: own ? step.targets || [] : []};
    }

    function mark(container, r) {  // the cards the entry names and those that arrived or moved, outlined
      var svgs = container.querySelectorAll("svg.panel");
      r.changed.forEach(function (c) {
        for (var k = 0; k < svgs.length; k++) {
          if (svgs[k].getAttribute("data-panel") !== c[0]) { continue; }
          if (c[1] === -4) {  // a space whose note changed (page.py)
            var space = svgs[k].querySelector('.slot[data-index="' + Number(c[2]) + '"]');
            if (space) { space.classList.add("changed"); }
            continue;
          }
          if (c[1] === -2 || c[1] === -3) {  // a marker that moved, a counter whose value changed (page.py)
            Array.prototype.forEach.call(svgs[k].querySelectorAll(c[1] === -2 ? ".marker" : ".value"), function (e) {
              if (e.getAttribute("data-label") === c[2]) { e.classList.add("changed"); }
            });
            continue;
          }
          var scope = c[1] >= 0 ? svgs[k].querySelector('.slot[data-index="' + Number(c[1]) + '"]') : svgs[k];
          var cards = scope ? scope.querySelectorAll("[data-card]") : [];
          for (var j = 0; j < cards.length; j++) {
            if (cards[j].getAttribute("data-card") === c[2]) { cards[j].classList.add("changed"); }
          }
        }
      });
      if (r.targets.length) {
        Array.prototype.forEach.call(container.querySelectorAll("[data-card]"), function (card) {
          if (r.targets.indexOf(card.getAttribute("data-card")) >= 0) { card.classList.add("target"); }
        });
      }
    }

    function select(i, fromHash) {
      if (i < 0 || i >= steps.length || i === current) { return; }
      var focused = current >= 0 && document.activeElement === items[current].querySelector("a");
      if (current >= 0) {
        items[current].classList.remove("selected");
        items[current].removeAttribute("aria-current");
        items[current].querySelector("a").setAttribute("tabindex", "-1");
      }
      current = i;
      var li = items[i];
      li.classList.add("selected");
      li.setAttribute("aria-current", "true");
      li.querySelector("a").setAttribute("tabindex", "0");  // one tab stop in the list: the selected entry
      if (focused) { li.querySelector("a").focus({preventScroll: true}); }
      var r = render(i);
      document.getElementById("where").textContent = r.where;
      document.getElementById("head").innerHTML = r.head;
      var table = document.getElementById("board");
      table.innerHTML = r.body;
      mark(table, r);
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
      var li = event.target.closest("li.entry");
      if (!li) { return; }
      event.preventDefault();
      select(Array.prototype.indexOf.call(items, li));
    });
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) { return; }
      var t = event.target;  // the table pane scrolls by its own keys; a dialog or a field keeps them
      if (t && t.closest && (t.closest("dialog") || t.closest("#table") || /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(t.tagName))) {
        return;
      }
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

    // Printed, the table is text in columns, read from its pictures' DOM (svg.py's data-*
    // attributes): every name whole, at 7 pt or more, one entry to an A4 page where a picture
    // at a readable size would take five.
    function asText(board) {
      function cardText(c) {
        var t = esc(c.getAttribute("data-card")) + (c.getAttribute("data-mark") ? " <i>(" +
          esc(c.getAttribute("data-mark")) + ")</i>" : "") + (c.getAttribute("data-note") ? " [" +
          esc(c.getAttribute("data-note")) + "]" : "");
        var cls = (c.classList.contains("changed") ? " changed" : "") + (c.classList.contains("target") ? " target" : "");
        return cls ? '<span class="' + cls.trim() + '">' + t + "</span>" : t;
      }
      function cards(scope) {
        var out = Array.prototype.map.call(scope.querySelectorAll("[data-card]"), cardText);
        var hidden = scope.querySelector(".hidden-cards");
        if (hidden) { out.push(esc(hidden.getAttribute("data-count")) + " hidden"); }
        return out.length ? out.join(", ") : "<i>empty</i>";
      }
      function panelText(svg) {
        var lines = [], pointer = svg.querySelector("[data-pointer]");
        if (svg.classList.contains("panel-slots") || svg.classList.contains("panel-ring")) {
          Array.prototype.forEach.call(svg.querySelectorAll(".slot"), function (slot) {
            var here = pointer && pointer.getAttribute("data-pointer") === slot.getAttribute("data-index");
            var note = slot.getAttribute("data-note") ? " [" + esc(slot.getAttribute("data-note")) + "]" : "";
            if (note && slot.classList.contains("changed")) { note = ' <span class="changed">' + note + "</span>"; }
            lines.push("<li>" + esc(slot.getAttribute("data-label")) + ": " + cards(slot) + note +
              (here ? " <b>◀ the hand</b>" : "") + "</li>");
          });
          var centre = svg.querySelector(".centre");
          if (centre) { lines.push("<li>" + esc(svg.querySelectorAll(".centre").length ? Array.prototype.map.call(
            svg.querySelectorAll(".centre"), function (e) { return e.textContent; }).join(" ") : "") + "</li>"); }
        } else if (svg.classList.contains("panel-track")) {
          Array.prototype.forEach.call(svg.querySelectorAll(".space[data-markers]"), function (space) {
            var t = esc(space.getAttribute("data-markers")) + " on " + esc(space.getAttribute("data-label"));
            lines.push("<li>" + (space.querySelector(".marker.changed") ? '<span class="changed">' + t + "</span>" : t) +
              "</li>");
          });
          if (!lines.length) { lines.push("<li><i>no markers</i></li>"); }
        } else if (svg.classList.contains("panel-counters")) {
          lines.push("<li>" + Array.prototype.map.call(svg.querySelectorAll(".value"), function (v) {
            var t = esc(v.getAttribute("data-label")) + " <b>" + esc(v.getAttribute("data-value")) + "</b>";
            return v.classList.contains("changed") ? '<span class="changed">' + t + "</span>" : t;
          }).join(" · ") + "</li>");
        } else {
          var stack = svg.querySelector("[data-position]") ? " <i>(top first)</i>" : "";
          lines.push("<li>" + cards(svg) + stack + "</li>");
        }
        return '<div class="ptab"><b>' + esc(svg.getAttribute("aria-label")) + "</b><ul>" + lines.join("") + "</ul></div>";
      }
      var out = [];
      Array.prototype.forEach.call(board.childNodes, function (node) {
        if (node.nodeType !== 1) { return; }
        if (!node.classList.contains("group")) { out.push(node.outerHTML); return; }
        var owner = node.getAttribute("data-owner");
        out.push('<div class="pgroup">' + (owner ? "<h3>" + esc(owner) + "</h3>" : "") +
          Array.prototype.map.call(node.querySelectorAll("svg.panel"), panelText).join("") + "</div>");
      });
      return '<div class="print-table">' + out.join("") + "</div>";
    }

    window.addEventListener("beforeprint", function () {  // one entry a printed page (page.css @page)
      var every = document.getElementById("print-every");
      var chosen = [];
      steps.forEach(function (s, i) {
        if ((every && every.checked) || i === current || (s.violations && s.violations.length)) { chosen.push(i); }
      });
      var holder = document.getElementById("print");
      holder.innerHTML = chosen.map(function (i) {
        var r = render(i);
        var board = document.createElement("div");
        board.innerHTML = r.body;
        mark(board, r);
        return '<section data-n="' + steps[i].n + '"><h2>' + esc(r.where) + "</h2>" + (steps[i].n ?
          '<div class="entry-text">entry ' + steps[i].n + (steps[i].line ? ", line " + steps[i].line : "") + ": <code>" +
          esc(steps[i].text) + "</code></div>" : "") + '<div class="head">' + r.head + "</div>" + asText(board) +
          "</section>";
      }).join("");
      // each section zoomed up to fill its page: A4 landscape inside the margins (page.css), in CSS
      // pixels; the first shares its page with the header
      var PAGE_W = 1046, PAGE_H = 706, HEADER = 50;
      holder.style.cssText = "display:block;position:absolute;left:-20000px;top:0;visibility:hidden;width:" +
        PAGE_W + "px";
      Array.prototype.forEach.call(holder.children, function (section, k) {
        var room = k === 0 ? PAGE_H - HEADER : PAGE_H;
        var fits = 1, over = 2;  // the largest zoom in [1, 2] that fits, by halves
        if (section.getBoundingClientRect().height > room) { return; }  // runs onto the next page as it is
        for (var step = 0; step < 6; step++) {
          var zoom = (fits + over) / 2;
          section.style.zoom = zoom.toFixed(3);
          if (section.getBoundingClientRect().height <= room) { fits = zoom; } else { over = zoom; }
        }
        section.style.zoom = fits === 1 ? "" : fits.toFixed(3);
      });
      holder.style.cssText = "";
    });

    document.documentElement.style.setProperty("--head", document.querySelector("header").offsetHeight + "px");
    if (!fromHash()) { select(data.start, true); }
    document.body.setAttribute("data-ready", "true");
  }
})();
