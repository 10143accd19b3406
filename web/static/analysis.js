// The analysis views: the engine's lines with scores and win/draw/loss
// chances, the evaluation graph over the game and the book's moves. Scores
// and chances are shown from Red's side.

const SVG = "http://www.w3.org/2000/svg";

// redScore turns a line's score (side to move's view) into Red's view.
function redScore(line, turn) { return turn === "red" ? line.score : -line.score; }

// scoreText writes a score from Red's view: +0.35, or M3 / -M3 for mates.
export function scoreText(line, turn) {
  if (line.mate) {
    const m = turn === "red" ? line.mate : -line.mate;
    return (m > 0 ? "M" : "-M") + Math.abs(m);
  }
  const s = redScore(line, turn) / 100;
  return (s > 0 ? "+" : "") + s.toFixed(2);
}

// wdlRed returns the chances of Red winning, a draw and Red losing.
function wdlRed(line, turn) {
  const [w, d, l] = line.wdl;
  return turn === "red" ? [w, d, l] : [l, d, w];
}

function wdlBar(wdl) {
  const bar = document.createElement("span");
  bar.className = "wdl";
  bar.title = `Red wins ${wdl[0] / 10}%, draw ${wdl[1] / 10}%, Black wins ${wdl[2] / 10}%`;
  ["w", "d", "l"].forEach((k, i) => {
    const seg = document.createElement("span");
    seg.className = k;
    seg.style.width = wdl[i] / 10 + "%";
    bar.append(seg);
  });
  return bar;
}

// showLines fills el with the lines of an analysis message; a click on a
// line plays its first move (onPlay) when the page may move.
export function showLines(el, msg, notation, onPlay) {
  el.replaceChildren();
  const head = document.createElement("div");
  head.className = "lines-head";
  head.textContent = msg.playing ? `${msg.engine} is thinking…` : `${msg.engine}, ${msg.turn === "red" ? "Red" : "Black"} to move`;
  el.append(head);
  for (const line of msg.lines) {
    const row = document.createElement("div");
    row.className = "line";
    row.dataset.multipv = line.multipv;
    const score = document.createElement("b");
    score.className = "score";
    score.textContent = scoreText(line, msg.turn);
    const depth = document.createElement("span");
    depth.className = "depth";
    depth.textContent = "d" + line.depth;
    const wdl = wdlRed(line, msg.turn);
    const pct = document.createElement("span");
    pct.className = "wdl-text";
    pct.textContent = `${Math.round(wdl[0] / 10)}/${Math.round(wdl[1] / 10)}/${Math.round(wdl[2] / 10)}`;
    const pv = document.createElement("span");
    pv.className = "pv";
    const texts = notation === "iccs" ? line.pv : notation === "wxf" ? line.wxf : line.chinese;
    pv.textContent = texts.join(" ");
    row.append(score, depth, wdlBar(wdl), pct, pv);
    if (line.pv.length > 0 && !msg.playing) row.addEventListener("click", () => onPlay(line.pv[0]));
    el.append(row);
  }
}

// arrowsOf returns the first moves of the lines as arrows, the best
// strongest.
export function arrowsOf(msg) {
  const n = msg.lines.length;
  return msg.lines.filter((l) => l.pv.length > 0).map((l, i) => ({ move: l.pv[0], weight: n === 1 ? 1 : 1 - i / n }));
}

// drawGraph draws the evaluation over the game (evals by ply, Red's view,
// capped at ±10 pawns) with the ply shown marked; a click calls onPly.
// Before any score is known it shows a light, empty chart that says so.
export function drawGraph(svgEl, evals, ply, onPly) {
  svgEl.replaceChildren();
  const W = 400, H = 100, n = Math.max(evals.length - 1, 20);
  const x = (i) => (i / n) * W;
  const y = (s) => H / 2 - (Math.max(-1000, Math.min(1000, s)) / 1000) * (H / 2 - 4);
  const add = (tag, attrs) => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    svgEl.append(el);
    return el;
  };
  const known = evals.some((e) => e.k);
  svgEl.classList.toggle("empty", !known);
  if (known) add("rect", { x: 0, y: 0, width: W, height: H / 2, class: "red-half" });
  add("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "axis" });
  if (!known) {
    add("text", { x: W / 2, y: H / 2 - 6, "text-anchor": "middle", class: "empty-text" })
      .textContent = "No scores yet: they come with analysis or the engine's moves";
  }
  const pts = [];
  evals.forEach((e, i) => { if (e.k) pts.push(`${x(i)},${y(e.s)}`); });
  if (pts.length > 0) add("polyline", { points: pts.join(" "), class: "curve" });
  evals.forEach((e, i) => { if (e.k) add("circle", { cx: x(i), cy: y(e.s), r: 2, class: "dot" }); });
  add("line", { x1: x(ply), y1: 0, x2: x(ply), y2: H, class: "cursor" });
  svgEl.onclick = (ev) => {
    const r = svgEl.getBoundingClientRect();
    onPly(Math.round(((ev.clientX - r.left) / r.width) * n));
  };
}

// showBook fills the book table; a click on a move plays it.
export function showBook(tbody, book, notation, onPlay) {
  tbody.replaceChildren();
  for (const b of book) {
    const tr = document.createElement("tr");
    const games = b.wins + b.draws + b.losses;
    const pct = (k) => (games ? Math.round((100 * k) / games) + "%" : "–");
    const text = notation === "iccs" ? b.move : notation === "wxf" ? b.wxf : b.chinese;
    for (const v of [text, games || "–", pct(b.wins), pct(b.draws), pct(b.losses)]) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.append(td);
    }
    tr.dataset.move = b.move;
    tr.addEventListener("click", () => onPlay(b.move));
    tbody.append(tr);
  }
}
