package engine

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func TestStartPositionMoves(t *testing.T) {
	p := StartPosition()
	var all, captures MoveList
	p.GenerateLegalMoves(&all)
	p.GenerateCaptures(&captures)
	if all.Count != 44 {
		t.Errorf("start position has %d legal moves, want 44", all.Count)
	}
	if captures.Count != 2 {
		t.Errorf("start position has %d captures, want 2", captures.Count)
	}
	for _, m := range captures.Slice() {
		if m.Captured() != BlackHorse || m.Piece() != RedCannon {
			t.Errorf("unexpected capture %s", m)
		}
	}
}

// TestGeneratorsAgree checks on random positions that captures plus quiets
// are exactly the pseudo-legal moves, that IsPseudoLegal accepts exactly the
// generated moves among all from/to pairs, and that the legality filter
// agrees with playing the move.
func TestGeneratorsAgree(t *testing.T) {
	for _, c := range loadPerftCases(t) {
		p, _ := NewPosition(c.fen)
		var all, caps, quiets MoveList
		p.GenerateMoves(&all)
		p.GenerateCaptures(&caps)
		p.GenerateQuiets(&quiets)
		if caps.Count+quiets.Count != all.Count {
			t.Fatalf("%s: %d captures + %d quiets != %d moves", c.fen, caps.Count, quiets.Count, all.Count)
		}
		for _, m := range caps.Slice() {
			if !m.IsCapture() {
				t.Fatalf("%s: capture generator gave %s", c.fen, m)
			}
		}
		for from := Square(0); from < NumSquares; from++ {
			for to := Square(0); to < NumSquares; to++ {
				m := p.moveFromSquares(from, to)
				if m == NoMove {
					continue
				}
				if p.IsPseudoLegal(m) != all.Contains(m) {
					t.Fatalf("%s: IsPseudoLegal(%s) = %v, generator disagrees", c.fen, m, p.IsPseudoLegal(m))
				}
			}
		}
		for _, m := range all.Slice() {
			legal := p.IsLegal(m)
			exposed := p.moveExposesKing(m)
			if legal == exposed {
				t.Fatalf("%s: IsLegal(%s) = %v but the full test says exposed = %v", c.fen, m, legal, exposed)
			}
		}
	}
}

