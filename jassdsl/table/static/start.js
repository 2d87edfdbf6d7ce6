/* The start page: the chosen variant's options and seats, then the links to the seats. */
(function () {
  "use strict";
  var T = window.TABLE, W = T.words;
  function $(id) { return document.getElementById(id); }
  function el(tag, text) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function fill(template, fields) {
    return template.replace(/\{(\w+)\}/g, function (_, k) { return fields[k]; });
  }
  function source() { return $("path").value.trim() || $("variant").value; }
  var KINDS = ["person", "heuristic", "random", "search:easy", "search:medium", "search:hard"];  /* who takes a seat */
  var NAME_CHARS = T.name_chars;  /* jassdsl/table/names.py */
  /* the links this browser was given, by game: the list of the evening offers them */
  function keep(game, link, first) {
    var kept = {};
    try { kept = JSON.parse(localStorage.getItem("jassdsl.links") || "{}"); } catch (e) {}
    if (first && kept[game]) return;
    kept[game] = link;
    try { localStorage.setItem("jassdsl.links", JSON.stringify(kept)); } catch (e) {}
  }
  window.keepLink = keep;

  var asked = 0;  /* the newest variant asked for: an older answer arriving late is dropped */
  function load() {
    $("setup-error").textContent = "";
    var mine = ++asked, wanted = source();
    fetch("/api/variant?variant=" + encodeURIComponent(wanted) + "&lang=" + T.lang)
      .then(function (r) { return r.json(); })
      .then(function (info) {
        if (mine !== asked) return;
        var opts = $("options"), seats = $("seats");
        seats.dataset.loaded = wanted;
        opts.querySelectorAll("label").forEach(function (l) { l.remove(); });
        seats.querySelectorAll("label").forEach(function (l) { l.remove(); });
        if (info.error) { $("setup-error").textContent = info.error; return; }
        info.options.forEach(function (o) {
          var label = el("label", o.text + " ");
          var input;
          if (o.choices.length) {
            input = el("select");
            o.choices.forEach(function (c, k) {
              var opt = el("option", o.labels[k]);  /* by its number: the word is the file's */
              opt.value = String(k);
              opt.selected = c === o.default;
              input.appendChild(opt);
            });
          } else {
            input = el("input");
            input.value = o.default;
          }
          input.dataset.option = o.name;
          input.dataset.choices = JSON.stringify(o.choices);
          label.appendChild(input);
          opts.appendChild(label);
        });
        opts.hidden = !info.options.length;
        for (var i = 0; i < info.players; i++) {
          var label = el("label", fill(W["live.seat"], { n: i + 1 }) + " ");
          var pick = el("select");
          pick.dataset.seat = i;
          KINDS.forEach(function (kind, k) {
            var opt = el("option", W["live." + kind]);
            opt.value = String(k);  /* by its number: the page shows only words */
            opt.selected = kind === (i === 0 ? "person" : "heuristic");
            pick.appendChild(opt);
          });
          label.appendChild(pick);
          /* a person's name (a bot is named by its kind and level) */
          var name = el("input");
          name.dataset.name = i;
          name.maxLength = NAME_CHARS;
          name.placeholder = W["live.name"];
          name.setAttribute("aria-label", W["live.name"]);
          name.autocomplete = "off";
          name.hidden = i !== 0;
          pick.addEventListener("change", (function (field) {
            return function (ev) { field.hidden = KINDS[Number(ev.target.value)] !== "person"; };
          })(name));
          label.appendChild(name);
          seats.appendChild(label);
        }
      });
  }

  function showLinks(answer) {
    if (answer.error) { $("setup-error").textContent = answer.error; return; }
    var list = $("link-list");
    list.textContent = "";
    if (answer.host) {
      keep(answer.game, answer.host, false);
      var hi = el("li");
      var h = el("a", W["live.host"]);
      h.href = answer.host;
      h.className = "host-link";
      hi.appendChild(h);
      hi.appendChild(el("code", " " + location.origin + answer.host));
      list.appendChild(hi);
    }
    answer.seats.forEach(function (s) {
      var li = el("li");
      var a = el("a", fill(W["live.seat"], { n: s.seat + 1 }) + ": " + s.name);
      a.href = s.url;
      a.className = "seat-link";
      li.appendChild(a);
      li.appendChild(el("code", " " + location.origin + s.url));
      list.appendChild(li);
    });
    $("links").hidden = false;
    $("links").scrollIntoView();
  }

  $("variant").addEventListener("change", function () { $("path").value = ""; load(); });
  $("path").addEventListener("change", load);
  $("setup").addEventListener("submit", function (event) {
    event.preventDefault();
    var options = {}, seats = [], names = [];
    document.querySelectorAll("[data-option]").forEach(function (i) {
      var choices = i.dataset.choices ? JSON.parse(i.dataset.choices) : [];
      options[i.dataset.option] = choices.length ? choices[Number(i.value)] : i.value;
    });
    document.querySelectorAll("[data-seat]").forEach(function (s) {
      seats.push(KINDS[Number(s.value)]);
    });
    document.querySelectorAll("[data-name]").forEach(function (n, i) {
      names.push(seats[i] === "person" ? n.value : "");
    });
    fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variant: source(), options: options, seats: seats, names: names,
                             seed: $("seed").value.trim(), lang: $("lang").value })
    }).then(function (r) { return r.json(); }).then(showLinks);
  });
  $("replay").addEventListener("submit", function (event) {
    event.preventDefault();
    var file = $("replay-file").files[0];
    if (!file) return;
    file.text().then(function (text) {
      return fetch("/api/replay", { method: "POST", body: text,
                                    headers: { "Content-Type": "application/json" } });
    }).then(function (r) { return r.json(); }).then(showLinks);
  });
  load();
})();
