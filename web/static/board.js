// The xiangqi board: one element per point with data-square set to its
// ICCS name (a0 … i9, rank 0 on Red's side), the pieces of a FEN, moves by
// click or drag (only the legal moves the server sent are offered), arrows
// for the analysis and the coordinates round it in the notation chosen.

export const FILES = "abcdefghi";

const GLYPHS = {
  K: "帥", A: "仕", B: "相", E: "相", N: "傌", H: "傌", R: "俥", C: "炮", P: "兵",
  k: "將", a: "士", b: "象", e: "象", n: "馬", h: "馬", r: "車", c: "砲", p: "卒",
};

const SVG = "http://www.w3.org/2000/svg";

const CN_DIGITS = "一二三四五六七八九";

// fileLabels returns the names of the files a … i on Red's side and on
// Black's in a notation: Chinese notation numbers Red's files 一 … 九 and
// Black's 1 … 9, each from its own right; WXF uses digits for both; ICCS
// names the files a … i on both sides.
export function fileLabels(notation) {
  const red = [], black = [];
  for (let f = 0; f < 9; f++) {
    if (notation === "iccs") {
      red.push(FILES[f]);
      black.push(FILES[f]);
    } else {
      red.push(notation === "wxf" ? String(9 - f) : CN_DIGITS[8 - f]);
      black.push(String(f + 1));
    }
  }
  return { red, black };
}

// parseBoard reads the piece placement of a FEN into a map from square
// name to piece letter.
export function parseBoard(fen) {
  const pieces = new Map();
  const rows = (fen || "").split(" ")[0].split("/");
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let file = 0;
    for (const ch of row) {
      if (ch >= "0" && ch <= "9") {
        file += Number(ch);
      } else {
        if (file < 9 && rank >= 0) pieces.set(FILES[file] + rank, ch);
        file++;
      }
    }
  });
  return pieces;
}

