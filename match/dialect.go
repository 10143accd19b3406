package match

import (
	"strconv"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
)

// setoptionLine formats setoption in the dialect: "setoption NAME VALUE"
// (UCCI) or "setoption name NAME value VALUE" (UCI); no value for a button.
func setoptionLine(p engineproc.Protocol, name, value string) string {
	if p.IsUCI() {
		if value == "" {
			return "setoption name " + name
		}
		return "setoption name " + name + " value " + value
	}
	if value == "" {
		return "setoption " + name
	}
	return "setoption " + name + " " + value
}

// newGameLine returns the new-game command of the dialect.
func newGameLine(p engineproc.Protocol) string {
	if p.IsUCI() {
		return "ucinewgame"
	}
	return "setoption newgame"
}

// positionLine formats the position command. UCCI gets the position after
// the last capture and the moves since (the UCCI convention, which carries
// the repetition history); UCI gets the start position and every move,
// written in the convention's ranks (see moveToEngine).
func positionLine(p engineproc.Protocol, startFEN string, all []string, captureFEN string, since []string) string {
	var b strings.Builder
	fen, moves := captureFEN, since
	if p.IsUCI() {
		fen, moves = startFEN, all
	}
	if p.IsUCI() && fen == engine.StartFEN {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen ")
		b.WriteString(fen)
	}
	if len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteByte(' ')
			b.WriteString(moveToEngine(p, m))
		}
	}
	return b.String()
}

// goArgs is what a go command says.
type goArgs struct {
	seconds  bool // UCCI figures in whole seconds instead of ms
	draw     bool // the opponent offers a draw (UCCI "go draw")
	ponder   bool // a search on the opponent's time ("go ponder")
	red      bool // Red is to move
	capOnly  bool // the mover has no game clock, only a per-move cap
	own, opp timeman.Report
}

// goLine formats go for the side to move from the two clock reports, with
// "ponder" after go for a ponder search. UCCI: "go [draw] time T (increment I | movestogo M) opptime OT (oppincrement OI
// | oppmovestogo OM)" in ms, or whole seconds when seconds is set. UCI:
// "go wtime W btime B winc WI binc BI [movestogo M]", or "go movetime T"
// when there is only a per-move cap.
func goLine(p engineproc.Protocol, a goArgs) string {
	var b strings.Builder
	b.WriteString("go")
	if a.ponder {
		b.WriteString(" ponder")
	}
	own, opp := a.own, a.opp
	if p.IsUCI() {
		if a.capOnly {
			b.WriteString(" movetime " + ms(own.Time))
			return b.String()
		}
		rr, br := own, opp
		if !a.red {
			rr, br = opp, own
		}
		b.WriteString(" wtime " + ms(rr.Time) + " btime " + ms(br.Time))
		b.WriteString(" winc " + ms(rr.Inc) + " binc " + ms(br.Inc))
		if own.MovesToGo > 0 {
			b.WriteString(" movestogo " + strconv.Itoa(own.MovesToGo))
		}
		return b.String()
	}
	unit := ms
	if a.seconds {
		unit = secs
	}
	if a.draw {
		b.WriteString(" draw")
	}
	b.WriteString(" time " + unit(own.Time))
	if own.MovesToGo > 0 {
		b.WriteString(" movestogo " + strconv.Itoa(own.MovesToGo))
	} else {
		b.WriteString(" increment " + unit(own.Inc))
	}
	b.WriteString(" opptime " + unit(opp.Time))
	if opp.MovesToGo > 0 {
		b.WriteString(" oppmovestogo " + strconv.Itoa(opp.MovesToGo))
	} else {
		b.WriteString(" oppincrement " + unit(opp.Inc))
	}
	return b.String()
}

// ms formats a duration in whole milliseconds.
func ms(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }

// secs formats a duration in whole seconds, truncated as UCCILEAG does.
func secs(d time.Duration) string { return strconv.FormatInt(int64(d/time.Second), 10) }

// bestMove is a parsed bestmove or nobestmove line.
type bestMove struct {
	move   string // "" for nobestmove and "bestmove (none)"
	ponder string // the predicted reply, lowercase, "" for none
	draw   bool   // the line carries draw (offer or acceptance)
	resign bool   // the line carries resign
}

// parseBestMove reads "bestmove MOVE [ponder P] [draw] [resign]" or
// "nobestmove"; ok is false for any other line. The UCI no-move forms
// "bestmove (none)" and "bestmove 0000" give an empty move.
func parseBestMove(text string) (bm bestMove, ok bool) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return bm, false
	}
	switch strings.ToLower(f[0]) {
	case "nobestmove":
		return bm, true
	case "bestmove":
	default:
		return bm, false
	}
	if len(f) > 1 {
		bm.move = strings.ToLower(f[1])
		if bm.move == "(none)" || bm.move == "0000" || bm.move == "none" {
			bm.move = ""
		}
	}
	for i := 2; i < len(f); i++ {
		switch strings.ToLower(f[i]) {
		case "ponder":
			if i+1 < len(f) && !strings.EqualFold(f[i+1], "draw") && !strings.EqualFold(f[i+1], "resign") {
				i++
				bm.ponder = strings.ToLower(f[i])
			}
		case "draw":
			bm.draw = true
		case "resign":
			bm.resign = true
		}
	}
	return bm, true
}

// note records what an engine's info line says in the reply to a search:
// the last exact score with its depth, and whether a book move was
// announced.
func (r *reply) note(text string) {
	in, ok := engineproc.ParseInfo(text)
	switch {
	case !ok:
	case in.HasScore:
		r.score, r.hasScore, r.depth = in.Score, true, in.Depth
	case in.Book:
		r.book = true
	}
}
