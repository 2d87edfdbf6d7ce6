/* A seat's page at the table: draws the state the server sends for this seat (and only
   this seat) and sends the chosen action back, naming the turn it answers. Reconnects by
   itself; the server resumes the seat from its link. */
(function () {
  "use strict";
  var T = window.TABLE, W = T.words;
  var state = null, socket = null, retry = 500;
  var MANY = 16; /* more choices than this: a list to pick from instead of buttons */

  function $(id) { return document.getElementById(id); }
  function fill(template, fields) {
    return template.replace(/\{(\w+)\}/g, function (_, k) { return fields[k]; });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function cardFace(c, tag) {
    var e = el(tag, "card" + (c.red ? " red" : ""));
    var label = pack() === "ch" ? c.ch : c.fr;  /* the card in the pack shown */
    e.setAttribute("aria-label", label);
    e.title = label;
    e.dataset.card = c.code;
    var corner = el("span", "corner");
    corner.appendChild(el("span", "jc-fr", c.fr_rank));
    corner.appendChild(el("span", "jc-ch", c.ch_rank));
    var suit = el("span", "jc-suit" + (c.red ? " jc-red" : ""));
    suit.appendChild(el("span", "jc-fr", c.symbol + "\ufe0e"));
    var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "jc-ch");
    svg.setAttribute("aria-hidden", "true");
    var use = document.createElementNS("http://www.w3.org/2000/svg", "use");
    use.setAttribute("href", "#" + c.svg);
    svg.appendChild(use);
    suit.appendChild(svg);
    e.appendChild(corner);
    e.appendChild(suit);
    return e;
  }

  function send(action) {
    if (!socket || socket.readyState !== 1 || !state) return;
    $("error").textContent = "";
    socket.send(JSON.stringify({ type: "act", turn: state.turn, action: action }));
  }

  function drawTrick(box, cards, names, winner) {
    box.textContent = "";
    cards.forEach(function (c) {
      var slot = el("figure", "played" + (c.seat === winner ? " winner" : ""));
      slot.appendChild(cardFace(c, "div"));
      slot.appendChild(el("figcaption", "", names[c.seat]));
      box.appendChild(slot);
    });
  }

  function drawActions(s) {
    var box = $("actions");
    box.textContent = "";
    var others = s.legal.filter(function (a) { return !a.card; });
    if (s.entry) { drawEntry(box, s); return; }
    if (others.length > MANY) {
      var pick = el("select");
      pick.id = "choice";
      pick.setAttribute("aria-label", s.prompt);
      others.forEach(function (a) {
        var o = el("option", "", a.label);
        o.value = a.text;
        pick.appendChild(o);
      });
      var ok = el("button", "primary", W["live.confirm"]);
      ok.type = "button";
      ok.addEventListener("click", function () { send(pick.value); });
      box.appendChild(pick);
      box.appendChild(ok);
      return;
    }
    others.forEach(function (a) {
      var b = el("button", "action", a.label);
      b.type = "button";
      b.dataset.action = a.text;
      b.addEventListener("click", function () { send(a.text); });
      box.appendChild(b);
    });
  }

  /* A declaration of many numbers (an estimate): a number field, empty until one is
     typed, checked against its bounds before it is sent. */
  function drawEntry(box, s) {
    var e = s.entry, field = el("input");
    field.id = "entry";
    field.type = "number";
    field.inputMode = "numeric";
    field.min = String(e.min);
    field.max = String(e.max);
    field.step = "1";
    field.setAttribute("aria-label", s.prompt);
    var ok = el("button", "primary", W["live.confirm"]);
    ok.type = "button";
    function submit() {
      var v = field.value.trim();
      var n = /^\d+$/.test(v) ? parseInt(v, 10) : NaN;
      if (!(n >= e.min && n <= e.max)) {
        $("error").textContent = fill(W["live.error"], {
          text: fill(W["live.entry.range"], { min: e.min, max: e.max }) });
        field.focus();
        return;
      }
      send(e.prefix + n);
    }
    ok.addEventListener("click", submit);
    field.addEventListener("keydown", function (ev) { if (ev.key === "Enter") submit(); });
    box.appendChild(field);
    box.appendChild(ok);
  }

  /* The question, and on a Weis question the Weise it is about, named in the pack the
     page shows (both are sent; the pack switch shows one). */
  function drawPrompt(s) {
    var p = $("prompt");
    p.textContent = s.prompt;
    var named = s.yours && s.phase === "weis" ? (s.weis_named || []) : [];
    named.forEach(function (w, i) {
      p.appendChild(document.createTextNode(i ? "; " : " "));
      p.appendChild(el("span", "jc-fr weis-named", w.fr));
      p.appendChild(el("span", "jc-ch weis-named", w.ch));
    });
  }

  /* The Weise declared openly, per seat, named in the pack shown. */
  function drawWeis(s, names) {
    var box = $("weis"), first = true;
    box.textContent = "";
    (s.weis_said || []).forEach(function (weise, seat) {
      if (!weise.length) return;
      box.appendChild(document.createTextNode((first ? "Weis — " : " · ") + names[seat] + ": "));
      first = false;
      weise.forEach(function (w, i) {
        if (i) box.appendChild(document.createTextNode(", "));
        box.appendChild(el("span", "jc-fr", w.fr));
        box.appendChild(el("span", "jc-ch", w.ch));
      });
    });
  }

  /* Cards lying openly before each seat besides the trick (a mechanism's rows: table
     cards), each row under its owner's name with a line saying what lies face down. */
  function drawSeatRows(s, names) {
    var box = $("seat-rows");
    box.textContent = "";
    (s.seat_rows || []).forEach(function (row) {
      if (!row.cards.length && !row.text) return;
      var line = el("div", "seat-row");
      line.appendChild(el("span", "seat-row-name", names[row.seat] + ": "));
      var cards = el("span", "cards trick small");
      var own = row.seat === s.seat;  /* its own row: played from here, as the hand is */
      var playable = playableCards(s);
      row.cards.forEach(function (c) {
        cards.appendChild(own ? handCard(s, c, playable) : cardFace(c, "span"));
      });
      line.appendChild(cards);
      if (row.text) line.appendChild(el("span", "seat-row-note", " " + row.text));
      box.appendChild(line);
    });
  }

  /* The hand: on the seat's turn to play, the cards it may play are marked and those it
     may not are dimmed; tapping one of those says why (the reasons come with the state).
     Otherwise (a declaration, another seat's turn) the hand is shown at full contrast. */
  function drawHand(s) {
    var box = $("hand");
    box.textContent = "";
    $("why").textContent = "";
    var playable = playableCards(s);
    s.hand.forEach(function (c) { box.appendChild(handCard(s, c, playable)); });
  }

  /* The cards the seat may play now, by code, with the action that plays each. */
  function playableCards(s) {
    var playable = {};
    s.legal.forEach(function (a) { if (a.card) playable[a.card] = a.text; });
    return playable;
  }

  /* A card of the seat's own (in its hand or its own row of table cards) as a button:
     marked and played on a tap where it may be played, else dimmed and explained. */
  function handCard(s, c, playable) {
    var b = cardFace(c, "button");
    b.type = "button";
    var action = playable[c.code];
    if (action) {
      b.classList.add("legal");
      b.addEventListener("click", function () { send(action); });
    } else {
      b.setAttribute("aria-disabled", "true");
      if (Object.keys(playable).length > 0) b.classList.add("barred");
      b.addEventListener("click", function () { explain(s, c); });
    }
    return b;
  }

  /* Why a card cannot be played now: the rule that bars it, or whose turn it is. */
  function explain(s, c) {
    var why = s.barred[c.code];
    if (!why && s.phase === "play" && !s.yours && !s.outcome) why = W["live.refuse.turn"];
    var box = $("why");
    var parts = fill(W["live.wrong.card"], { what: "\u0000", why: why }).split("\u0000");
    box.textContent = "";
    if (!why) return;
    box.appendChild(document.createTextNode(parts[0]));  /* the card in the pack shown */
    box.appendChild(el("span", "jc-fr", c.fr));
    box.appendChild(el("span", "jc-ch", c.ch));
    box.appendChild(document.createTextNode(parts[1]));
  }

  function wrapped(table) {
    var box = el("div", "sheet-wrap");
    box.appendChild(table);
    return box;
  }

  function drawSheet(s) {
    var box = $("sheet"), sh = s.sheet;
    box.textContent = "";
    /* what a mechanism notes on the sheet for the hand to come ("Bock: 3 left") */
    (sh.notes || []).forEach(function (n) { box.appendChild(el("p", "sheet-note", n)); });
    if (sh.columns) {
      var ct = el("table", "sheet columns");
      var head = el("tr");
      head.appendChild(el("th", "", W["live.columns"]));
      sh.columns.owners.forEach(function (o) { head.appendChild(el("th", "", o)); });
      ct.appendChild(head);
      sh.columns.rows.forEach(function (r) {
        var tr = el("tr");
        tr.appendChild(el("th", "", r.title));
        r.cells.forEach(function (c) {
          var td = el("td", c ? "done" : "open");
          if (c) {
            td.appendChild(el("strong", "", String(c.written)));
            td.appendChild(el("small", "", " (" + c.points + " ×" + r.multiplier + ")"));
          } else {
            td.textContent = W["live.open"];
          }
          tr.appendChild(td);
        });
        ct.appendChild(tr);
      });
      box.appendChild(wrapped(ct));
    }
    var t = el("table", "sheet numbers");
    var h = el("tr");
    h.appendChild(el("th", "", W["live.hand_no"]));
    sh.subjects.forEach(function (x) { h.appendChild(el("th", "", x)); });
    t.appendChild(h);
    sh.rows.forEach(function (r) {
      var tr = el("tr");
      var th = el("th", "", String(r.hand));
      if (r.mode) th.appendChild(el("small", "", " " + r.mode));
      tr.appendChild(th);
      r.cells.forEach(function (c) {
        var td = el("td");
        c.declared.forEach(function (d) { td.appendChild(el("div", "declared", d)); });
        td.appendChild(el("div", "points", c.points + " " + W["live.points"]));
        c.written.forEach(function (wr) { td.appendChild(el("div", "written", wr)); });
        tr.appendChild(td);
      });
      t.appendChild(tr);
    });
    var tot = el("tr", "total");
    tot.appendChild(el("th", "", W["live.total"]));
    sh.totals.forEach(function (cells) { tot.appendChild(el("td", "", cells.join(", "))); });
    t.appendChild(tot);
    if (!sh.strokes) { box.appendChild(wrapped(t)); return; }
    var both = el("div", "tafel-and-numbers");  /* the Z beside the numbers */
    var tafel = el("div", "tafel");
    tafel.appendChild(el("h3", "", W["live.strokes"]));
    sh.strokes.forEach(function (x) { tafel.appendChild(drawZ(x)); });
    both.appendChild(tafel);
    both.appendChild(wrapped(t));
    box.appendChild(both);
  }

  /* One team's Z as a Jasser chalks it (jassdsl/table/tafel.py has the convention):
     strokes of 100 on the upper bar and of 20 on the lower, upright, the fifth across
     the four before; strokes of 50 across the diagonal, the second across the first;
     the rest below 20 as a number. */
  var SVG = "http://www.w3.org/2000/svg";
  function drawZ(x) {
    var STEP = 9, BUNDLE = 5 * STEP + 8, H = 96, TOP = 22, LOW = 78;
    var bundles = Math.max(Math.ceil(x.hundreds / 5), Math.ceil(x.twenties / 5), 2);
    var w = 30 + bundles * BUNDLE + 50;
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 " + w + " " + H);
    svg.setAttribute("class", "z");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", fill(W["live.strokes.label"], { name: x.name,
      total: x.total, h: x.hundreds, f: x.fifties, t: x.twenties, rest: x.rest }));
    svg.dataset.total = String(x.total);
    function line(x1, y1, x2, y2, cls) {
      var l = document.createElementNS(SVG, "line");
      l.setAttribute("x1", x1); l.setAttribute("y1", y1);
      l.setAttribute("x2", x2); l.setAttribute("y2", y2);
      l.setAttribute("class", cls);
      svg.appendChild(l);
    }
    var right = w - 50, left = 14;
    line(left, TOP, right, TOP, "bar");  /* the Z: upper bar, diagonal, lower bar */
    line(right, TOP, left, LOW, "bar");
    line(left, LOW, right, LOW, "bar");
    function ticks(n, y, cls) {  /* upright strokes in bundles of five */
      for (var k = 0; k < n; k++) {
        var b = Math.floor(k / 5), i = k % 5, x0 = 22 + b * BUNDLE;
        if (i < 4) line(x0 + i * STEP, y - 9, x0 + i * STEP, y + 9, cls);
        else line(x0 - 4, y + 7, x0 + 3 * STEP + 4, y - 7, cls + " across");
      }
    }
    ticks(x.hundreds, TOP, "s100");
    ticks(x.twenties, LOW, "s20");
    for (var k = 0; k < x.fifties; k++) {  /* on the diagonal's middle, the second across */
      var mx = (left + right) / 2, my = (TOP + LOW) / 2;
      if (k % 2 === 0) line(mx - 10 + k * 14, my - 10, mx + 6 + k * 14, my + 10, "s50");
      else line(mx - 10 + (k - 1) * 14, my + 10, mx + 6 + (k - 1) * 14, my - 10, "s50");
    }
    var rest = document.createElementNS(SVG, "text");
    rest.setAttribute("x", right + 10);
    rest.setAttribute("y", (TOP + LOW) / 2 + 6);
    rest.setAttribute("class", "rest");
    rest.textContent = String(x.rest);
    svg.appendChild(rest);
    var fig = el("figure", "z-team");
    fig.appendChild(svg);
    fig.appendChild(el("figcaption", "", x.name + ": " + x.total));
    return fig;
  }

  function drawReports(s) {
    var box = $("reports");
    box.textContent = "";
    $("reports-panel").hidden = !s.hands.length;
    s.hands.slice().reverse().forEach(function (r) {
      var art = el("article", "report");
      var p = el("p");
      p.appendChild(el("strong", "", W["live.hand_no"] + " " + r.number + ": "));
      var a = el("a", "", fill(W["live.scored_by"], { clause: r.clause }));
      a.href = r.link;
      a.target = "_blank";
      a.rel = "noopener";
      p.appendChild(a);
      if (r.title) p.appendChild(el("span", "", " — " + r.title));
      art.appendChild(p);
      var ul = el("ul");
      r.lines.forEach(function (line) { ul.appendChild(el("li", "", line.trim())); });
      art.appendChild(ul);
      box.appendChild(art);
    });
  }

  /* A seat taken by its link without a name asks for one (once). */
  function drawName(s) {
    $("name-form").hidden = !s.ask_name;
    if (s.game && window.localStorage) {  /* the list of the evening offers this link */
      var kept = {};
      try { kept = JSON.parse(localStorage.getItem("jassdsl.links") || "{}"); } catch (e) {}
      if (!kept[s.game]) {
        kept[s.game] = location.pathname + location.search;
        try { localStorage.setItem("jassdsl.links", JSON.stringify(kept)); } catch (e) {}
      }
    }
  }

  function draw(s) {
    state = s;
    var names = s.names;
    drawName(s);
    document.querySelector(".bar-title").textContent = s.variant;
    $("status").textContent = W["live.hand_no"] + " " + s.hand_number + " · " +
      W["live.dealer"] + " " + names[s.dealer] + " · " + s.variant;
    $("trump").textContent = W["live.trump"] + ": " + s.trump;
    $("rulebook").href = s.rulebook;
    drawTrick($("trick"), s.trick, names, -1);
    var last = s.last_trick;
    drawTrick($("last-trick"), last ? last.cards : [], names, last ? last.winner : -1);
    if (last) {
      $("last-trick").appendChild(el("p", "taken", fill(W["live.won_by"],
        { name: names[last.winner] })));
    }
    $("running").textContent = W["live.running"] + ": " + s.running.map(function (r) {
      return r.text;
    }).join(" · ");
    drawWeis(s, names);
    drawSeatRows(s, names);
    $("declared").textContent = s.declared.join(" · ");
    drawPrompt(s);
    document.body.classList.toggle("yours", s.yours);
    document.body.dataset.turn = String(s.turn);
    document.body.dataset.current = String(s.current);
    drawActions(s);
    drawHand(s);
    drawSheet(s);
    drawReports(s);
    $("log").textContent = s.log.join("\n");
    var out = $("outcome");
    out.hidden = !s.outcome;
    out.textContent = s.outcome ? s.outcome.charAt(0).toUpperCase() + s.outcome.slice(1) : "";
    showStopped(s.stopped);
  }

  /* Why the game cannot go on (the engine failed): every seat is told, nobody is asked. */
  function showStopped(text) {
    var box = $("stopped");
    box.hidden = !text;
    box.textContent = text || "";
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/" + T.token + "?lang=" + T.lang +
                           "&pack=" + pack());
    socket.onopen = function () { retry = 500; $("status").classList.remove("lost"); };
    socket.onmessage = function (event) {
      var m = JSON.parse(event.data);
      if (m.type === "state") draw(m);
      else if (m.type === "stopped") { /* this page cannot be drawn: only why */
        $("actions").textContent = "";
        $("prompt").textContent = W["live.stopped.prompt"];
        showStopped(m.text);
      }
      else if (m.type === "error") $("error").textContent = fill(W["live.error"], { text: m.text });
    };
    socket.onclose = function (event) {
      /* an unknown link, a newer page of this seat, too many pages: the error says so */
      if (event.code === 4404 || event.code === 4409 || event.code === 4429) return;
      $("status").textContent = W["live.connection"];
      $("status").classList.add("lost");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  /* The pack the page shows (the site's switch, pack.js): the server names cards and suits
     in its texts by it, and is told when it changes. */
  function pack() { return document.documentElement.getAttribute("data-pack") || "fr"; }
  document.addEventListener("click", function (event) {
    if (!event.target.closest(".rulebook-pack__button")) return;
    setTimeout(function () {  /* after pack.js has set the pack */
      if (socket && socket.readyState === 1) {
        socket.send(JSON.stringify({ type: "pack", pack: pack() }));
      }
    }, 0);
  });

  $("save").href = "/api/save/" + T.token;
  $("name-form").addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (!socket || socket.readyState !== 1) return;
    $("error").textContent = "";
    socket.send(JSON.stringify({ type: "name", name: $("name").value }));
  });
  connect();
})();