// boardFEN writes a piece map back as the placement part of a FEN.
export function boardFEN(pieces) {
  const rows = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = "", empty = 0;
    for (let f = 0; f < 9; f++) {
      const p = pieces.get(FILES[f] + rank);
      if (!p) { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += p;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join("/");
}

// glyph returns the character of a piece letter.
export function glyph(letter) { return GLYPHS[letter] || "?"; }

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// Board draws the board in el. onMove(iccs) is called for a legal move of
// the user, onPoint(square) instead in set-up mode, onRefused(text) for a
// move that is not legal.
export class Board {
  constructor(el, { onMove, onPoint, onRefused }) {
    this.el = el;
    this.onMove = onMove;
    this.onPoint = onPoint;
    this.onRefused = onRefused;
    this.flipped = false;
    this.editing = false;
    this.pieces = new Map();
    this.legal = [];
    this.selected = null;
    this.drag = null;
    this.points = new Map();
    this.notation = "chinese";
    this.build();
  }

  // build makes the lines, the points and the arrow layer once.
  build() {
    this.el.replaceChildren();
    const lines = svg("svg", { class: "lines", viewBox: "0 0 90 100", preserveAspectRatio: "none" });
    const add = (x1, y1, x2, y2) => lines.append(svg("line", { x1, y1, x2, y2 }));
    for (let r = 0; r < 10; r++) add(5, 5 + 10 * r, 85, 5 + 10 * r);
    for (let f = 0; f < 9; f++) {
      const x = 5 + 10 * f;
      if (f === 0 || f === 8) add(x, 5, x, 95);
      else { add(x, 5, x, 45); add(x, 55, x, 95); }
    }
    add(35, 5, 55, 25); add(55, 5, 35, 25); add(35, 75, 55, 95); add(55, 75, 35, 95);
    const river = svg("text", { x: 45, y: 51.8, class: "river", "text-anchor": "middle" });
    river.textContent = "楚 河　　　　漢 界";
    lines.append(river);
    this.el.append(lines);
    this.layer = document.createElement("div");
    this.layer.className = "points";
    this.el.append(this.layer);
    for (let r = 0; r < 10; r++) {
      for (let f = 0; f < 9; f++) {
        const pt = document.createElement("div");
        pt.className = "point";
        pt.dataset.square = FILES[f] + r;
        this.points.set(pt.dataset.square, pt);
        this.layer.append(pt);
      }
    }
    this.arrows = svg("svg", { class: "arrows", viewBox: "0 0 90 100", preserveAspectRatio: "none" });
    const defs = svg("defs", {});
    const marker = svg("marker", { id: "head", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto-start-reverse" });
    marker.append(svg("path", { d: "M0,0 L10,5 L0,10 z" }));
    defs.append(marker);
    this.arrows.append(defs);
    this.el.append(this.arrows);
    this.coords = document.createElement("div");
    this.coords.className = "coords";
    this.el.append(this.coords);
    this.place();
    this.el.addEventListener("pointerdown", (e) => this.down(e));
    window.addEventListener("pointermove", (e) => this.moveDrag(e));
    window.addEventListener("pointerup", (e) => this.up(e));
  }

  // xy returns the position of a square in percent of the board.
  xy(square) {
    let f = FILES.indexOf(square[0]), r = Number(square.slice(1));
    if (this.flipped) { f = 8 - f; r = 9 - r; }
    return [f * 100 / 9, (9 - r) * 10];
  }

  place() {
    for (const [sq, pt] of this.points) {
      const [x, y] = this.xy(sq);
      pt.style.left = x + "%";
      pt.style.top = y + "%";
    }
    this.label();
  }

  // label writes the coordinates: each side's file names along its edge
  // (Red's by rank 0, Black's by rank 9) and, in ICCS, the ranks 0 … 9
  // down the left edge.
  label() {
    this.coords.replaceChildren();
    const { red, black } = fileLabels(this.notation);
    const add = (cls, text, square, edge) => {
      const [x, y] = this.xy(square);
      const span = document.createElement("span");
      span.className = "coord " + cls;
      span.textContent = text;
      if (edge === "side") {
        span.style.top = y + 5 + "%";
      } else {
        span.style.left = x + 50 / 9 + "%";
        span.classList.add(y === 0 ? "top" : "bottom");
      }
      this.coords.append(span);
    };
    for (let f = 0; f < 9; f++) {
      add("red file", red[f], FILES[f] + "0");
      add("black file", black[f], FILES[f] + "9");
    }
    if (this.notation === "iccs") {
      for (let r = 0; r < 10; r++) add("rank", String(r), "a" + r, "side");
    }
  }

  // setNotation names the coordinates in a notation: chinese, wxf or iccs.
  setNotation(notation) {
    if (notation === this.notation) return;
    this.notation = notation;
    this.label();
  }

  setFlipped(flipped) {
    if (flipped === this.flipped) return;
    this.flipped = flipped;
    this.place();
    this.drawArrows(this.lastArrows || []);
  }

  // show draws a position: fen, the legal moves offered, the last move and
  // whether the side to move is in check.
  show({ fen, legal = [], last = "", inCheck = false, editing = false }) {
    this.pieces = parseBoard(fen);
    this.legal = legal;
    this.editing = editing;
    this.turnRed = (fen.split(" ")[1] || "w") !== "b";
    if (this.selected && !this.legal.some((m) => m.startsWith(this.selected))) this.selected = null;
    for (const [sq, pt] of this.points) {
      const p = this.pieces.get(sq);
      pt.replaceChildren();
      pt.classList.toggle("last", last !== "" && (last.slice(0, 2) === sq || last.slice(2) === sq));
      if (p) {
        const pc = document.createElement("span");
        pc.className = "piece " + (p === p.toUpperCase() ? "red" : "black");
        if (inCheck && (p === "K" && this.turnRed || p === "k" && !this.turnRed)) pc.classList.add("check");
        pc.textContent = glyph(p);
        pt.append(pc);
      }
    }
    this.mark();
  }

  // mark highlights the selected piece and its targets.
  mark() {
    const targets = new Set(this.selected ? this.legal.filter((m) => m.startsWith(this.selected)).map((m) => m.slice(2)) : []);
    for (const [sq, pt] of this.points) {
      pt.classList.toggle("selected", sq === this.selected);
      pt.classList.toggle("target", targets.has(sq));
    }
  }

  squareAt(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const pt = el && el.closest("[data-square]");
    return pt && this.el.contains(pt) ? pt.dataset.square : null;
  }

  down(e) {
    const pt = e.target.closest("[data-square]");
    if (!pt) return;
    const sq = pt.dataset.square;
    e.preventDefault();
    if (this.editing) { this.onPoint(sq); return; }
    if (this.selected && sq !== this.selected && !this.movesFrom(sq)) {
      this.tryMove(this.selected + sq);
      return;
    }
    if (this.movesFrom(sq)) {
      this.selected = sq;
      this.drag = { from: sq, x: e.clientX, y: e.clientY, ghost: null };
      this.mark();
    } else if (this.pieces.has(sq)) {
      this.onRefused("That piece cannot move now.");
    }
  }

  movesFrom(sq) { return this.legal.some((m) => m.startsWith(sq)); }

  tryMove(move) {
    this.selected = null;
    this.mark();
    if (this.legal.includes(move)) this.onMove(move);
    else this.onRefused("Illegal move " + move + ".");
  }

  moveDrag(e) {
    const d = this.drag;
    if (!d) return;
    if (!d.ghost && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    if (!d.ghost) {
      const src = this.points.get(d.from).firstChild;
      if (!src) return;
      d.ghost = src.cloneNode(true);
      d.ghost.classList.add("ghost");
      const size = this.points.get(d.from).getBoundingClientRect();
      d.ghost.style.width = size.width + "px";
      d.ghost.style.height = size.height + "px";
      document.body.append(d.ghost);
      src.classList.add("lifted");
    }
    d.ghost.style.left = e.clientX + "px";
    d.ghost.style.top = e.clientY + "px";
  }

  up(e) {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    if (!d.ghost) return; // a click: the piece stays selected
    d.ghost.remove();
    const src = this.points.get(d.from).firstChild;
    if (src) src.classList.remove("lifted");
    const to = this.squareAt(e);
    if (to && to !== d.from) this.tryMove(d.from + to);
  }

  // drawArrows draws arrows for moves: [{move, weight}] with weight 0..1.
  drawArrows(list) {
    this.lastArrows = list;
    this.arrows.querySelectorAll("line").forEach((l) => l.remove());
    for (const { move, weight } of list) {
      if (!move || move.length !== 4) continue;
      const [x1, y1] = this.xy(move.slice(0, 2)), [x2, y2] = this.xy(move.slice(2));
      const tx = (x) => x * 0.9 + 5, ty = (y) => y + 5;
      this.arrows.append(svg("line", {
        x1: tx(x1), y1: ty(y1), x2: tx(x2), y2: ty(y2), class: "arrow", "marker-end": "url(#head)",
        "stroke-opacity": 0.25 + 0.6 * weight, "stroke-width": 1 + 1.5 * weight,
      }));
    }
  }
}
