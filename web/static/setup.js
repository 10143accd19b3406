// The set-up editor: a palette of pieces placed on the board by clicking,
// turned into a FEN for the server to check.

import { boardFEN, glyph, parseBoard } from "./board.js";

const START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
const LETTERS = ["K", "A", "B", "N", "R", "C", "P", "k", "a", "b", "n", "r", "c", "p", ""];

export class Setup {
  constructor(palette, turnSelect) {
    this.turn = turnSelect;
    this.pieces = parseBoard(START);
    this.pick = "R";
    this.buttons = [];
    for (const letter of LETTERS) {
      const b = document.createElement("button");
      b.className = "pal " + (letter === "" ? "eraser" : letter === letter.toUpperCase() ? "red" : "black");
      b.textContent = letter === "" ? "✕" : glyph(letter);
      b.title = letter === "" ? "eraser" : letter;
      b.dataset.piece = letter;
      b.addEventListener("click", () => { this.pick = letter; this.markPick(); });
      palette.append(b);
      this.buttons.push(b);
    }
    this.markPick();
  }

  markPick() { this.buttons.forEach((b) => b.classList.toggle("active", b.dataset.piece === this.pick)); }

  // load starts editing from a FEN.
  load(fen) {
    this.pieces = parseBoard(fen);
    this.turn.value = (fen.split(" ")[1] || "w") === "b" ? "b" : "w";
  }

  start() { this.pieces = parseBoard(START); this.turn.value = "w"; }

  clear() { this.pieces = new Map(); }

  // point places the picked piece on sq, or clears it (clicking the same
  // piece again clears it too).
  point(sq) {
    if (this.pick === "" || this.pieces.get(sq) === this.pick) this.pieces.delete(sq);
    else this.pieces.set(sq, this.pick);
  }

  fen() { return boardFEN(this.pieces) + " " + this.turn.value + " - - 0 1"; }
}
