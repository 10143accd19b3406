package reliability

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/goxq/ucci/engine"
)

// gen writes random command lines, valid and invalid, for the stress test.
// It never writes what would end the test or change its rules: quit, uci
// (a dialect switch), setoption debug, batch, logfile, a usable bookfiles,
// or go perft deeper than 3; hash sizes stay at most maxHash MB and
// threads at most 3.
type gen struct {
	rng     *rand.Rand
	games   [][]string // random legal games from the start, ICCS moves
	fens    []string   // FENs after some plies of those games
	maxHash int
	long    bool // long searches allowed (the long run)
}

// mateFEN is Black to move and mated after b0b9.
const mateFEN = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"

func newGen(seed uint64, long bool) *gen {
	g := &gen{rng: rand.New(rand.NewPCG(seed, seed^0x5deece66d)), maxHash: 64, long: long}
	for range 64 {
		moves, fen := g.playout(20 + g.rng.IntN(100))
		g.games = append(g.games, moves)
		g.fens = append(g.fens, fen)
	}
	return g
}

// playout plays random legal moves from the start and returns them with
// the FEN after a random prefix.
func (g *gen) playout(plies int) ([]string, string) {
	pos := engine.StartPosition()
	var moves []string
	cut := g.rng.IntN(plies + 1)
	fen := pos.FEN()
	for i := 0; i < plies; i++ {
		if i == cut {
			fen = pos.FEN()
		}
		var list engine.MoveList
		pos.GenerateLegalMoves(&list)
		if list.Count == 0 {
			break
		}
		m := list.Moves[g.rng.IntN(list.Count)]
		moves = append(moves, m.String())
		pos.PlayGameMove(m)
	}
	return moves, fen
}

// pick returns one of the strings.
func (g *gen) pick(s ...string) string { return s[g.rng.IntN(len(s))] }

// chance is true with probability p.
func (g *gen) chance(p float64) bool { return g.rng.Float64() < p }

// next returns a command line for the model's state.
func (g *gen) next(m *model) string {
	switch r := g.rng.IntN(100); {
	case r < 24:
		return g.goLine(m)
	case r < 34:
		return "stop"
	case r < 41:
		return g.pick("ponderhit", "ponderhit", "ponderhit draw", "PONDERHIT")
	case r < 55:
		return g.position()
	case r < 60:
		return "isready"
	case r < 64:
		return g.banmoves(m)
	case r < 76:
		return g.setoption()
	case r < 80:
		return g.pick("probe", "probe startpos moves h2e2", "probe fen "+mateFEN, "probe fen x", "newgame", "ucinewgame")
	case r < 81:
		return "ucci"
	default:
		return g.garbage()
	}
}

// goLine returns a go command with limits the test can afford.
func (g *gen) goLine(m *model) string {
	ms := func(lo, hi int) int { return lo + g.rng.IntN(hi-lo+1) }
	depth := 5
	if g.long {
		depth = 7
	}
	var s string
	switch g.rng.IntN(16) {
	case 0:
		s = fmt.Sprintf("go depth %d", ms(1, depth))
	case 1:
		s = fmt.Sprintf("go nodes %d", ms(1, 30000))
	case 2:
		s = fmt.Sprintf("go movetime %d", ms(0, 60))
	case 3:
		s = fmt.Sprintf("go time %d increment %d opptime %d oppincrement %d", ms(0, 3000), ms(0, 50), ms(0, 3000), ms(0, 50))
	case 4:
		s = fmt.Sprintf("go time %d movestogo %d opptime %d oppmovestogo %d", ms(0, 5000), ms(1, 40), ms(0, 5000), ms(1, 40))
	case 5:
		s = fmt.Sprintf("go wtime %d btime %d winc %d binc %d", ms(0, 3000), ms(0, 3000), ms(0, 30), ms(0, 30))
	case 6:
		s = "go infinite"
	case 7:
		s = "go"
	case 8:
		s = fmt.Sprintf("go ponder time %d increment %d opptime %d oppincrement %d", ms(0, 3000), ms(0, 50), ms(0, 3000), ms(0, 50))
	case 9:
		s = fmt.Sprintf("go draw time %d increment 0 opptime %d", ms(10, 2000), ms(10, 2000))
	case 10:
		s = fmt.Sprintf("go mate %d", ms(1, 2))
	case 11:
		s = "go depth 0"
	case 12:
		s = fmt.Sprintf("go perft %d", ms(1, 3))
	case 13:
		s = fmt.Sprintf("go depth %d searchmoves %s", ms(1, depth), g.someMoves(m, 3))
	case 14:
		s = fmt.Sprintf("go ponder movetime %d", ms(0, 50))
	default:
		s = fmt.Sprintf("go time %d increment %d bogus %s", ms(0, 1000), ms(0, 20), g.pick("x", "-5", "1e9", "NaN"))
	}
	switch g.rng.IntN(10) {
	case 0:
		s = "GO" + s[2:]
	case 1:
		s = strings.ReplaceAll(s, " ", "  \t")
	case 2:
		s += "\r"
	}
	return s
}

// someMoves returns up to n legal moves of the model's position, and now
// and then a token that is not one.
func (g *gen) someMoves(m *model, n int) string {
	var out []string
	if m.pos != nil {
		var list engine.MoveList
		m.pos.GenerateLegalMoves(&list)
		for range n {
			if list.Count > 0 {
				out = append(out, list.Moves[g.rng.IntN(list.Count)].String())
			}
		}
	}
	if len(out) == 0 || g.chance(0.2) {
		out = append(out, g.pick("z9z9", "h2h8", "a0a0", "中炮"))
	}
	return strings.Join(out, " ")
}

