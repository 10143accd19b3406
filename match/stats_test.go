package match

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestRecordStats(t *testing.T) {
	r := Record{Wins: 60, Draws: 20, Losses: 20}
	if r.Games() != 100 || r.Score() != 0.7 || r.DrawRatio() != 0.2 {
		t.Errorf("games %d score %v draws %v", r.Games(), r.Score(), r.DrawRatio())
	}
	elo, lo, hi := r.Elo()
	if !near(elo, 147.19, 0.01) || !near(lo, 86.23, 0.01) || !near(hi, 218.25, 0.01) {
		t.Errorf("Elo %v [%v, %v], want 147.19 [86.23, 218.25]", elo, lo, hi)
	}
	if los := (Record{Wins: 12, Draws: 5, Losses: 8}).LOS(); !near(los, 0.81445, 1e-4) {
		t.Errorf("LOS %v, want 0.81445", los)
	}
	if los := (Record{Draws: 5}).LOS(); los != 0.5 {
		t.Errorf("LOS without decisive games %v", los)
	}
	elo, lo, hi = Record{Wins: 10, Draws: 10, Losses: 10}.Elo()
	if elo != 0 || !near(lo, -hi, 1e-9) {
		t.Errorf("even score: %v [%v, %v]", elo, lo, hi)
	}
	if elo, _, _ := (Record{Wins: 3}).Elo(); !math.IsInf(elo, 1) {
		t.Errorf("all wins: Elo %v", elo)
	}
	if elo, lo, hi := (Record{}).Elo(); elo != 0 || !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("no games: %v [%v, %v]", elo, lo, hi)
	}
	for _, e := range []float64{-300, -10, 0, 55.5, 400} {
		if got := EloFromScore(ScoreFromElo(e)); !near(got, e, 1e-9) {
			t.Errorf("round trip %v -> %v", e, got)
		}
	}
}

