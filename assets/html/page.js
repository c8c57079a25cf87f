// puzzlebook web page: play the puzzles. Every puzzle is an <article class="puzzle"> whose
// .cell buttons lie over the places a solver fills in; each knows its answer. No network.
"use strict";
(function () {
  var strings = JSON.parse(document.getElementById("pb-strings").textContent);
  var book = document.body.getAttribute("data-book") || "book";

  function storageKey(number) {
    return "puzzlebook:" + book + ":" + number;
  }
  function load(number) {
    try {
      var text = window.localStorage.getItem(storageKey(number));
      return text ? JSON.parse(text) : null;
    } catch (error) {
      return null; // storage may be disabled (private mode, file pages in some browsers)
    }
  }
  function save(number, state) {
    try {
      window.localStorage.setItem(storageKey(number), JSON.stringify(state));
    } catch (error) {
      /* keep playing without saving */
    }
  }

  function Puzzle(article) {
    var self = this;
    this.article = article;
    this.number = article.getAttribute("data-number");
    this.cells = Array.prototype.slice.call(article.querySelectorAll(".cell"));
    this.group = article.querySelector(".cells");
    this.digits = this.group.getAttribute("data-digits") || "123456789";
    this.status = article.querySelector(".status");
    this.history = [];
    this.pencil = false;
    this.selected = null;
    this.values = this.cells.map(function () { return ""; });
    this.marks = this.cells.map(function () { return ""; });
    this.revealed = false;

    var label = article.querySelector(".caption .number");
    this.group.setAttribute("aria-label", (label ? label.textContent : this.number));

    this.cells.forEach(function (cell, index) {
      cell.addEventListener("click", function () { self.select(index); });
      cell.addEventListener("focus", function () { self.select(index, true); });
      cell.addEventListener("keydown", function (event) { self.key(event, index); });
    });

    var keys = article.querySelector(".keys");
    this.digits.split("").forEach(function (digit) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = digit;
      button.setAttribute("data-key", digit);
      button.addEventListener("click", function () { self.type(digit); self.refocus(); });
      keys.appendChild(button);
    });
    var actions = article.querySelector(".actions");
    function action(name, handler, toggle) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = strings[name];
      button.setAttribute("data-action", name);
      if (toggle) button.setAttribute("aria-pressed", "false");
      button.addEventListener("click", function () { handler(button); });
      actions.appendChild(button);
      return button;
    }
    action("erase", function () { self.type(""); self.refocus(); });
    this.pencilButton = action("pencil", function () { self.togglePencil(); self.refocus(); }, true);
    action("undo", function () { self.undo(); self.refocus(); });
    action("check", function () { self.check(); });
    action("reveal", function (button) {
      if (self.cells.length && !self.revealed && !window.confirm(strings.confirmReveal)) return;
      self.reveal();
    });
    action("reset", function () { self.reset(); });

    var state = load(this.number);
    if (state && state.v && state.v.length === this.cells.length) {
      this.values = state.v.slice();
      this.marks = (state.m && state.m.length === this.cells.length) ? state.m.slice() : this.marks;
      this.revealed = !!state.r;
    }
    this.cells.forEach(function (cell, index) { self.draw(index); });
    this.update(false);
  }

  Puzzle.prototype.describe = function (index) {
    var cell = this.cells[index];
    var value = this.values[index];
    var text = strings.row + " " + cell.getAttribute("data-row") + ", " +
      strings.column + " " + cell.getAttribute("data-column") + ": " + (value || strings.empty);
    if (!value && this.marks[index]) text += " (" + strings.marks + " " + this.marks[index].split("").join(" ") + ")";
    return text;
  };

  Puzzle.prototype.draw = function (index) {
    var cell = this.cells[index];
    var value = this.values[index];
    cell.querySelector(".value").textContent = value;
    var marks = cell.querySelector(".marks");
    marks.textContent = "";
    var chosen = this.marks[index];
    if (!value && chosen) {
      "1234567890".split("").forEach(function (digit) {
        var span = document.createElement("span");
        span.textContent = chosen.indexOf(digit) >= 0 ? digit : "";
        marks.appendChild(span);
      });
    }
    cell.classList.toggle("has-value", value !== "");
    cell.classList.remove("wrong");
    cell.removeAttribute("aria-invalid");
    cell.classList.toggle("revealed", this.revealed && value !== "");
    cell.setAttribute("aria-label", this.describe(index));
  };

  Puzzle.prototype.select = function (index, fromFocus) {
    if (this.selected !== null && this.cells[this.selected]) {
      this.cells[this.selected].classList.remove("selected");
      this.cells[this.selected].setAttribute("tabindex", "-1");
    }
    this.selected = index;
    var cell = this.cells[index];
    cell.classList.add("selected");
    cell.setAttribute("tabindex", "0");
    if (!fromFocus) cell.focus();
  };

  Puzzle.prototype.refocus = function () {
    if (this.selected !== null) this.cells[this.selected].focus();
  };

  // The nearest cell from `index` in a direction (dx, dy), by position on the figure.
  Puzzle.prototype.neighbour = function (index, dx, dy) {
    var from = this.cells[index];
    var fx = from.offsetLeft, fy = from.offsetTop;
    var best = null, bestScore = Infinity;
    this.cells.forEach(function (cell, other) {
      if (other === index) return;
      var x = cell.offsetLeft - fx, y = cell.offsetTop - fy;
      var along = x * dx + y * dy;
      if (along <= 1) return;
      var across = Math.abs(x * dy) + Math.abs(y * dx);
      var score = along + 3 * across;
      if (score < bestScore) { bestScore = score; best = other; }
    });
    return best;
  };

  Puzzle.prototype.key = function (event, index) {
    var key = event.key;
    if (event.ctrlKey || event.metaKey) {
      if (key === "z" || key === "Z") { this.undo(); event.preventDefault(); }
      return;
    }
    if (event.altKey) return;
    var moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[key]) {
      var next = this.neighbour(index, moves[key][0], moves[key][1]);
      if (next !== null) this.select(next);
      event.preventDefault();
    } else if (/^[0-9]$/.test(key)) {
      this.select(index, true);
      this.type(key);
      event.preventDefault();
    } else if (key === "Backspace" || key === "Delete") {
      this.type("");
      event.preventDefault();
    } else if (key === "p" || key === "P") {
      this.togglePencil();
      event.preventDefault();
    } else if (key === "u" || key === "U") {
      this.undo();
      event.preventDefault();
    }
  };

  Puzzle.prototype.togglePencil = function () {
    this.pencil = !this.pencil;
    this.pencilButton.setAttribute("aria-pressed", this.pencil ? "true" : "false");
  };

  Puzzle.prototype.type = function (digit) {
    var index = this.selected;
    if (index === null) return;
    var before = { index: index, value: this.values[index], marks: this.marks[index] };
    if (this.pencil && digit !== "") {
      if (this.values[index]) return;
      var marks = this.marks[index];
      this.marks[index] = marks.indexOf(digit) >= 0 ? marks.replace(digit, "") :
        (marks + digit).split("").sort().join("");
    } else if (digit === "") {
      if (this.values[index]) this.values[index] = "";
      else this.marks[index] = "";
    } else {
      this.values[index] = this.values[index] === digit ? "" : digit;
    }
    if (before.value === this.values[index] && before.marks === this.marks[index]) return;
    this.history.push(before);
    this.draw(index);
    this.update(true);
  };

  Puzzle.prototype.undo = function () {
    var last = this.history.pop();
    if (!last) return;
    this.values[last.index] = last.value;
    this.marks[last.index] = last.marks;
    this.draw(last.index);
    this.select(last.index);
    this.update(true);
  };

  Puzzle.prototype.solved = function () {
    var self = this;
    return this.cells.every(function (cell, index) {
      return self.values[index] === cell.getAttribute("data-answer");
    });
  };

  Puzzle.prototype.update = function (store) {
    var solved = this.solved();
    this.article.classList.toggle("solved", solved);
    this.status.classList.remove("bad");
    if (solved) {
      this.status.textContent = this.revealed ? strings.revealed : strings.solved;
    } else if (this.status.textContent === strings.solved || this.status.textContent === strings.revealed) {
      this.status.textContent = "";
    }
    if (store) save(this.number, { v: this.values, m: this.marks, r: this.revealed });
  };

  Puzzle.prototype.check = function () {
    var self = this, wrong = 0;
    this.cells.forEach(function (cell, index) {
      var bad = self.values[index] !== "" && self.values[index] !== cell.getAttribute("data-answer");
      cell.classList.toggle("wrong", bad);
      if (bad) { cell.setAttribute("aria-invalid", "true"); wrong += 1; }
      else cell.removeAttribute("aria-invalid");
    });
    if (this.solved()) {
      this.status.textContent = this.revealed ? strings.revealed : strings.solved;
    } else if (wrong > 0) {
      this.status.textContent = strings.wrong.replace("{n}", String(wrong));
      this.status.classList.add("bad");
    } else {
      this.status.textContent = strings.right;
    }
  };

  Puzzle.prototype.reveal = function () {
    var self = this;
    this.revealed = true;
    this.cells.forEach(function (cell, index) {
      self.values[index] = cell.getAttribute("data-answer");
      self.draw(index);
    });
    this.history = [];
    this.update(true);
  };

  Puzzle.prototype.reset = function () {
    var self = this;
    this.revealed = false;
    this.history = [];
    this.cells.forEach(function (cell, index) {
      self.values[index] = "";
      self.marks[index] = "";
      self.draw(index);
    });
    this.status.textContent = "";
    this.update(true);
  };

  var articles = document.querySelectorAll("article.puzzle");
  window.puzzlebook = Array.prototype.map.call(articles, function (article) {
    return new Puzzle(article);
  });
})();
