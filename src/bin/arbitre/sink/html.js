(function () {
  "use strict";
  document.documentElement.classList.add("js");
  // The page is written as its records are checked: the counts last, the
  // legal records among the others, placed by CSS. Put the markup in the
  // order seen, so that keyboard and screen readers read what is shown:
  // the counts under the title, then the records that are not legal,
  // then the legal ones.
  var main = document.querySelector("main.page");
  var totals = document.getElementById("totals");
  var counted = document.getElementById("counted");
  if (totals && counted) totals.appendChild(counted);
  if (main) {
    var legal = document.createDocumentFragment();
    var parts = main.querySelectorAll(":scope > #legal, :scope > .legal-head, :scope > .legal-row, :scope > .legal-note");
    for (var p = 0; p < parts.length; p++) legal.appendChild(parts[p]);
    main.appendChild(legal);
  }
  // The buttons step only with this script.
  var controls = document.querySelectorAll(".controls[hidden]");
  for (var c = 0; c < controls.length; c++) controls[c].hidden = false;
  var steps = document.querySelectorAll(".turns button[disabled]");
  for (var t = 0; t < steps.length; t++) steps[t].disabled = false;
  // Scrolls `box` (not the page) so that `item` stands in its middle.
  function reveal(box, item) {
    if (!box || !item) return;
    var outer = box.getBoundingClientRect();
    var inner = item.getBoundingClientRect();
    if (box.scrollHeight > box.clientHeight) {
      box.scrollTop += inner.top - outer.top - (box.clientHeight - inner.height) / 2;
    }
    if (box.scrollWidth > box.clientWidth) {
      box.scrollLeft += inner.left - outer.left - (box.clientWidth - inner.width) / 2;
    }
  }
  // What a picture says of its position, from its own caption: whose turn
  // it is, or how the game ended, and the refused turn if any. Names the
  // picture with it, so that it is read as a board, not as its letters.
  function said(svg) {
    if (!svg || !svg.querySelector) return "";
    // The refused turn's words may take several lines of the caption.
    var text = function (css, all) {
      var found = Array.prototype.slice.call(svg.querySelectorAll(css), 0, all ? undefined : 1);
      return found.map(function (t) { return t.textContent.trim(); }).join(" ");
    };
    var words = [text("text.status"), text("text.illegal", true)].filter(Boolean).join(". ");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", [text("title") + " board", words].filter(Boolean).join(": "));
    return words;
  }
  // Base64 of deflated JSON, as the page keeps its pictures.
  function unpack(packed) {
    var bytes = Uint8Array.from(atob(packed || ""), function (c) { return c.charCodeAt(0); });
    var inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    return new Response(inflated).text().then(JSON.parse);
  }
  // Each game's start picture, by lines: positions are kept against it.
  var bases = {};
  function base(game) {
    if (!bases[game]) {
      var kept = document.getElementById("base-" + game);
      bases[game] = kept ? unpack(kept.dataset.packed).then(function (svg) {
        return svg.split(/(?<=\n)/);
      }) : Promise.resolve([]);
    }
    return bases[game];
  }
  // A board's positions, unpacked when it is first opened: each the lines
  // it keeps of its game's base, the text between and its setup header,
  // then the one drawn in the page. A picture is parsed when first shown:
  // a whole game is kept as text.
  function frames(board) {
    if (!board.unpacking) {
      board.unpacking = unpack(board.dataset.packed).then(function (packed) {
        return base(packed.base).then(function (lines) {
          var all = packed.frames.map(function (f) {
            return { lines: lines, kept: f, setup: f[3] || "" };
          });
          var drawn = board.querySelector(".view").firstElementChild;
          if (drawn && all.length < Number(board.dataset.frames)) {
            all.push({ svg: drawn.cloneNode(true), setup: packed.drawn || "" });
          }
          return all;
        });
      });
    }
    return board.unpacking;
  }
  var parser = new DOMParser();
  function picture(frame) {
    if (!frame.svg) {
      var f = frame.kept, lines = frame.lines;
      var text = lines.slice(0, f[0]).join("") + f[2] + lines.slice(lines.length - f[1]).join("");
      frame.svg = parser.parseFromString(text, "image/svg+xml").documentElement;
      frame.kept = frame.lines = null;
    }
    return frame.svg;
  }
  // The fragment of a board's position: its record's id (a number the page
  // gives, `r12`) and the position, counted from 1 as the status says it.
  function fragment(board, at) {
    var record = board.closest("[id].record, [id].legal-row");
    return record ? "#" + record.id + "-t" + (at + 1) : "";
  }
  function linked(board, at) {
    var link = board.querySelector("a.link");
    var hash = fragment(board, at);
    if (link && hash) link.setAttribute("href", hash);
    return hash;
  }
  // Stepping a board keeps the address on its position, replaced, not
  // pushed: a step is no page of the history.
  function follow(board, at) {
    var hash = linked(board, at);
    if (hash && location.hash !== hash) history.replaceState(null, "", hash);
  }
  // The best turn with perfect play drawn over a picture: an arrow
  // between two points (a move, a relocation), a ring on one (a
  // placement), each point where the picture draws it.
  function arrows(svg, best) {
    var NS = svg.namespaceURI;
    var centre = function (name) {
      var point = svg.querySelector('circle[data-point="' + name + '"]');
      return point && [Number(point.getAttribute("cx")), Number(point.getAttribute("cy"))];
    };
    var group = document.createElementNS(NS, "g");
    group.setAttribute("class", "best");
    var defs = document.createElementNS(NS, "defs");
    defs.innerHTML = '<marker id="head-best" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="#1f5fbf"/></marker>';
    group.appendChild(defs);
    best.split(";").forEach(function (mark) {
      var ends = mark.split(" ").map(centre);
      if (ends.some(function (e) { return !e; })) return;
      var shape;
      if (ends.length === 2) {
        shape = document.createElementNS(NS, "line");
        shape.setAttribute("x1", ends[0][0]); shape.setAttribute("y1", ends[0][1]);
        shape.setAttribute("x2", ends[1][0]); shape.setAttribute("y2", ends[1][1]);
        shape.setAttribute("marker-end", "url(#head-best)");
      } else {
        shape = document.createElementNS(NS, "circle");
        shape.setAttribute("cx", ends[0][0]); shape.setAttribute("cy", ends[0][1]);
        shape.setAttribute("r", "20");
      }
      shape.setAttribute("data-best", mark);
      group.appendChild(shape);
    });
    (svg.querySelector("g.on-board") || svg).appendChild(group);
  }
  // The board turned to a player's seat: what the picture draws on the
  // board turned about its centre, so that the seat's side is at the
  // bottom, each piece and text turned back about its own, so that they
  // stay upright. A picture names its seats (none for Puluc's track,
  // which reads alike from both ends): the button flips between two, or
  // turns to the next of more, and says to which.
  function seats(svg) {
    var group = svg && svg.querySelector("g.on-board[data-seats]");
    if (!group) return null;
    var centre = group.dataset.centre.split(" ").map(Number);
    var list = group.dataset.seats.split(";").map(function (s) {
      var parts = s.split(" ");
      return { camp: parts[0], turn: Number(parts[1]) };
    });
    return { group: group, centre: centre, list: list };
  }
  function seated(board, svg) {
    var found = seats(svg);
    var button = board.querySelector('[data-go="turn"]');
    if (button) button.hidden = !found;
    if (!found) return;
    var at = Number(board.dataset.seat || 0) % found.list.length;
    var next = found.list[(at + 1) % found.list.length];
    if (button) {
      button.textContent = found.list.length === 2 ? "flip" : "turn to " + next.camp;
      button.title = "turn the board to " + next.camp + "'s seat";
      button.setAttribute("aria-label", button.title);
    }
    var turn = found.list[at].turn;
    found.group.dataset.seat = found.list[at].camp;
    if (!turn) return;
    found.group.setAttribute("transform", "rotate(" + turn + " " + found.centre.join(" ") + ")");
    var upright = found.group.querySelectorAll("g.piece, text");
    for (var i = 0; i < upright.length; i++) {
      var item = upright[i];
      if (item.tagName === "text" && item.closest("g.piece")) continue;
      var box = item.getBBox();
      var back = "rotate(" + (-turn) + " " + (box.x + box.width / 2) + " " + (box.y + box.height / 2) + ")";
      item.setAttribute("transform", back + " " + (item.getAttribute("transform") || ""));
    }
  }
  function turn(board) {
    var svg = board.querySelector(".view > svg");
    var found = seats(svg);
    if (!found) return;
    board.dataset.seat = String((Number(board.dataset.seat || 0) + 1) % found.list.length);
    show(board, shown(board)).then(function () {
      var status = board.querySelector("p.status");
      var now = seats(board.querySelector(".view > svg"));
      if (status && now) status.textContent = "The board is turned to " + now.group.dataset.seat + "'s seat.";
    });
  }
  // The position a board shows: the last until it is stepped.
  function shown(board) {
    return board.dataset.at === undefined ? Number(board.dataset.frames) - 1 : Number(board.dataset.at);
  }
  function show(board, at) {
    return frames(board).then(function (all) {
      if (!all.length) return;
      at = Math.max(0, Math.min(all.length - 1, at));
      board.dataset.at = String(at);
      follow(board, at);
      var svg = document.importNode(picture(all[at]), true);
      board.querySelector(".view").replaceChildren(svg);
      seated(board, svg);
      var items = board.querySelectorAll(".turns li");
      var best = items[at] && items[at].dataset.best;
      if (best) arrows(svg, best);
      var status = board.querySelector("p.status");
      if (status) {
        status.textContent = said(svg) + " (position " + (at + 1) + " of " + all.length + ")" +
          (best ? ". Best with perfect play: " + best.split(";").map(function (m) { return m.replace(" ", "-"); }).join(", ") : "");
      }
      var graph = board.querySelector(".values svg");
      var now = board.querySelector(".values line.now");
      if (graph && now) {
        var middle = String(Number(graph.dataset.left) + Number(graph.dataset.step) * at);
        now.setAttribute("x1", middle);
        now.setAttribute("x2", middle);
      }
      for (var i = 0; i < items.length; i++) items[i].classList.toggle("current", i === at);
      reveal(board.querySelector(".turns"), items[at]);
      var written = board.querySelectorAll(".movetext .turn");
      for (var j = 0; j < written.length; j++) {
        written[j].classList.toggle("current", Number(written[j].dataset.frame) === at);
      }
      reveal(board.querySelector(".movetext"), board.querySelector(".movetext .turn.current"));
    });
  }
  function go(board, where) {
    var last = Number(board.dataset.frames) - 1;
    var at = shown(board);
    return show(board, where === "first" ? 0 : where === "last" ? last
      : where === "back" ? at - 1 : at + 1);
  }
  // The position shown, as a `setup` header to paste into a record; the
  // status says it is copied (a page opened from a file may be refused
  // the clipboard's API: the older way then copies it).
  function copy(board) {
    return frames(board).then(function (all) {
      var at = shown(board);
      var text = all[at] ? all[at].setup : "";
      var status = board.querySelector("p.status");
      var done = function () {
        if (status) status.textContent = "The position is copied as a setup header (position " + (at + 1) + " of " + all.length + ").";
      };
      var older = function () {
        var area = document.createElement("textarea");
        area.value = text;
        area.setAttribute("readonly", "");
        area.style.position = "fixed";
        area.style.opacity = "0";
        document.body.appendChild(area);
        area.select();
        var copied = false;
        try { copied = document.execCommand("copy"); } catch (err) { copied = false; }
        area.remove();
        if (copied) done();
        else if (status) status.textContent = "The browser refused the copy: use arbitre show --turn N --format json for the position's setup.";
      };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        return navigator.clipboard.writeText(text).then(done, older);
      }
      older();
    });
  }
  document.addEventListener("click", function (e) {
    var target = e.target.closest("[data-go], [data-frame]");
    var board = target && target.closest("div.board");
    if (!board) return;
    if (target.dataset.go === "copy") copy(board);
    else if (target.dataset.go === "turn") turn(board);
    else if (target.dataset.go) go(board, target.dataset.go);
    else show(board, Number(target.dataset.frame));
    // A button keeps the focus, so that Enter or Space on it steps again;
    // a turn of the movetext is no button, and gives it to the board.
    if (target.tagName !== "BUTTON") board.focus({ preventScroll: true });
  });
  document.addEventListener("keydown", function (e) {
    var board = e.target.closest && e.target.closest("div.board");
    var keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
    if (board && keys[e.key]) { e.preventDefault(); go(board, keys[e.key]); }
  });
  // A legal record's board is drawn when its replay is opened.
  document.addEventListener("toggle", function (e) {
    var details = e.target;
    if (!details.open || !details.classList.contains("replay")) return;
    var board = details.querySelector("div.board");
    // Not when a link already steps it (the toggle comes after).
    if (board && board.dataset.at === undefined && !board.unpacking) go(board, "last");
  }, true);
  // Each board's link at its last position, where it opens.
  var boards = document.querySelectorAll("div.board");
  for (var l = 0; l < boards.length; l++) linked(boards[l], Number(boards[l].dataset.frames) - 1);
  // An address `#r12` opens record 12's replay and shows it; `#r12-t7`
  // also steps its board to position 7.
  function arrive() {
    var wanted = /^#(r\d+)(?:-t(\d+))?$/.exec(location.hash);
    var record = wanted && document.getElementById(wanted[1]);
    if (!record) return;
    var details = record.querySelector("details.replay");
    var board = record.querySelector("div.board");
    var shown = board && wanted[2] ? show(board, Number(wanted[2]) - 1) : Promise.resolve();
    if (details && !details.open) details.open = true;
    shown.then(function () {
      (board && wanted[2] ? board : record).scrollIntoView({ block: "center" });
    });
  }
  window.addEventListener("hashchange", arrive);
  // Each drawn picture named, and each box scrolled to its marked action:
  // in a long replay it stands below the box's fold.
  var drawn = document.querySelectorAll("div.board .view > svg");
  for (var d = 0; d < drawn.length; d++) {
    said(drawn[d]);
    seated(drawn[d].closest("div.board"), drawn[d]);
  }
  var boxes = document.querySelectorAll(".movetext, .excerpt");
  for (var b = 0; b < boxes.length; b++) {
    reveal(boxes[b], boxes[b].querySelector(".turn.current, mark"));
  }
  arrive();
})();
