package protocol

import (
	"errors"
	"io/fs"
	"os"
	"strconv"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tb"
	"github.com/goxq/ucci/internal/paths"
)

// noTables is the TablebasePath value that turns the tables off (as
// Stockfish's SyzygyPath <empty>).
const noTables = "<empty>"

// setTBPath selects the tablebase directory (TablebasePath, UCCI tbpath);
// an empty value selects tb.DefaultDir, <empty> none. The tables are
// loaded at the next isready or go.
func (s *Session) setTBPath(v string) error {
	if v == "" {
		v = tb.DefaultDir
	}
	s.set.tbPath = v
	s.tbLoaded = false
	return nil
}

// loadTables loads the tables of the chosen directory once, at isready or
// go: a directory with no table leaves the search without them, a damaged
// or unreadable table is skipped with one message each, and the default
// directory may be missing without a word. The search probes them through
// its settings.
func (s *Session) loadTables() {
	if s.tbLoaded {
		return
	}
	s.tbLoaded = true
	if s.tables != nil {
		s.configure(func(st *engine.Settings) { st.Tablebases = nil })
		s.tables.Close()
		s.tables = nil
	}
	if s.set.tbPath == noTables {
		return
	}
	dir := paths.Resolve(s.set.tbPath)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) && s.set.tbPath == tb.DefaultDir {
		return
	}
	warned := false
	ts := tb.Load(dir, func(msg string) { s.reject(msg); warned = true })
	if ts.Len() == 0 {
		if !warned {
			s.reject("tablebases: no table in " + s.set.tbPath)
		}
		return
	}
	s.tables = ts
	s.configure(func(st *engine.Settings) { st.Tablebases = ts })
	s.say("tablebases: " + strconv.Itoa(ts.Len()) + " tables, up to " + strconv.Itoa(ts.MaxPieces()) + " pieces")
}

// sayTablebaseVerdict tells, before a search of a position in the tables,
// the table's verdict for the side to move under the natural-move limit:
// "tablebase win, conversion in N plies" (a mate where one side has its
// general alone), a loss likewise, or a draw.
func (s *Session) sayTablebaseVerdict() {
	if s.tables == nil || s.pos == nil {
		return
	}
	v, ok := s.pos.ProbeTB(s.tables)
	if !ok {
		return
	}
	s.say(tablebaseVerdict(v, s.pos, s.searcher.Settings().NaturalLimit))
}

// tablebaseVerdict words a table value of pos with the natural limit
// (plies, 0 for none).
func tablebaseVerdict(v tb.Value, pos *engine.Position, limit int) string {
	left := 1 << 30
	if limit > 0 {
		left = limit - pos.Rule60()
	}
	what := "conversion"
	if bare(pos, engine.Red) || bare(pos, engine.Black) {
		what = "mate"
	}
	n := strconv.Itoa(v.DTC())
	switch {
	case v.WinWithin(left):
		return "tablebase win, " + what + " in " + n + " plies"
	case v.LossWithin(left):
		return "tablebase loss, " + what + " in " + n + " plies"
	case v.IsWin():
		return "tablebase draw: a win in " + n + " plies, beyond the natural-move limit"
	case v.IsLoss():
		return "tablebase draw: a loss in " + n + " plies, beyond the natural-move limit"
	}
	return "tablebase draw"
}

// bare tells whether side c has its general alone.
func bare(pos *engine.Position, c engine.Color) bool {
	for t := engine.Advisor; t <= engine.Pawn; t++ {
		if pos.Count(engine.MakePiece(c, t)) > 0 {
			return false
		}
	}
	return true
}