// position returns a position command: mostly legal game prefixes from the
// start or from a FEN, some with illegal moves in the list, some unusable.
func (g *gen) position() string {
	i := g.rng.IntN(len(g.games))
	moves := g.games[i]
	n := g.rng.IntN(len(moves) + 1)
	switch r := g.rng.IntN(20); {
	case r < 9:
		return "position startpos moves " + strings.Join(moves[:n], " ")
	case r < 12:
		// From a FEN: the rest of the game may or may not fit it.
		return "position fen " + g.fens[i] + " moves " + strings.Join(moves[n:], " ")
	case r < 13:
		return "position startpos"
	case r < 14:
		return "position fen " + mateFEN + " moves b0b9"
	case r < 15:
		bad := append(append([]string(nil), moves[:n]...), g.pick("z9z9", "h2h9", "e0e5"))
		return "position startpos moves " + strings.Join(append(bad, moves[n:]...), " ")
	case r < 16:
		return g.pick("position fen 9/9/9/9/9/9/9/9/9/9 w", "position fen rnbakabnr/9 w", "position", "position moves h2e2",
			"position fen", "position fen "+strings.Repeat("k", 300))
	case r < 17:
		return "fen " + g.fens[i]
	case r < 18:
		return "startpos moves " + strings.Join(moves[:n], " ")
	case r < 19:
		return "POSITION STARTPOS MOVES " + strings.ToUpper(strings.Join(moves[:n], " "))
	default:
		return "position fen " + g.fens[i]
	}
}

// banmoves bans some legal moves, now and then every one.
func (g *gen) banmoves(m *model) string {
	if m.pos != nil && g.chance(0.1) {
		var list engine.MoveList
		m.pos.GenerateLegalMoves(&list)
		var all []string
		for _, mv := range list.Slice() {
			all = append(all, mv.String())
		}
		return "banmoves " + strings.Join(all, " ")
	}
	return "banmoves " + g.someMoves(m, 2)
}

// setoption returns an option line, valid or not.
func (g *gen) setoption() string {
	n := g.rng.IntN
	switch n(24) {
	case 0, 1:
		return fmt.Sprintf("setoption hashsize %d", 1+n(g.maxHash))
	case 2, 3:
		return fmt.Sprintf("setoption threads %d", 1+n(3))
	case 4:
		return fmt.Sprintf("setoption name Hash value %d", 1+n(g.maxHash))
	case 5:
		return fmt.Sprintf("setoption multipv %d", 1+n(3))
	case 6:
		return "setoption usebook " + g.pick("true", "false", "maybe")
	case 7:
		return "setoption randomness " + g.pick("none", "small", "huge", "bogus")
	case 8:
		return fmt.Sprintf("setoption skilllevel %d", n(21))
	case 9:
		return "setoption style " + g.pick("solid", "normal", "risky")
	case 10:
		return "setoption rules " + g.pick("cxa", "axf", "xyz")
	case 11:
		return "setoption ponder " + g.pick("true", "false")
	case 12:
		return g.pick("setoption clearhash", "setoption newgame", "setoption name Clear Hash")
	case 13:
		return fmt.Sprintf("setoption naturallimit %d", n(200))
	case 14:
		return fmt.Sprintf("setoption moveoverhead %d", n(100))
	case 15:
		return "setoption timecontrol " + g.pick("10+0.1", "40/300", "CXA-6.1", "garbage", "")
	case 16:
		return "setoption idle " + g.pick("none", "small")
	case 17:
		return "setoption pruning " + g.pick("none", "small", "medium", "large")
	case 18:
		return "setoption knowledge " + g.pick("none", "small", "large")
	case 19:
		return g.pick("setoption limitstrength true", "setoption limitstrength false", "setoption elo 1500")
	case 20:
		return "setoption bookfiles /nonexistent/book.xqb"
	case 21:
		return fmt.Sprintf("setoption movecap %d", n(3))
	case 22:
		return g.pick("setoption", "setoption name", "setoption hashsize abc", "setoption threads -1", "setoption 中文 1")
	default:
		return "setoption usemillisec true"
	}
}

// commandWords are the first words the garbage must not start with.
var commandWords = map[string]bool{
	"go": true, "stop": true, "ponderhit": true, "position": true, "fen": true, "startpos": true,
	"banmoves": true, "setoption": true, "ucci": true, "uci": true, "isready": true, "quit": true,
	"probe": true, "newgame": true, "uccinewgame": true, "ucinewgame": true,
}

// garbage returns a line that is no command: random words and bytes,
// empty and long lines, CRLF.
func (g *gen) garbage() string {
	for {
		var s string
		switch g.rng.IntN(8) {
		case 0:
			s = ""
		case 1:
			s = "   \t "
		case 2:
			b := make([]byte, g.rng.IntN(80))
			for i := range b {
				b[i] = byte(1 + g.rng.IntN(255))
				if b[i] == '\n' {
					b[i] = ' '
				}
			}
			s = string(b)
		case 3:
			s = strings.Repeat(g.pick("x", "go ", "中"), 1+g.rng.IntN(20000))
		case 4:
			s = g.pick("hello", "xboard", "protover 2", "help", "bestmove h2e2", "info depth 3", "d", "eval", "perft 3",
				"gostop", "stopgo", "goinfinite", "ponder", "position2", "中炮 马八进七")
		case 5:
			s = g.pick("hello", "debug on") + "\r"
		case 6:
			s = "\x00\x01\x02 go"
		default:
			s = fmt.Sprintf("%x", g.rng.Uint64())
		}
		if !commandWords[commandWord(s)] {
			return s
		}
	}
}
