// The page: the WebSocket to the server (one session per tab), the state
// it sends after every change, and the controls of play, analysis, set-up
// and records. The server checks everything; the page only offers the
// legal moves it was sent.

import { Board } from "./board.js";
import { arrowsOf, drawGraph, showBook, showLines } from "./analysis.js";
import { Setup } from "./setup.js";

const $ = (id) => document.getElementById(id);

let ws = null;
let st = null; // the last state
let stAt = 0; // when it arrived (for the running clock)
let tab = "play";
let flipped = false;
let lastAnalysis = null;

const board = new Board($("board"), {
  onMove: (move) => send({ t: "move", move }),
  onPoint: (sq) => { setup.point(sq); renderBoard(); },
  onRefused: (text) => showError(text),
});
const setup = new Setup($("palette"), $("setup-turn"));

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws`);
  ws.onopen = () => { $("conn").textContent = "connected"; $("conn").className = "conn ok"; };
  ws.onclose = (ev) => {
    $("conn").textContent = `disconnected${ev.reason ? ` (${ev.reason})` : ""} — reload the page`;
    $("conn").className = "conn bad";
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    switch (msg.t) {
      case "hello": hello(msg); break;
      case "state": state(msg); break;
      case "analysis": analysis(msg); break;
      case "pgn": download(msg); break;
      case "error": showError(msg.msg); break;
    }
  };
}

function hello(msg) {
  for (const id of ["engine-play", "engine-analyse"]) {
    const sel = $(id);
    sel.replaceChildren();
    msg.engines.forEach((name, i) => sel.append(new Option(name, i)));
  }
  $("controls").replaceChildren();
  for (const c of msg.controls) {
    const [id, ...rest] = c.split("  ");
    const o = document.createElement("option");
    o.value = id.replace("=SECONDS", "=900");
    o.label = rest.join(" ").trim();
    $("controls").append(o);
  }
  document.title = `GoXQ board ${msg.version}`;
}

function state(msg) {
  const plyChanged = !st || st.ply !== msg.ply || st.fen !== msg.fen;
  st = msg;
  stAt = performance.now();
  if (plyChanged || !(st.mode === "analyse" && st.analysing)) {
    if (!(st.game && st.game.thinking)) { lastAnalysis = null; $("lines").replaceChildren(); }
    board.drawArrows([]);
  }
  if (st.game && st.mode === "play" && !st.game.over && st.moves.length === 0) {
    flipped = st.game.player === "black";
  }
  $("analyse-on").checked = st.mode === "analyse" && st.analysing;
  $("multipv").value = st.multipv;
  $("engine-analyse").value = st.engine;
  render();
  if (st.notice) showNotice(st.notice);
}

function analysis(msg) {
  if (!st || msg.ply !== st.ply) return;
  lastAnalysis = msg;
  showLines($("lines"), msg, $("notation").value, (move) => { if (st.legal.includes(move)) send({ t: "move", move }); });
  board.drawArrows(st.mode === "analyse" ? arrowsOf(msg) : []);
  if (msg.lines.length > 0 && !msg.playing) {
    const s = msg.lines[0].score;
    st.evals[msg.ply] = { s: msg.turn === "red" ? s : -s, k: true };
    renderGraph();
  }
}

function render() {
  board.setFlipped(flipped);
  renderBoard();
  $("verdict").textContent = st.verdict;
  $("warning").textContent = st.warning;
  renderMoves();
  renderGraph();
  showBook($("book").tBodies[0], st.book, $("notation").value, (move) => { if (st.legal.includes(move)) send({ t: "move", move }); });
  renderGame();
  renderClocks();
}

function renderBoard() {
  if (tab === "setup") {
    const fen = setup.fen();
    board.show({ fen, editing: true });
    $("fen").textContent = fen;
    return;
  }
  board.show({ fen: st.fen, legal: st.legal, last: st.last, inCheck: st.inCheck });
  $("fen").textContent = st.fen;
}

function moveText(m) {
  const n = $("notation").value;
  return n === "iccs" ? m.iccs : n === "wxf" ? m.wxf : m.chinese;
}

function renderMoves() {
  const ol = $("moves");
  ol.replaceChildren();
  const blackFirst = (st.startFen.split(" ")[1] || "w") === "b";
  let li = null;
  st.moves.forEach((m, i) => {
    const ply = i + 1;
    const red = blackFirst ? i % 2 === 1 : i % 2 === 0;
    if (red || li === null) {
      li = document.createElement("li");
      ol.append(li);
      if (!red) li.append(Object.assign(document.createElement("span"), { className: "mv empty", textContent: "…" }));
    }
    const span = document.createElement("span");
    span.className = "mv" + (ply === st.ply ? " current" : "");
    span.dataset.ply = ply;
    span.textContent = moveText(m);
    span.addEventListener("click", () => send({ t: "goto", ply }));
    li.append(span);
  });
  const cur = ol.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

function renderGraph() {
  drawGraph($("graph"), st.evals, st.ply, (ply) => send({ t: "goto", ply: Math.max(0, Math.min(ply, st.moves.length)) }));
}

function renderGame() {
  const g = st.game;
  const inPlay = g && st.mode === "play" && !g.over;
  $("draw").disabled = !inPlay;
  $("resign").disabled = !inPlay;
  $("undo").disabled = !(g && st.mode === "play" && st.moves.length > 0);
  $("draw").textContent = g && g.drawOffer === "engine" ? "Accept draw" : "Offer draw";
  if (!g) { $("game-info").textContent = "No game: moves are free for both sides."; return; }
  const you = g.player === "red" ? "Red" : "Black";
  let text = `You (${you}) against ${g.engine}, ${g.level}, ${g.tc}, rules ${st.rules}.`;
  if (g.over) text += " Game over.";
  else if (g.thinking) text += ` ${g.engine} is thinking…`;
  else if (st.legal.length > 0) text += " Your move.";
  $("game-info").textContent = text;
}

function clockText(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000), m = Math.floor(s / 60), h = Math.floor(m / 60);
  const pad = (n) => String(n).padStart(2, "0");
  if (ms < 10000) return `0:${pad(s)}.${Math.floor((ms % 1000) / 100)}`;
  return h > 0 ? `${h}:${pad(m % 60)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

function renderClocks() {
  const g = st && st.game;
  const top = $("clock-top"), bottom = $("clock-bottom");
  if (!g) { top.textContent = ""; bottom.textContent = ""; top.className = bottom.className = "clock"; return; }
  const elapsed = performance.now() - stAt;
  const sides = flipped ? ["red", "black"] : ["black", "red"];
  [top, bottom].forEach((el, i) => {
    const side = sides[i], idx = side === "red" ? 0 : 1;
    const running = g.running === side;
    const left = g.clocks[idx] - (running ? elapsed : 0);
    const who = side === g.player ? "You" : g.engine;
    el.textContent = `${side === "red" ? "Red" : "Black"} · ${who} · ${clockText(left)}${g.hasClock ? "" : " this move"}`;
    el.className = "clock " + side + (running ? " running" : "");
  });
}

let noticeTimer = 0, errorTimer = 0;
function showNotice(text) {
  $("notice").textContent = text;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { $("notice").textContent = ""; }, 8000);
}
function showError(text) {
  $("error").textContent = text;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => { $("error").textContent = ""; }, 5000);
}

