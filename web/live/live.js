// The live match view: one socket (/ws) from the server of `ucci match
// -serve` sends a snapshot of the match, then each change: a game that
// starts, a move, an engine's search line, a game that ends (with the
// table), the end of the match. The page draws the games in progress
// (board, clocks, each engine's depth, score and PV, the moves), the
// standings and crosstable, and replays the finished games.

import { Board, parseBoard, boardFEN } from "./board.js";

const $ = (id) => document.getElementById(id);
const noop = () => {};

// position returns the FEN of the game from fen after moves (ICCS); only
// the placement and the side to move matter to the drawing.
function position(fen, moves) {
  const pieces = parseBoard(fen);
  let red = (fen.split(" ")[1] || "w") !== "b";
  for (const m of moves) {
    const p = pieces.get(m.slice(0, 2));
    pieces.delete(m.slice(0, 2));
    if (p) pieces.set(m.slice(2, 4), p);
    red = !red;
  }
  return boardFEN(pieces) + (red ? " w" : " b");
}

// redMovesFirst tells whether Red moves first from fen.
function redMovesFirst(fen) { return (fen.split(" ")[1] || "w") !== "b"; }

// clockText writes milliseconds as m:ss (h:mm:ss from an hour).
function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// moveItem returns the list item of the move at ply of a game from fen,
// numbered when it is Red's (or the first).
function moveItem(fen, ply, move) {
  const li = el("li", "", move);
  li.dataset.ply = ply;
  const first = redMovesFirst(fen) ? 0 : 1;
  if ((ply + first) % 2 === 0 || ply === 0) li.dataset.num = Math.floor((ply + first) / 2) + 1;
  return li;
}

// Card is a game in progress on the page.
class Card {
  constructor(g) {
    this.g = g;
    this.root = el("div", "game");
    this.root.dataset.game = g.n;
    this.root.append(el("div", "title", `Game ${g.n}: ${g.red} – ${g.black}`));
    this.sides = [this.side(g.red, "red"), this.side(g.black, "black")];
    const boardEl = el("div", "board small");
    this.root.append(this.sides[1].row, boardEl, this.sides[0].row, this.sides[0].search, this.sides[1].search);
    this.list = el("ol", "moves");
    this.root.append(this.list);
    this.board = new Board(boardEl, { onMove: noop, onPoint: noop, onRefused: noop });
    this.clocks = g.clocks.slice();
    this.at = performance.now() - (g.ago || 0);
    g.moves.forEach((m, i) => this.addMove(i, m, g.notes[i]));
    (g.search || []).forEach((s) => s && this.info(s));
    this.draw();
  }

  side(name, colour) {
    const row = el("div", "side " + colour);
    const clock = el("span", "clock " + colour);
    row.append(el("span", "name", name), clock);
    const search = el("div", "search " + colour);
    search.dataset.side = colour;
    return { row, clock, search };
  }

  addMove(ply, move, note) {
    const li = moveItem(this.g.fen, ply, move);
    if (note) li.title = note;
    this.list.append(li);
    this.list.scrollTop = this.list.scrollHeight;
  }

  move(m) {
    if (m.ply !== this.g.moves.length) return;
    this.g.moves.push(m.move);
    this.g.notes.push(m.note);
    this.addMove(m.ply, m.move, m.note);
    this.clocks = m.clocks.slice();
    this.at = performance.now();
    this.draw();
  }

  info(s) {
    const box = this.sides[s.side].search;
    box.replaceChildren();
    box.dataset.depth = s.depth;
    box.append(`d${s.depth} `);
    if (s.score) box.append(el("span", "score", s.score), " ");
    box.append((s.pv || []).join(" "));
  }

  // toMove returns the colour index (0 Red, 1 Black) of the side to move.
  toMove() {
    const red = redMovesFirst(this.g.fen) === (this.g.moves.length % 2 === 0);
    return red ? 0 : 1;
  }

  draw() {
    const moves = this.g.moves;
    const fen = position(this.g.fen, moves);
    this.root.dataset.fen = fen;
    this.root.dataset.plies = moves.length;
    this.board.show({ fen, last: moves.length ? moves[moves.length - 1] : "" });
    this.tick();
  }

  tick() {
    const turn = this.toMove();
    const spent = performance.now() - this.at;
    this.sides.forEach((s, c) => {
      s.clock.textContent = clockText(this.clocks[c] - (c === turn ? spent : 0));
      s.clock.classList.toggle("running", c === turn);
    });
  }
}

const cards = new Map();
const done = new Map();
let over = false;

function showNone() { $("none").hidden = cards.size > 0; }

function start(g) {
  if (cards.has(g.n)) cards.get(g.n).root.remove();
  const c = new Card(g);
  cards.set(g.n, c);
  const after = [...$("games").children].find((x) => Number(x.dataset.game) > g.n);
  $("games").insertBefore(c.root, after || null);
  showNone();
}

