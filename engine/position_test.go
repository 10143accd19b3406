package engine

import (
	"math/rand/v2"
	"testing"
)

// sameState compares everything MakeMove and UnmakeMove touch.
func sameState(a, b *Position) bool {
	if a.board != b.board || a.rankOcc != b.rankOcc || a.fileOcc != b.fileOcc ||
		a.pieces != b.pieces || a.occupied != b.occupied || a.kings != b.kings || a.side != b.side ||
		a.inCheck != b.inCheck || a.check10 != b.check10 || a.rule60 != b.rule60 ||
		a.revPlies != b.revPlies || a.key != b.key || a.fullmove != b.fullmove ||
		a.eval != b.eval || a.histLen != b.histLen || a.repFilter != b.repFilter {
		return false
	}
	return equalHistory(a.history[:a.histLen], b.history[:b.histLen])
}

func equalHistory(a, b []historyEntry) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// keyFromScratch recomputes the Zobrist key from the board.
func keyFromScratch(p *Position) uint64 {
	var k uint64
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			k ^= zobristPiece[pc][s]
		}
	}
	if p.side == Black {
		k ^= zobristSide
	}
	return k
}

// TestMakeUnmakeRestores plays random games and checks after every move
// that the incremental key matches the board (and KeyAfter's prediction)
// and that UnmakeMove restores the exact previous state.
func TestMakeUnmakeRestores(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 200; game++ {
		p := StartPosition()
		for ply := 0; ply < 150; ply++ {
			var list MoveList
			p.GenerateLegalMoves(&list)
			if list.Count == 0 {
				break
			}
			for _, m := range list.Moves[:list.Count] {
				want := p.KeyAfter(m)
				p.MakeMove(m)
				if p.Key() != want {
					t.Fatalf("KeyAfter(%s) = %x, MakeMove gives %x in %s", m, want, p.Key(), p.FEN())
				}
				p.UnmakeMove(m)
			}
			m := list.Moves[rng.IntN(list.Count)]
			before := *p
			p.MakeMove(m)
			if p.Key() != keyFromScratch(p) {
				t.Fatalf("key mismatch after %s in %s", m, before.FEN())
			}
			for pc := range p.pieces {
				if p.Count(Piece(pc)) != p.pieces[pc].Count() {
					t.Fatalf("count of piece %d is %d, the board has %d after %s", pc, p.Count(Piece(pc)), p.pieces[pc].Count(), m)
				}
			}
			if p.InCheck() != p.kingAttacked(p.side) {
				t.Fatalf("inCheck wrong after %s", m)
			}
			p.UnmakeMove(m)
			if !sameState(p, &before) {
				t.Fatalf("unmake of %s did not restore %s (got %s)", m, before.FEN(), p.FEN())
			}
			p.MakeMove(m)
		}
	}
}

func TestNullMoveRestores(t *testing.T) {
	p := StartPosition()
	before := *p
	p.MakeNullMove()
	if p.SideToMove() != Black || p.Key() != keyFromScratch(p) {
		t.Fatal("null move did not pass the turn")
	}
	p.UnmakeNullMove()
	if !sameState(p, &before) {
		t.Fatal("null move not restored")
	}
}

func TestMirroredKey(t *testing.T) {
	p, _ := NewPosition("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
	if p.MirroredKey() != p.Mirrored().Key() {
		t.Error("MirroredKey differs from the key of the mirrored position")
	}
	if p.Mirrored().MirroredKey() != p.Key() {
		t.Error("mirroring twice does not give the original key")
	}
	if s := StartPosition(); s.MirroredKey() != s.Key() {
		t.Error("the symmetric start position must be its own mirror")
	}
}

func TestPlayGameMoveCompactsHistory(t *testing.T) {
	// Shuffle chariots for far longer than the history holds.
	p, err := NewPosition("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	moves := []string{"a0a1", "d9d8", "a1a0", "d8d9"}
	for i := 0; i < 3*MaxHistory; i++ {
		m, err := p.ParseMove(moves[i%4])
		if err != nil {
			t.Fatal(err)
		}
		p.PlayGameMove(m)
		if p.HistoryLen() > MaxHistory-MaxPly {
			t.Fatalf("history grew to %d", p.HistoryLen())
		}
	}
	if count, _ := p.findRepetition(); count < 2 {
		t.Errorf("repetitions forgotten after compaction: %d", count)
	}
	var want [repFilterSize]uint16
	for _, h := range p.history[:p.histLen] {
		want[h.key&(repFilterSize-1)]++
	}
	if want != p.repFilter {
		t.Error("the repetition filter does not count the remembered history")
	}
}

// TestNaturalLimitCounterSaturates: a game far longer than any limit
// without a capture keeps its counter at the top instead of wrapping
// around to a negative count (which made the engine forget the limit).
func TestNaturalLimitCounterSaturates(t *testing.T) {
	p, err := NewPosition("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	shuffle := []string{"a1a2", "e9f9", "a2a1", "f9e9"}
	for i := range 40_000 {
		m, err := p.ParseMove(shuffle[i%len(shuffle)])
		if err != nil {
			t.Fatalf("ply %d: %v", i, err)
		}
		p.PlayGameMove(m)
		if p.Rule60() < 0 {
			t.Fatalf("ply %d: counter wrapped to %d", i, p.Rule60())
		}
	}
	if p.Rule60() != maxRule60 {
		t.Fatalf("counter %d after 40,000 quiet plies, want %d", p.Rule60(), maxRule60)
	}
}
