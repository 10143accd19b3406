package engineproc

// Move text. The runner keeps moves in ICCS (ranks 0-9 from Red's side,
// h2e2), as UCCI and Pikafish-style UCI engines write them; engines driven
// in Fairy-Stockfish's generic UCI (ProtoUCIFSF) number the ranks 1-10
// (h3e3, h10g8), so their moves are converted on the way out and in.

// MoveToEngine writes an ICCS move in the convention of p.
func MoveToEngine(p Protocol, iccs string) string {
	if p != ProtoUCIFSF || len(iccs) != 4 {
		return iccs
	}
	b := make([]byte, 0, 6)
	for i := 0; i < 4; i += 2 {
		b = append(b, iccs[i])
		if rank := iccs[i+1] - '0' + 1; rank == 10 {
			b = append(b, '1', '0')
		} else {
			b = append(b, '0'+rank)
		}
	}
	return string(b)
}

// MoveFromEngine reads a move the engine wrote in the convention of p and
// returns it in ICCS, or unchanged when it is no move of that convention
// (the referee then rejects it).
func MoveFromEngine(p Protocol, text string) string {
	if p != ProtoUCIFSF {
		return text
	}
	out := make([]byte, 0, 4)
	i := 0
	for range 2 {
		if i >= len(text) || text[i] < 'a' || text[i] > 'i' {
			return text
		}
		out = append(out, text[i])
		i++
		switch {
		case i+1 < len(text) && text[i] == '1' && text[i+1] == '0':
			out = append(out, '9')
			i += 2
		case i < len(text) && text[i] >= '1' && text[i] <= '9':
			out = append(out, text[i]-1)
			i++
		default:
			return text
		}
	}
	if i != len(text) {
		return text
	}
	return string(out)
}