function download(msg) {
  const url = URL.createObjectURL(new Blob([msg.text], { type: "application/x-chess-pgn;charset=utf-8" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: msg.name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function base64(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

function selectTab(name) {
  tab = name;
  document.querySelectorAll("#tabs button").forEach((b) => b.classList.toggle("active", b.dataset.tab === name));
  for (const p of ["play", "analyse", "setup"]) $("panel-" + p).classList.toggle("hidden", p !== name);
  if (name === "setup" && st) setup.load(st.fen);
  // After a game (or before any), the analysis board takes moves of both sides.
  if (name === "analyse" && st && st.mode === "play" && (!st.game || st.game.over)) send({ t: "analyse", on: false });
  if (st) renderBoard();
}

// The controls.
document.querySelectorAll("#tabs button").forEach((b) => b.addEventListener("click", () => selectTab(b.dataset.tab)));
const level = $("level");
level.append(new Option("Full strength", "full"));
for (let s = 19; s >= 0; s -= 1) level.append(new Option(`Skill level ${s}`, `skill:${s}`));
for (let e = 2600; e >= 1000; e -= 200) level.append(new Option(`Elo ${e}`, `elo:${e}`));
for (let n = 1; n <= 8; n++) $("multipv").append(new Option(String(n), n));

$("new-game").addEventListener("click", () => send({
  t: "new", side: $("side").value, tc: $("tc").value, level: $("level").value, rules: $("rules").value,
  engine: Number($("engine-play").value || 0), fromPosition: $("from-position").checked,
}));
$("draw").addEventListener("click", () => send({ t: "draw" }));
$("resign").addEventListener("click", () => send({ t: "resign" }));
$("undo").addEventListener("click", () => send({ t: "undo" }));
$("analyse-on").addEventListener("change", (e) => send({ t: "analyse", on: e.target.checked }));
$("multipv").addEventListener("change", (e) => send({ t: "multipv", n: Number(e.target.value) }));
$("engine-analyse").addEventListener("change", (e) => send({ t: "engine", engine: Number(e.target.value) }));
$("notation").addEventListener("change", () => { if (st) { render(); if (lastAnalysis) analysis(lastAnalysis); } });
$("flip").addEventListener("click", () => { flipped = !flipped; if (st) render(); });
const go = (ply) => { if (st) send({ t: "goto", ply: Math.max(0, Math.min(ply, st.moves.length)) }); };
$("nav-first").addEventListener("click", () => go(0));
$("nav-prev").addEventListener("click", () => go(st.ply - 1));
$("nav-next").addEventListener("click", () => go(st.ply + 1));
$("nav-last").addEventListener("click", () => go(st.moves.length));
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select") || !st) return;
  if (e.key === "ArrowLeft") go(st.ply - 1);
  if (e.key === "ArrowRight") go(st.ply + 1);
});
$("export").addEventListener("click", () => send({ t: "export", notation: $("notation").value }));
$("pgn-file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  send({ t: "import", data: base64(new Uint8Array(await file.arrayBuffer())) });
  e.target.value = "";
});
$("pgn-paste").addEventListener("click", () => send({ t: "import", data: base64(new TextEncoder().encode($("pgn-text").value)) }));
$("fen-load").addEventListener("click", () => send({ t: "fen", fen: $("fen-input").value }));
$("setup-start").addEventListener("click", () => { setup.start(); renderBoard(); });
$("setup-clear").addEventListener("click", () => { setup.clear(); renderBoard(); });
$("setup-turn").addEventListener("change", () => renderBoard());
$("setup-use").addEventListener("click", () => { send({ t: "fen", fen: setup.fen() }); selectTab("analyse"); });
setInterval(() => { if (st && st.game && st.game.running) renderClocks(); }, 100);

connect();
