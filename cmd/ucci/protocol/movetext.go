package protocol

import (
	"fmt"

	"github.com/goxq/ucci/engine"
)

// Move text. UCCI, Pikafish-style UCI and UCI-Cyclone number the ranks 0-9
// from Red's side (h2e2, h9g7). A GUI that sets UCI_Variant speaks
// Fairy-Stockfish's generic UCI, which numbers them 1-10 (h3e3, h10g8): the
// session then reads and writes moves that way until the next uci.

// parseMove reads a move of the session's convention in pos.
func (s *Session) parseMove(pos *engine.Position, text string) (engine.Move, error) {
	if !s.ranksFrom1 {
		return pos.ParseMove(text)
	}
	iccs, ok := ranksFrom1ToICCS(text)
	if !ok {
		return engine.NoMove, fmt.Errorf("%w: %q (ranks 1-10 after UCI_Variant)", engine.ErrMoveSyntax, truncate(text, 12))
	}
	m, err := pos.ParseMove(iccs)
	if err != nil {
		return engine.NoMove, fmt.Errorf("%w: %s", engine.ErrIllegalMove, text)
	}
	return m, nil
}

// appendMove writes m in the session's convention.
func (s *Session) appendMove(b []byte, m engine.Move) []byte {
	if !s.ranksFrom1 || m == engine.NoMove || m == engine.NullMove {
		return engine.AppendMove(b, m)
	}
	return appendRanksFrom1(b, m)
}

// appendRanksFrom1 writes m with ranks 1-10.
func appendRanksFrom1(b []byte, m engine.Move) []byte {
	for _, sq := range [2]engine.Square{m.From(), m.To()} {
		b = append(b, byte('a'+sq.File()))
		b = appendInt(b, int64(sq.Rank()+1))
	}
	return b
}

// ranksFrom1ToICCS converts a move with ranks 1-10 (h10g8) to ICCS (h9g7).
func ranksFrom1ToICCS(text string) (string, bool) {
	out := make([]byte, 0, 4)
	i := 0
	for range 2 {
		if i >= len(text) || text[i] < 'a' || text[i] > 'i' {
			return "", false
		}
		out = append(out, text[i])
		i++
		rank := 0
		digits := 0
		for i < len(text) && text[i] >= '0' && text[i] <= '9' && digits < 2 {
			rank = rank*10 + int(text[i]-'0')
			i++
			digits++
		}
		if digits == 0 || rank < 1 || rank > 10 || digits == 2 && rank < 10 {
			return "", false
		}
		out = append(out, byte('0'+rank-1))
	}
	if i != len(text) {
		return "", false
	}
	return string(out), true
}