func TestParseMove(t *testing.T) {
	p := StartPosition()
	if m, err := p.ParseMove("h2e2"); err != nil || m.String() != "h2e2" || m.Piece() != RedCannon {
		t.Errorf("h2e2: %v %v", m, err)
	}
	if m, err := p.ParseMove("H2E2"); err != nil || m.String() != "h2e2" {
		t.Errorf("H2E2: %v %v", m, err)
	}
	for _, s := range []string{"", "h2", "h2e", "h2e22", "z2e2", "h2e:", "h2-e2"} {
		if _, err := p.ParseMove(s); !errors.Is(err, ErrMoveSyntax) {
			t.Errorf("%q: got %v, want a syntax error", s, err)
		}
	}
	for _, s := range []string{"h2h2", "e0e2", "h9g7", "a0a5", "b0b2", "h2h8", "e3e5", "c0e3"} {
		if _, err := p.ParseMove(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestMoveEncoding(t *testing.T) {
	m := newMove(MakeSquare(7, 2), MakeSquare(7, 9), RedCannon, BlackHorse)
	if m.From() != MakeSquare(7, 2) || m.To() != MakeSquare(7, 9) || m.Piece() != RedCannon ||
		m.Captured() != BlackHorse || !m.IsCapture() || m.String() != "h2h9" {
		t.Errorf("move fields wrong: %s", m)
	}
	if MirrorMove(m).String() != "b2b9" {
		t.Errorf("mirror of h2h9 is %s", MirrorMove(m))
	}
	if NoMove.String() != "0000" {
		t.Error("NoMove should print as 0000")
	}
}

func TestMoveGenerationAllocatesNothing(t *testing.T) {
	p, _ := NewPosition("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	allocs := testing.AllocsPerRun(100, func() {
		var list MoveList
		p.GenerateLegalMoves(&list)
		var caps MoveList
		p.GenerateCaptures(&caps)
		for _, m := range list.Slice() {
			p.MakeMove(m)
			p.UnmakeMove(m)
		}
		p.Perft(2)
	})
	if allocs != 0 {
		t.Errorf("move generation allocates %.1f times per run", allocs)
	}
}

func FuzzParseMove(f *testing.F) {
	f.Add(StartFEN, "h2e2")
	f.Add(StartFEN, "b0c2")
	f.Add("3k5/9/9/9/9/9/9/9/9/3RK4 b", "d9e9")
	f.Fuzz(func(t *testing.T, fen, move string) {
		p, err := NewPosition(fen)
		if err != nil {
			return
		}
		before := p.FEN()
		m, err := p.ParseMove(move)
		if p.FEN() != before {
			t.Fatal("ParseMove changed the position")
		}
		if err != nil {
			return
		}
		var list MoveList
		p.GenerateLegalMoves(&list)
		if !list.Contains(m) {
			t.Fatalf("ParseMove accepted %q which is not legal in %s", move, fen)
		}
	})
}

// TestLegalityShortcutAgrees walks two plies below every perft position and
// checks that IsLegal's shortcut (blockers and screens) gives the same answer
// as playing the move on the board.
func TestLegalityShortcutAgrees(t *testing.T) {
	depth := 2
	if testing.Short() {
		depth = 1
	}
	for _, c := range loadPerftCases(t) {
		p, _ := NewPosition(c.fen)
		var walk func(d int)
		walk = func(d int) {
			var list MoveList
			p.GenerateMoves(&list)
			for _, m := range list.Slice() {
				legal := p.IsLegal(m)
				if legal == p.moveExposesKing(m) {
					t.Fatalf("%s: IsLegal(%s) = %v disagrees with the full test", p.FEN(), m, legal)
				}
				if d > 0 && legal {
					p.MakeMove(m)
					walk(d - 1)
					p.UnmakeMove(m)
				}
			}
		}
		walk(depth)
	}
}

// TestSquareAttackedAgrees compares the early-exit attack test with the
// full attacker list on every square of every perft position.
func TestSquareAttackedAgrees(t *testing.T) {
	for _, c := range loadPerftCases(t) {
		p, _ := NewPosition(c.fen)
		for s := Square(0); s < NumSquares; s++ {
			for by := Red; by <= Black; by++ {
				var att [16]Square
				if got, want := p.squareAttacked(s, by), p.attackersTo(s, by, &att) > 0; got != want {
					t.Fatalf("%s: squareAttacked(%s, %s) = %v, attackersTo says %v", c.fen, s, by, got, want)
				}
			}
		}
	}
}

// TestLegalityShortcutInRandomGames compares IsLegal with playing the move
// for every pseudo-legal move along random games, which reach many more
// checks (where the shortcut rejects most moves unplayed) than the perft
// positions.
func TestLegalityShortcutInRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checks := 0
	for game := 0; game < 300; game++ {
		p := StartPosition()
		for ply := 0; ply < 200; ply++ {
			var list MoveList
			p.GenerateMoves(&list)
			var legal MoveList
			for _, m := range list.Slice() {
				ok := p.IsLegal(m)
				if ok == p.moveExposesKing(m) {
					t.Fatalf("%s (in check %v): IsLegal(%s) = %v disagrees with playing it", p.FEN(), p.InCheck(), m, ok)
				}
				if ok {
					legal.add(m)
				}
			}
			if p.InCheck() {
				checks++
			}
			if legal.Count == 0 {
				break
			}
			p.MakeMove(legal.Moves[rng.IntN(legal.Count)])
		}
	}
	if checks < 1000 {
		t.Errorf("only %d positions in check: the test does not exercise evasions", checks)
	}
}
