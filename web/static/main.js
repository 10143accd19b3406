// The page: the WebSocket to the server (one session per tab), the state
// it sends after every change, and the controls of play, analysis, set-up
// and records. The server checks everything; the page only offers the
// legal moves it was sent. The board (as a PGN of its tree) and the
// settings are kept in the browser's local storage (keep.js) and sent
// back after a reload.

import { Board } from "./board.js";
import { arrowsOf, drawGraph, showBook, showLines } from "./analysis.js";
import { Setup } from "./setup.js";
import { loadRecord, loadSettings, recordPGN, saveRecord, saveSettings } from "./keep.js";

const $ = (id) => document.getElementById(id);

let ws = null;
let st = null; // the last state
let stAt = 0; // when it arrived (for the running clock)
let tab = "play";
let flipped = false;
let lastAnalysis = null;
let restoring = false; // a kept board was sent back and is not shown yet
let firstState = true; // the server's first state, the start: never kept
const settings = loadSettings();

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
      case "games": showGames(msg); break;
      case "error": restoring = false; showError(msg.msg); break;
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
    const o = document.createElement("option");
    o.value = c.value;
    o.label = c.label;
    $("controls").append(o);
  }
  document.title = `GoXQ board ${msg.version}`;
  if (settings.enginePlay < msg.engines.length) $("engine-play").value = settings.enginePlay;
  // A link with ?fen= opens that position; else the board kept from the
  // last visit comes back. The server's first state (the start) comes
  // before either and is not kept.
  const fen = new URLSearchParams(location.search).get("fen");
  const kept = loadRecord();
  if (fen) {
    send({ t: "fen", fen });
    history.replaceState(null, "", location.pathname);
  } else if (kept) {
    restoring = true;
    send({ t: "import", data: base64(new TextEncoder().encode(kept.pgn)), restore: true, path: kept.path, ply: kept.ply });
  }
  if (settings.multipv && settings.multipv !== 3) send({ t: "multipv", n: settings.multipv });
  if (settings.engine > 0 && settings.engine < msg.engines.length) send({ t: "engine", engine: settings.engine });
  if (settings.analysing) send({ t: "analyse", on: true });
}

// keepSettings saves the controls' values and the view.
function keepSettings() {
  saveSettings({
    side: $("side").value, tc: $("tc").value, level: $("level").value, rules: $("rules").value,
    enginePlay: Number($("engine-play").value || 0), fromPosition: $("from-position").checked,
    notation: $("notation").value, flipped, tab,
    multipv: st ? st.multipv : settings.multipv, engine: st ? st.engine : settings.engine,
    analysing: st ? st.mode === "analyse" && st.analysing : settings.analysing,
  });
}

function state(msg) {
  const plyChanged = !st || st.ply !== msg.ply || st.fen !== msg.fen;
  st = msg;
  stAt = performance.now();
  if (restoring && msg.notice.includes("as you left it")) restoring = false;
  if (firstState) {
    firstState = false;
  } else if (!restoring) {
    saveRecord({ pgn: recordPGN(st), path: st.moves.map((m) => m.iccs).join(" "), ply: st.ply });
    keepSettings();
  }
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
  else if (st.game && st.game.over) clearNotice(); // an offer or news of a game that is over
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
  board.setNotation($("notation").value);
  renderBoard();
  $("verdict").textContent = st.verdict;
  $("warning").textContent = st.warning;
  $("tablebase").textContent = st.tablebase ? st.tablebase.text : "";
  $("tablebase").className = "tablebase" + (st.tablebase ? " " + st.tablebase.result : "");
  renderMoves();
  renderHeaders();
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
  $("link").value = positionLink(st.fen);
}

// positionLink returns a link to this page that opens a position.
function positionLink(fen) {
  return `${location.origin}${location.pathname}?fen=${encodeURIComponent(fen)}`;
}

function moveText(m) {
  const n = $("notation").value;
  return n === "iccs" ? m.iccs : n === "wxf" ? m.wxf : m.chinese;
}

