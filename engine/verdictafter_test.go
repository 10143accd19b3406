package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// playOnCopy is what the match runner did before VerdictAfter: play m on a
// copy of the whole game with other repetition folds.
func playOnCopy(g *Game, m Move, folds int) (Verdict, error) {
	probe := *g
	probe.moves = slices.Clone(g.moves)
	probe.SetRepetitionFolds(folds)
	return probe.Play(m)
}

// samePosition compares two positions with their histories, leaving out
// what is scratch space: the history slots beyond its length (MakeMove
// writes them) and the pin caches (any legality test may fill one, a
// replay of the history may leave one empty).
func samePosition(a, b *Position) bool {
	x, y := *a, *b
	for _, p := range []*Position{&x, &y} {
		clear(p.history[p.histLen:])
		p.safety = kingSafety{}
		for i := range p.history[:p.histLen] {
			p.history[i].safety = kingSafety{}
		}
	}
	return x == y
}

// checkVerdictAfter compares VerdictAfter with playing on a copy for every
// legal move of g's position, and checks that g is left as it was.
func checkVerdictAfter(t *testing.T, g *Game, folds int) {
	t.Helper()
	var list MoveList
	g.Position().GenerateLegalMoves(&list) // fills the position's pin cache
	before := *g.Position()
	verdict, moves := g.Verdict(), len(g.Moves())
	for _, m := range list.Slice() {
		want, wantErr := playOnCopy(g, m, folds)
		got, err := g.VerdictAfter(m, folds)
		if got != want || (err == nil) != (wantErr == nil) {
			t.Fatalf("%s, %s with %d folds: VerdictAfter %v (%v), played on a copy %v (%v)",
				before.FEN(), m, folds, got, err, want, wantErr)
		}
	}
	if !samePosition(g.Position(), &before) || g.Verdict() != verdict || len(g.Moves()) != moves || g.folds < 2 {
		t.Fatalf("%s: VerdictAfter changed the game", before.FEN())
	}
}

// TestVerdictAfterMatchesPlayingOnACopy: along every rules case (perpetual
// checks and chases, mates, the natural limit), each legal move judged in
// place with 2, 3 and 4 folds gets the verdict that playing it on a copy of
// the game gives, and the game is unchanged.
func TestVerdictAfterMatchesPlayingOnACopy(t *testing.T) {
	for _, c := range loadRulesCases(t) {
		for _, rules := range []RuleSet{RulesCXA, RulesAXF} {
			g, err := NewGame(c.fen, rules)
			if err != nil {
				t.Fatalf("%s: %v", c.id, err)
			}
			for _, mv := range c.moves {
				if g.Verdict().Over() {
					break
				}
				for _, folds := range []int{2, 3, 4} {
					checkVerdictAfter(t, g, folds)
				}
				if _, err := g.PlayMove(mv); err != nil {
					break
				}
			}
		}
	}
	g, _ := NewGame(StartFEN, RulesCXA)
	g.PlayMove("h2e2")
	if v, err := g.VerdictAfter(NoMove, 3); err == nil || v.Over() {
		t.Errorf("no move: %v, %v", v, err)
	}
}

// TestVerdictAfterWithAFullHistory: near the end of the position's history
// Play drops old plies first; VerdictAfter judges a copy then, with the
// same verdicts. (The game avoids captures and moves that end it.)
func TestVerdictAfterWithAFullHistory(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	g, _ := NewGame(StartFEN, RulesCXA)
	g.SetNaturalLimit(0)
	g.SetRepetitionFolds(10000)
	for len(g.Moves()) < MaxHistory && !g.Verdict().Over() {
		var list MoveList
		g.Position().GenerateLegalMoves(&list)
		quiet := list.Slice()[:0:0]
		for _, m := range list.Slice() {
			if v, _ := g.VerdictAfter(m, 10000); !m.IsCapture() && !v.Over() {
				quiet = append(quiet, m)
			}
		}
		if len(quiet) == 0 {
			quiet = list.Slice()
		}
		if g.Position().historyNearlyFull() {
			checkVerdictAfter(t, g, 3)
			checkVerdictAfter(t, g, 10000)
			return
		}
		if _, err := g.Play(quiet[rng.IntN(len(quiet))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("the game ended (%v) after %d plies before the history filled", g.Verdict(), len(g.Moves()))
}

// TestGamePositionIsTheGamesOwn: Position hands out the referee's position,
// without copying it, and it follows the game.
func TestGamePositionIsTheGamesOwn(t *testing.T) {
	g, _ := NewGame(StartFEN, RulesCXA)
	p := g.Position()
	if allocs := testing.AllocsPerRun(10, func() { p = g.Position() }); allocs != 0 {
		t.Errorf("Position allocates %v times", allocs)
	}
	g.PlayMove("h2e2")
	if p != g.Position() || p.HistoryLen() != 1 || p.SideToMove() != Black {
		t.Errorf("after a move: %s, history %d", p.FEN(), p.HistoryLen())
	}
}
