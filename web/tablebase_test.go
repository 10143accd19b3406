package web

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/tbgen"
)

// TestStateShowsTablebaseVerdict: with tables, the state of a position in
// them carries their verdict for the side to move (a mate distance where
// a side has its general alone); the start position carries none.
func TestStateShowsTablebaseVerdict(t *testing.T) {
	ts, err := tbgen.BuildNamed(t.TempDir(), []string{"KRKA"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()
	_, hs := startServer(t, Config{Tablebases: ts})
	c, _, st := dial(t, hs)
	if st.Tablebase != nil {
		t.Errorf("start position: %+v", st.Tablebase)
	}
	cases := []struct{ fen, result, words string }{
		{"3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1", "win", "Tablebase: red to move wins, conversion in "},
		{"3k5/9/9/9/9/9/9/9/9/4K3R b - - 0 1", "loss", "Tablebase: black to move loses, mate in "},
		{"3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 119 1", "draw", "Tablebase: draw (a win "},
	}
	for _, cs := range cases {
		p, _ := engine.NewPosition(cs.fen)
		v, ok := p.ProbeTB(ts)
		if !ok {
			t.Fatalf("%s: not in the tables", cs.fen)
		}
		c.sendJSON(clientMsg{T: "fen", FEN: cs.fen})
		st := c.state(5*time.Second, func(s stateMsg) bool { return s.FEN == cs.fen })
		tv := st.Tablebase
		if tv == nil || tv.Result != cs.result || !strings.HasPrefix(tv.Text, cs.words) {
			t.Errorf("%s (%s): %+v, want %s, %q", cs.fen, v, tv, cs.result, cs.words)
			continue
		}
		if cs.result != "draw" && (tv.Plies != v.DTC() || !strings.HasSuffix(tv.Text, " in "+strconv.Itoa(v.DTC())+" plies")) {
			t.Errorf("%s (%s): %+v", cs.fen, v, tv)
		}
	}
}
