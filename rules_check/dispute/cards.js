// A card's details on a tap (or Enter / Space on a card reached by Tab): what a judge needs
// of it, in a dialog closed by its button, Escape or a tap outside it. Shared by the dispute
// report and the table app's pages: the table's SVG cards carry data-card="NAME"
// (rules_check/dispute/svg.py); the details come from <script type="application/json"
// id="card-details"> ({name: {name, kind, fields: [{label, value}], text, script, rule}}: rules_check/core/view.py CardDetail),
// read again whenever its text changes. Everything is written as text, never as markup.
(function () {
  "use strict";
  var cache = {text: null, details: {}};

  function details() {
    var holder = document.getElementById("card-details");
    var text = holder ? holder.textContent : "";
    if (text !== cache.text) {
      cache.text = text;
      try { cache.details = text.trim() ? JSON.parse(text) : {}; } catch (error) { cache.details = {}; }
    }
    return cache.details;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }

  var dialog = null, opener = null;

  function theDialog() {
    if (dialog) { return dialog; }
    dialog = el("dialog", "card-detail");
    dialog.id = "card-detail";
    dialog.setAttribute("aria-labelledby", "card-detail-name");
    dialog.addEventListener("click", function (event) {  // a tap on the backdrop closes it
      if (event.target === dialog) {
        var r = dialog.getBoundingClientRect();
        var inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top &&
          event.clientY <= r.bottom;
        if (!inside) { dialog.close(); }
      }
    });
    dialog.addEventListener("close", function () {
      if (opener && document.contains(opener)) { opener.focus(); }
    });
    document.body.appendChild(dialog);
    return dialog;
  }

  function show(card) {
    var name = card.getAttribute("data-card");
    var d = details()[name];
    var box = theDialog();
    box.textContent = "";
    var close = el("button", "close", "Close");
    close.type = "button";
    close.addEventListener("click", function () { box.close(); });
    var title = el("h2", null, d && d.name ? d.name : name);
    title.id = "card-detail-name";
    box.appendChild(title);
    if (d && d.kind) { box.appendChild(el("p", "kind", d.kind)); }
    var svg = card.closest("svg");
    var where = svg ? svg.getAttribute("aria-label") : "";
    var slot = card.closest(".slot");
    if (slot && slot.getAttribute("data-label")) { where += (where ? ", " : "") + slot.getAttribute("data-label"); }
    var here = [];
    if (where) { here.push("on the table: " + where); }
    if (card.getAttribute("data-mark")) { here.push(card.getAttribute("data-mark")); }
    if (card.getAttribute("data-note")) { here.push(card.getAttribute("data-note")); }
    if (here.length) { box.appendChild(el("p", "here", here.join(" · "))); }
    if (d) {
      if (d.fields && d.fields.length) {
        var dl = el("dl");
        d.fields.forEach(function (f) {  // {label, value} (rules_check/core/view.py Value) or [label, value]
          var label = Array.isArray(f) ? f[0] : f.label, value = Array.isArray(f) ? f[1] : f.value;
          dl.appendChild(el("dt", null, label));
          dl.appendChild(el("dd", null, value === null || value === undefined ? "–" : value));
        });
        box.appendChild(dl);
      }
      if (d.text) { box.appendChild(el("p", "text", d.text)); }
      if (d.script) {
        box.appendChild(el("div", "script-head", "What its script does:"));
        box.appendChild(el("pre", "script", d.script));
      }
      if (d.rule) { box.appendChild(el("p", "rule", "Rule: " + d.rule)); }
    } else {
      box.appendChild(el("p", "text", "No details of this card are known to the rules engine."));
    }
    box.appendChild(close);
    opener = card;
    if (typeof box.showModal === "function") { box.showModal(); } else { box.setAttribute("open", ""); }
    close.focus();
  }

  document.addEventListener("click", function (event) {
    var card = event.target.closest && event.target.closest("[data-card]");
    if (card) { event.preventDefault(); show(card); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") { return; }
    var card = document.activeElement && document.activeElement.closest &&
      document.activeElement.closest("[data-card]");
    if (card) { event.preventDefault(); event.stopPropagation(); show(card); }
  }, true);
})();
