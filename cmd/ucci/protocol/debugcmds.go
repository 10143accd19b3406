package protocol

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/goxq/ucci/engine"
)

// Debugging commands of both dialects, as Stockfish-family engines have
// them: d (the board), eval (the evaluation term by term) and flip (swap
// the colours). They print info string lines (info message in UCCI).

// say prints a line of text for a person reading the engine's output.
func (s *Session) say(text string) {
	if s.dialect == dialectUCCI {
		s.out.line("info message " + asciiOnly(text))
	} else {
		s.out.line("info string " + asciiOnly(text))
	}
}

// display answers d: a board diagram (Black at the top, ranks in the
// session's convention), the FEN, the key, the checking pieces and the
// number of legal moves.
func (s *Session) display() {
	if s.pos == nil {
		s.reject("no usable position: " + s.posErr)
		return
	}
	p := s.pos
	s.say("    a b c d e f g h i")
	for r := engine.NumRanks - 1; r >= 0; r-- {
		var b strings.Builder
		label := r
		if s.ranksFrom1 {
			label++
		}
		fmt.Fprintf(&b, "%2d ", label)
		for f := 0; f < engine.NumFiles; f++ {
			b.WriteByte(' ')
			if pc := p.Board(engine.MakeSquare(f, r)); pc != engine.NoPiece {
				b.WriteByte(pc.Letter())
			} else {
				b.WriteByte('.')
			}
		}
		s.say(b.String())
	}
	s.say("Fen: " + p.FEN())
	s.say(fmt.Sprintf("Key: %016X", p.Key()))
	var checkers []string
	for _, sq := range p.Checkers() {
		checkers = append(checkers, s.squareName(sq))
	}
	if len(checkers) == 0 {
		checkers = append(checkers, "none")
	}
	s.say("Checkers: " + strings.Join(checkers, " "))
	var list engine.MoveList
	p.GenerateLegalMoves(&list)
	s.say("Legal moves: " + strconv.Itoa(list.Count))
}

// squareName writes a square in the session's convention.
func (s *Session) squareName(sq engine.Square) string {
	rank := sq.Rank()
	if s.ranksFrom1 {
		rank++
	}
	return string(rune('a'+sq.File())) + strconv.Itoa(rank)
}

// showEval answers eval: every term of the classical evaluation from Red's
// side (middle game, end game, blended by the phase), the total from Red's
// side and from the side to move's, the network's evaluation when a
// network is in use, and last the value the search uses (by the knowledge
// level, bounded as the search bounds it).
func (s *Session) showEval() {
	if s.pos == nil {
		s.reject("no usable position: " + s.posErr)
		return
	}
	terms, phase := engine.EvalReport(s.pos)
	s.say(fmt.Sprintf("%-18s %7s %7s %7s", "term (Red's view)", "mg", "eg", "value"))
	for _, t := range terms {
		s.say(fmt.Sprintf("%-18s %7d %7d %7d", t.Name, t.MG, t.EG, t.Value))
	}
	s.say(fmt.Sprintf("phase %d of %d (%d = full middle game)", phase, engine.MaxPhase, engine.MaxPhase))
	s.say("Total evaluation: " + s.bothViews(s.pos.Evaluate()))
	st := s.searcher.Settings()
	if st.Net != nil {
		s.say("Network evaluation: " + s.bothViews(s.pos.EvaluateNet(st.Net)))
	}
	v := engine.StaticEval(s.pos, st)
	s.say("Used by the search: " + s.bothViews(v) + " (" + evalSource(st, v) + ")")
}

// bothViews writes an evaluation from the side to move as "R (Red's view),
// V (side to move)".
func (s *Session) bothViews(v int) string {
	red := v
	if s.pos.SideToMove() == engine.Black {
		red = -v
	}
	return fmt.Sprintf("%d (Red's view), %d (side to move)", red, v)
}

// evalSource says where the search's evaluation v comes from.
func evalSource(st engine.Settings, v int) string {
	src := "classical"
	switch {
	case st.Knowledge == engine.LevelNone:
		src = "material only, knowledge none"
	case st.Knowledge == engine.LevelSmall:
		src = "material and piece-square tables, knowledge small"
	case st.Net != nil:
		src = "network"
	}
	if v == engine.MaxEval || v == -engine.MaxEval {
		src += fmt.Sprintf(", bounded by +-%d", engine.MaxEval)
	}
	return src
}

// flip answers flip: the colours are swapped (the board turned upside down,
// the other side to move); the game history is forgotten.
func (s *Session) flip() {
	if s.pos == nil {
		s.reject("no usable position: " + s.posErr)
		return
	}
	s.pos = s.pos.ColourFlipped()
	s.banMoves = s.banMoves[:0]
}
