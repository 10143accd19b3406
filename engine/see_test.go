package engine

import (
	"math/rand/v2"
	"testing"
)

// TestSEEExchanges: exchanges worked out by hand, each exact at its
// value: seeGE holds at the value and fails one centipawn above it.
func TestSEEExchanges(t *testing.T) {
	cases := []struct {
		fen, move string
		value     int
		why       string
	}{
		{"4k4/9/3n5/9/4p4/9/9/4R4/9/3K5 w - - 0 1", "e2e5", 100 - 900, "a chariot takes a soldier a horse defends"},
		{"4k4/9/3n5/9/4p4/9/9/4R4/4R4/3K5 w - - 0 1", "e2e5", 100 - 900 + 400, "two chariots in a file: the second takes the horse back"},
		{"5k3/4c4/4b4/9/4p4/9/9/4R4/9/3K5 w - - 0 1", "e2e5", 100 - 900, "a cannon takes back over the elephant, its screen"},
		{"5k3/4c4/9/9/4p4/9/9/4R4/9/3K5 w - - 0 1", "e2e5", 100, "the same cannon without a screen cannot"},
		{"4k4/4a4/9/9/9/9/9/4R4/9/3K5 w - - 0 1", "e2e8", 200 - 900, "the general takes the lone chariot"},
		{"4k4/4a4/9/9/9/9/9/4R4/4R4/3K5 w - - 0 1", "e2e8", 200, "the general may not take: the second chariot guards the square"},
		{"5k3/9/9/9/9/9/9/4R4/9/3K5 w - - 0 1", "e2e5", 0, "a quiet move to a square nothing attacks"},
		{"5k3/9/3n5/9/9/9/9/4R4/9/3K5 w - - 0 1", "e2e5", -900, "a quiet move into a horse's reach"},
		{"5k3/9/9/3n5/9/9/9/4R4/9/3K5 w - - 0 1", "e2e5", 0, "a horse next to the square does not reach it"},
	}
	for _, c := range cases {
		p, err := NewPosition(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.move, err)
		}
		if !p.seeGE(m, c.value) || p.seeGE(m, c.value+1) {
			t.Errorf("%s (%s %s): seeGE(%d) %v, seeGE(%d) %v; reference %d", c.why, c.fen, c.move,
				c.value, p.seeGE(m, c.value), c.value+1, p.seeGE(m, c.value+1), exchangeValue(p, m))
		}
	}
}

// exchangeValue is the exchange of m worked out by recursion, for
// reference: the captured piece less what the opponent gains on the
// square, where each side takes with its cheapest piece or stops.
func exchangeValue(p *Position, m Move) int {
	captured := p.boardMove(m.From(), m.To())
	v := seeValue[captured.Type()] - exchangeGain(p, m.To(), p.side.Opponent())
	p.boardUndo(m.From(), m.To(), captured)
	return v
}

// exchangeGain is what side gains by going on capturing on to (0 when it
// stops); a general may take only where nothing takes it back.
func exchangeGain(p *Position, to Square, side Color) int {
	var att [16]Square
	n := p.attackersTo(to, side, &att)
	if n == 0 {
		return 0
	}
	a := att[0]
	for _, s := range att[1:n] {
		if seeValue[p.board[s].Type()] < seeValue[p.board[a].Type()] {
			a = s
		}
	}
	captured := p.boardMove(a, to)
	defer p.boardUndo(a, to, captured)
	if p.board[to].Type() == King {
		if p.attackersTo(to, side.Opponent(), &att) > 0 {
			return 0
		}
		return seeValue[captured.Type()]
	}
	return max(0, seeValue[captured.Type()]-exchangeGain(p, to, side.Opponent()))
}

// TestSEEMatchesRecursion: over the moves of positions reached by random
// play from the bench and perft positions, seeGE agrees with the recursive
// reference at every threshold around the exchange's value and leaves the
// board as it found it.
func TestSEEMatchesRecursion(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 5))
	var fens []string
	fens = append(fens, BenchFENs...)
	for _, c := range loadPerftCases(t) {
		fens = append(fens, c.fen)
	}
	checked, losing := 0, 0
	for _, fen := range fens {
		p, err := NewPosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 40; ply++ {
			var list MoveList
			p.GenerateLegalMoves(&list)
			if list.Count == 0 {
				break
			}
			before := p.board
			for _, m := range list.Moves[:list.Count] {
				v := exchangeValue(p, m)
				if v < 0 {
					losing++
				}
				for _, d := range []int{-1000, -101, -1, 0, 1, 99, 1000} {
					if got := p.seeGE(m, v+d); got != (d <= 0) {
						t.Fatalf("%s %v: seeGE(%d) = %v, the exchange is worth %d", p.FEN(), m, v+d, got, v)
					}
				}
				checked++
			}
			if p.board != before {
				t.Fatalf("%s: the board changed", p.FEN())
			}
			p.MakeMove(list.Moves[rng.IntN(list.Count)])
		}
	}
	if checked < 10000 || losing < checked/20 {
		t.Errorf("%d moves checked, %d losing material: too few to test", checked, losing)
	}
}

// TestSEEAllocatesNothing: the exchange test is on the search's hot path.
func TestSEEAllocatesNothing(t *testing.T) {
	p, err := NewPosition("4k4/9/3n5/9/4p4/9/9/4R4/4R4/3K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseMove("e2e5")
	if a := testing.AllocsPerRun(100, func() { p.seeGE(m, 0) }); a != 0 {
		t.Errorf("%v allocations per call", a)
	}
}
