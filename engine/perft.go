package engine

import "sync/atomic"

// Perft counts the leaf nodes of the legal move tree to the given depth,
// counting the last ply in bulk.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var list MoveList
	p.generate(&list, genAll)
	var nodes uint64
	if depth == 1 {
		for _, m := range list.Moves[:list.Count] {
			if p.IsLegal(m) {
				nodes++
			}
		}
		return nodes
	}
	for _, m := range list.Moves[:list.Count] {
		if !p.IsLegal(m) {
			continue
		}
		p.MakeMove(m)
		nodes += p.Perft(depth - 1)
		p.UnmakeMove(m)
	}
	return nodes
}

// PerftDivide returns the legal root moves and the perft count below each.
func (p *Position) PerftDivide(depth int) ([]Move, []uint64) {
	var list MoveList
	p.GenerateLegalMoves(&list)
	moves := append([]Move(nil), list.Slice()...)
	counts := make([]uint64, len(moves))
	for i, m := range moves {
		p.MakeMove(m)
		counts[i] = p.Perft(depth - 1)
		p.UnmakeMove(m)
	}
	return moves, counts
}

// PerftUntil counts like Perft but gives up when stop is set, checking it at
// every interior node three or more plies from the leaves; ok is false when
// it gave up.
func (p *Position) PerftUntil(depth int, stop *atomic.Bool) (nodes uint64, ok bool) {
	if depth < 3 {
		return p.Perft(depth), true
	}
	if stop.Load() {
		return 0, false
	}
	var list MoveList
	p.generate(&list, genAll)
	for _, m := range list.Moves[:list.Count] {
		if !p.IsLegal(m) {
			continue
		}
		p.MakeMove(m)
		n, done := p.PerftUntil(depth-1, stop)
		p.UnmakeMove(m)
		if !done {
			return nodes, false
		}
		nodes += n
	}
	return nodes, true
}