function finish(d) {
  const c = cards.get(d.n);
  if (c) { c.root.remove(); cards.delete(d.n); }
  showNone();
  if (done.has(d.n)) return;
  done.set(d.n, d);
  const tr = el("tr");
  tr.dataset.game = d.n;
  tr.append(el("td", "", String(d.n)), el("td", "name", d.red), el("td", "name", d.black),
    el("td", "result", d.result), el("td", "name", d.termination));
  const td = el("td");
  const b = el("button", "replay-game", "Replay");
  b.addEventListener("click", () => replay(d.n));
  td.append(b);
  tr.append(td);
  const rows = [...$("finished").tBodies[0].rows];
  $("finished").tBodies[0].insertBefore(tr, rows.find((r) => Number(r.dataset.game) > d.n) || null);
}

function table(t) {
  $("progress").textContent = t.planned ? `${t.played} of ${t.planned} games played` : `${t.played} games played`;
  const body = $("standings").tBodies[0];
  body.replaceChildren();
  for (const r of t.standings) {
    const tr = el("tr");
    tr.append(el("td", "", String(r.rank)), el("td", "name", r.name), el("td", "", String(r.games)),
      el("td", "", String(r.wins)), el("td", "", String(r.draws)), el("td", "", String(r.losses)),
      el("td", "pts", String(r.points)), el("td", "", String(r.sb)));
    body.append(tr);
  }
  const head = $("cross").tHead;
  head.replaceChildren();
  const hr = el("tr");
  hr.append(el("th", "", ""));
  t.names.forEach((n, i) => { const th = el("th", "", String(i + 1)); th.title = n; hr.append(th); });
  head.append(hr);
  const cb = $("cross").tBodies[0];
  cb.replaceChildren();
  t.names.forEach((n, i) => {
    const tr = el("tr");
    tr.append(el("td", "name", `${i + 1}. ${n}`));
    t.cross[i].forEach((cell, j) => tr.append(el("td", i === j ? "self" : "", i === j ? "×" : cell)));
    cb.append(tr);
  });
}

// The replay of a finished game.
let replayBoard = null;
let replayGame = null;
let replayPly = 0;

function replay(n) {
  const d = done.get(n);
  if (!d) return;
  if (!replayBoard) replayBoard = new Board($("replay-board"), { onMove: noop, onPoint: noop, onRefused: noop });
  replayGame = d;
  $("replay").classList.remove("hidden");
  $("replay").dataset.game = n;
  $("replay-title").textContent = `Game ${d.n}: ${d.red} – ${d.black}, ${d.result} (${d.termination})`;
  const list = $("replay-moves");
  list.replaceChildren();
  d.moves.forEach((m, i) => {
    const li = moveItem(d.fen, i, m);
    if (d.notes[i]) li.title = d.notes[i];
    li.addEventListener("click", () => goTo(i + 1));
    list.append(li);
  });
  goTo(d.moves.length);
}

function goTo(ply) {
  const d = replayGame;
  if (!d) return;
  replayPly = Math.max(0, Math.min(ply, d.moves.length));
  const moves = d.moves.slice(0, replayPly);
  const fen = position(d.fen, moves);
  $("replay").dataset.fen = fen;
  $("replay").dataset.ply = replayPly;
  replayBoard.show({ fen, last: replayPly ? moves[replayPly - 1] : "" });
  $("replay-ply").textContent = `move ${replayPly} of ${d.moves.length}`;
  [...$("replay-moves").children].forEach((li, i) => li.classList.toggle("current", i === replayPly - 1));
}

$("replay-first").addEventListener("click", () => goTo(0));
$("replay-prev").addEventListener("click", () => goTo(replayPly - 1));
$("replay-next").addEventListener("click", () => goTo(replayPly + 1));
$("replay-last").addEventListener("click", () => goTo(Infinity));

function status(text, cls) {
  $("conn").textContent = text;
  $("conn").className = "conn " + cls;
}

function matchOver() {
  over = true;
  for (const c of cards.values()) c.root.remove();
  cards.clear();
  showNone();
  status("match over", "ok over");
}

function receive(msg) {
  switch (msg.t) {
  case "snapshot":
    $("event").textContent = msg.event;
    for (const c of cards.values()) c.root.remove();
    cards.clear();
    msg.done.forEach(finish);
    msg.live.forEach(start);
    table(msg.table);
    showNone();
    if (msg.over) matchOver();
    break;
  case "start": start(msg.game); break;
  case "move": if (cards.has(msg.n)) cards.get(msg.n).move(msg); break;
  case "info": if (cards.has(msg.n)) cards.get(msg.n).info(msg); break;
  case "end": finish(msg.game); table(msg.table); break;
  case "over": table(msg.table); matchOver(); break;
  }
}

function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onopen = () => status("live", "ok");
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = () => {
    if (over) return;
    status("reconnecting…", "bad");
    setTimeout(connect, 1000);
  };
}

setInterval(() => { for (const c of cards.values()) c.tick(); }, 200);
connect();
