package engine

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