func TestSPRT(t *testing.T) {
	s, err := ParseSPRT("0, 10, 0.05, 0.05")
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := s.Bounds()
	if !near(lo, -2.944439, 1e-6) || !near(hi, 2.944439, 1e-6) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	p := PairingStats{Record: Record{Wins: 520, Draws: 200, Losses: 480}, Penta: [5]int{10, 60, 150, 70, 10}}
	if llr := s.LLR(p); !near(llr, 0.786084, 1e-5) {
		t.Errorf("trinomial LLR %v, want 0.786084", llr)
	}
	s.Pentanomial = true
	if llr := s.LLR(p); !near(llr, 0.112620, 1e-5) {
		t.Errorf("pentanomial LLR %v, want 0.112620", llr)
	}
	s.Pentanomial = false
	if st := s.status(PairingStats{Record: Record{Wins: 900, Draws: 200, Losses: 500}}); st.Decision != "H1" {
		t.Errorf("a clear gain: %+v", st)
	}
	if st := s.status(PairingStats{Record: Record{Wins: 400, Draws: 200, Losses: 600}}); st.Decision != "H0" {
		t.Errorf("a clear loss: %+v", st)
	}
	if st := s.status(PairingStats{Record: Record{Draws: 10}}); st.Decision != "" || st.LLR != 0 {
		t.Errorf("no variance: %+v", st)
	}
	for _, bad := range []string{"", "0,5,0.05", "5,0,0.05,0.05", "0,5,0,0.05", "0,5,0.05,x", "0,5,0.6,0.05"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
}

// resultOf builds a Result from games given as (red, black, red's points).
func resultOf(names []string, games [][3]float64) *Result {
	r := &Result{Names: names}
	for _, g := range games {
		gr := GameResult{Red: int(g[0]), Black: int(g[1])}
		switch g[2] {
		case 1:
			gr.Termination.Outcome = engine.RedWins
		case 0:
			gr.Termination.Outcome = engine.BlackWins
		default:
			gr.Termination.Outcome = engine.Draw
		}
		r.Games = append(r.Games, gr)
	}
	return r
}

func TestStandings(t *testing.T) {
	// A beats B, B beats C, C beats A, and all beat D: a three-way tie on
	// points, SB, wins and head-to-head, left in engine order.
	names := []string{"A", "B", "C", "D"}
	games := [][3]float64{{0, 1, 1}, {1, 2, 1}, {2, 0, 1}, {0, 3, 1}, {1, 3, 1}, {3, 2, 0}}
	rows := resultOf(names, games).Standings()
	if rows[3].Name != "D" || rows[3].Points != 0 {
		t.Errorf("last row %+v", rows[3])
	}
	for i, row := range rows[:3] {
		if row.Name != names[i] || row.Points != 2 || row.SB != 2 || row.HeadToHead != 1 {
			t.Errorf("row %d: %+v", i, row)
		}
	}
	// B only draws D: A and C tie on points, C has the better SB.
	games[4][2] = 0.5
	rows = resultOf(names, games).Standings()
	want := []struct {
		name   string
		points float64
		sb     float64
	}{{"C", 2, 2.5}, {"A", 2, 2}, {"B", 1.5, 2.25}, {"D", 0.5, 0.75}}
	for i, w := range want {
		if rows[i].Name != w.name || rows[i].Points != w.points || !near(rows[i].SB, w.sb, 1e-9) {
			t.Errorf("row %d: %+v, want %+v", i, rows[i], w)
		}
	}
}

func TestHeadToHead(t *testing.T) {
	// B (1) beats A (0); both end with 1.5 points, SB 2 and one win, so
	// only their direct game ranks B above A. D leads, C is last.
	games := [][3]float64{{1, 0, 1}, {1, 2, 0.5}, {1, 3, 0}, {0, 2, 1}, {0, 3, 0.5}, {2, 3, 0.5}}
	rows := resultOf([]string{"A", "B", "C", "D"}, games).Standings()
	got := rows[0].Name + rows[1].Name + rows[2].Name + rows[3].Name
	if got != "DBAC" {
		t.Errorf("order %s, want DBAC: %+v", got, rows)
	}
	if rows[1].HeadToHead != 1 || rows[2].HeadToHead != 0 {
		t.Errorf("head-to-head %v %v", rows[1].HeadToHead, rows[2].HeadToHead)
	}
}

// TestSPRTDecisionStands: the game that crosses a bound decides the test;
// games that were being played then and end afterwards change the LLR,
// even back inside the bounds, but not the decision (the interrupted SPRT
// of stop 25: H1 at 121 games, LLR 2.95, then 2.89 after two more).
func TestSPRTDecisionStands(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	crossed := PairingStats{Record: Record{Wins: 73, Draws: 31, Losses: 17}}
	var st *SPRTStatus
	for games, p := range []PairingStats{{Record: Record{Wins: 72, Draws: 31, Losses: 17}}, crossed} {
		st = s.update(st, p)
		if games == 0 && st.Decision != "" {
			t.Fatalf("decided before the crossing: %+v", st)
		}
	}
	if st.Decision != "H1" || st.DecidedAt != 121 || st.LLR < st.Upper {
		t.Fatalf("at the crossing: %+v", st)
	}
	after := PairingStats{Record: Record{Wins: 73, Draws: 31, Losses: 19}}
	st = s.update(st, after)
	if st.LLR >= st.Upper || st.Decision != "H1" || st.DecidedAt != 121 {
		t.Errorf("after two losses in flight: %+v, want LLR back under %.2f and the decision kept", st, st.Upper)
	}
	var b strings.Builder
	(&Result{SPRT: st}).WriteReport(&b)
	if !strings.Contains(b.String(), "H1 accepted after 121 games") {
		t.Errorf("report %q", b.String())
	}
}

// TestSPRTPrior: a test split over two sittings reaches the LLR, the
// decision and the decision's game count of one sitting with all the
// games; the report names the earlier games; the prior is read as the
// report prints it.
func TestSPRTPrior(t *testing.T) {
	for _, pentanomial := range []bool{false, true} {
		s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Pentanomial: pentanomial}
		first := PairingStats{Record: Record{Wins: 300, Draws: 500, Losses: 200}, Penta: [5]int{10, 80, 280, 110, 20}}
		second := PairingStats{Record: Record{Wins: 90, Draws: 100, Losses: 50}, Penta: [5]int{2, 15, 60, 35, 8}}
		whole := PairingStats{Record: Record{Wins: 390, Draws: 600, Losses: 250}, Penta: [5]int{12, 95, 340, 145, 28}}
		text := "300,500,200"
		if pentanomial {
			text = " 10, 80,280,110,20"
		}
		prior, err := ParseSPRTPrior(text, pentanomial)
		if err != nil {
			t.Fatal(err)
		}
		continued := s
		continued.Prior = prior
		alone, split, all := s.status(second), continued.status(second), s.status(whole)
		if !near(split.LLR, all.LLR, 1e-9) || near(split.LLR, alone.LLR, 0.1) {
			t.Errorf("pentanomial %v: LLR %v with the prior, %v of all the games at once, %v of the sitting alone", pentanomial, split.LLR, all.LLR, alone.LLR)
		}
		if split.Decision != "H1" || alone.Decision != "" {
			t.Errorf("pentanomial %v: decision %q with the prior, %q alone", pentanomial, split.Decision, alone.Decision)
		}
		if st := continued.update(nil, second); st.DecidedAt != first.Games()+second.Games() {
			t.Errorf("pentanomial %v: decided at %d games, want %d", pentanomial, st.DecidedAt, first.Games()+second.Games())
		}
		var b strings.Builder
		(&Result{SPRT: split}).WriteReport(&b)
		if !strings.Contains(b.String(), fmt.Sprintf("(%d games of earlier sittings counted)", prior.Games())) {
			t.Errorf("report %q", b.String())
		}
	}
	// Too few games in both sittings together: no decision yet.
	few := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Prior: SPRTPrior{Wins: 20}}
	if st := few.status(PairingStats{Record: Record{Wins: MinSPRTGames - 21}}); st.Decision != "" {
		t.Errorf("decided on %d games: %+v", MinSPRTGames-1, st)
	}
	if st := few.status(PairingStats{Record: Record{Wins: MinSPRTGames - 20, Losses: 1}}); st.Decision != "H1" {
		t.Errorf("not decided on %d games: %+v", MinSPRTGames+1, st)
	}
	for _, bad := range []struct {
		text        string
		pentanomial bool
	}{{"1,2", false}, {"1,2,3,4,5", false}, {"1,2,3", true}, {"1,-2,3", false}, {"1,x,3", false}, {"", true}, {"1,2,3,4,5.5", true}} {
		if _, err := ParseSPRTPrior(bad.text, bad.pentanomial); err == nil {
			t.Errorf("ParseSPRTPrior(%q, %v) accepted", bad.text, bad.pentanomial)
		}
	}
}