// renderMoves shows the main line, a row a move number, with each
// variation after the row of the move it replaces, in brackets, nested
// ones inline, each with buttons to promote or delete it. The moves of the
// line shown carry data-ply (their ply along it); every move carries
// data-node (its id).
function renderMoves() {
  const box = $("moves");
  box.replaceChildren();
  const onLine = new Map(st.line.map((id, i) => [id, i + 1]));
  const blackFirst = (st.startFen.split(" ")[1] || "w") === "b";
  const redMove = (ply) => (blackFirst ? ply % 2 === 0 : ply % 2 === 1);
  const number = (ply) => (blackFirst ? Math.floor(ply / 2) + 1 : Math.floor((ply + 1) / 2));
  const moveSpan = (tm) => {
    const span = document.createElement("span");
    span.className = "mv";
    span.dataset.node = tm.id;
    const ply = onLine.get(tm.id);
    if (ply !== undefined) {
      span.dataset.ply = ply;
      if (ply === st.ply) span.classList.add("current");
    }
    span.textContent = moveText(tm);
    span.addEventListener("click", () => send(ply !== undefined ? { t: "goto", ply } : { t: "node", node: tm.id }));
    return span;
  };
  const text = (cls, t) => Object.assign(document.createElement("span"), { className: cls, textContent: t });
  // inline writes a variation's moves into el, numbered, nested ones in brackets.
  const inline = (el, moves) => {
    moves.forEach((tm, i) => {
      if (redMove(tm.ply)) el.append(text("vnum", `${number(tm.ply)}.`));
      else if (i === 0) el.append(text("vnum", `${number(tm.ply)}…`));
      el.append(moveSpan(tm));
      for (const v of tm.vars || []) el.append(variation("span", "sub", v));
    });
  };
  const variation = (tag, cls, moves) => {
    const el = document.createElement(tag);
    el.className = cls;
    el.dataset.node = moves[0].id;
    el.append(text("paren", "("));
    inline(el, moves);
    el.append(text("paren", ")"));
    const up = Object.assign(document.createElement("button"), { className: "promote", textContent: "↑", title: "make this the line played" });
    up.addEventListener("click", (e) => { e.stopPropagation(); send({ t: "promote", node: moves[0].id }); });
    const del = Object.assign(document.createElement("button"), { className: "delete", textContent: "✕", title: "delete this variation" });
    del.addEventListener("click", (e) => { e.stopPropagation(); send({ t: "delete", node: moves[0].id }); });
    el.append(up, del);
    return el;
  };
  let row = null;
  for (const tm of st.tree) {
    const red = redMove(tm.ply);
    if (red || row === null) {
      row = Object.assign(document.createElement("div"), { className: "row" });
      row.append(text("num", `${number(tm.ply)}.`));
      if (!red) row.append(text("mv empty", "…"));
      box.append(row);
    }
    row.append(moveSpan(tm));
    if (tm.vars && tm.vars.length > 0) {
      for (const v of tm.vars) box.append(variation("div", "var", v));
      row = null;
    }
  }
  const cur = box.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

// renderHeaders shows the headers of an imported game.
function renderHeaders() {
  const tag = (name) => (st.tags.find((t) => t.name === name) || {}).value || "";
  const el = $("headers");
  el.replaceChildren();
  if (st.tags.length === 0) return;
  const b = (t) => Object.assign(document.createElement("b"), { textContent: t });
  el.append(b(tag("Red") || "?"), " (Red) – ", b(tag("Black") || "?"), " (Black)");
  for (const part of [tag("Event"), tag("Site"), tag("Date"), tag("Result")]) {
    if (part && part !== "?" && part !== "????.??.??") el.append(" · " + part);
  }
}

// showGames lists the games of a file for the user to pick one.
function showGames(msg) {
  const body = $("games").querySelector("tbody");
  body.replaceChildren();
  msg.games.forEach((g, i) => {
    const tr = document.createElement("tr");
    tr.dataset.game = i;
    for (const v of [i + 1, g.red, g.black, g.event, g.date, g.result, g.moves]) {
      tr.append(Object.assign(document.createElement("td"), { textContent: v }));
    }
    tr.addEventListener("click", () => { send({ t: "pick", n: i }); $("games").classList.add("hidden"); });
    body.append(tr);
  });
  $("games").classList.remove("hidden");
  if (msg.bad > 0) showError(`${msg.bad} game(s) of the file could not be read.`);
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
  let text = `You (${you}) against ${g.engine}, ${levelText(g.level)}, ${g.tc}, rules ${st.rules}.`;
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

// levelText writes a strength: full, skill:N or elo:N.
function levelText(level) {
  const [kind, n] = level.split(":");
  if (kind === "skill") return `Skill level ${n}`;
  if (kind === "elo") return `Elo ${n}`;
  return "full strength";
}

let noticeTimer = 0, errorTimer = 0;
function showNotice(text) {
  $("notice").textContent = text;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(clearNotice, 8000);
}
function clearNotice() {
  clearTimeout(noticeTimer);
  $("notice").textContent = "";
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
  keepSettings();
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

for (const id of ["side", "tc", "level", "rules", "engine-play", "from-position"]) $(id).addEventListener("change", keepSettings);
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
$("notation").addEventListener("change", () => { keepSettings(); if (st) { render(); if (lastAnalysis) analysis(lastAnalysis); } });
$("flip").addEventListener("click", () => { flipped = !flipped; keepSettings(); if (st) render(); });
$("copy-fen").addEventListener("click", () => { if (st) copy(st.fen, "FEN copied."); });
$("copy-link").addEventListener("click", () => { if (st) copy(positionLink(st.fen), "Link copied: it opens this position."); });
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

// copy puts text on the clipboard (through the selected link field when
// the Clipboard API is refused) and says so.
function copy(text, done) {
  const fallback = () => {
    const el = $("link");
    const keep = el.value;
    el.value = text;
    el.select();
    const ok = document.execCommand("copy");
    el.value = keep;
    ok ? showNotice(done) : showError("The browser refused to copy: select the text and copy it.");
  };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(() => showNotice(done), fallback);
  else fallback();
}

// The settings kept from the last visit.
for (const id of ["side", "tc", "level", "rules", "notation"]) {
  const el = $(id), v = settings[id];
  if (typeof v === "string" && (el.tagName !== "SELECT" || [...el.options].some((o) => o.value === v))) el.value = v;
}
$("from-position").checked = !!settings.fromPosition;
flipped = !!settings.flipped;
if (settings.tab) selectTab(settings.tab);

connect();
