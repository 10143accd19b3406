// What the page keeps in the browser's local storage, so that a reload or
// a new browser session finds the board as it was: the record (its tree
// as a PGN in ICCS notation with the line shown and the ply) and the
// settings of play, analysis and view. Nothing of it goes anywhere but
// back to this page's server when the page opens.

const RECORD = "goxq.board.record";
const SETTINGS = "goxq.board.settings";
const START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

function load(key) {
  try {
    const v = JSON.parse(localStorage.getItem(key) || "null");
    return v && typeof v === "object" ? v : null;
  } catch {
    return null; // storage refused or text not ours: start afresh
  }
}

function save(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or refused (a private window): the page works without it
  }
}

// loadSettings returns the kept settings ({} when none).
export function loadSettings() { return load(SETTINGS) || {}; }

// saveSettings keeps the settings.
export function saveSettings(s) { save(SETTINGS, s); }

// loadRecord returns the kept record {pgn, path, ply}, null when none.
export function loadRecord() {
  const r = load(RECORD);
  return r && typeof r.pgn === "string" && typeof r.path === "string" && Number.isInteger(r.ply) ? r : null;
}

// saveRecord keeps the record {pgn, path, ply}.
export function saveRecord(r) { save(RECORD, r); }

// tagLine writes a PGN tag pair, the value escaped.
function tagLine(name, value) {
  return `[${name} "${String(value).replace(/[\\"]/g, (c) => "\\" + c).replace(/[\r\n]/g, " ")}"]`;
}

// recordPGN writes the board of a state as PGN: its headers, rules and
// start position, and the tree's moves in ICCS, each variation in
// brackets after the move it replaces.
export function recordPGN(st) {
  const lines = st.tags.map((t) => tagLine(t.name, t.value));
  lines.push(tagLine("Rules", st.rules));
  if (st.startFen !== START) lines.push(tagLine("SetUp", "1"), tagLine("FEN", st.startFen));
  const out = [];
  const line = (moves) => {
    for (const tm of moves) {
      out.push(tm.iccs);
      for (const v of tm.vars || []) {
        out.push("(");
        line(v);
        out.push(")");
      }
    }
  };
  line(st.tree);
  out.push("*");
  return lines.join("\n") + "\n\n" + out.join(" ") + "\n";
}
