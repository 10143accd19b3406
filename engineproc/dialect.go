package engineproc

import (
	"strconv"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
)

// SetoptionLine formats setoption in the dialect: "setoption NAME VALUE"
// (UCCI) or "setoption name NAME value VALUE" (UCI); no value for a button.
func SetoptionLine(p Protocol, name, value string) string {
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

// NewGameLine returns the new-game command of the dialect.
func NewGameLine(p Protocol) string {
	if p.IsUCI() {
		return "ucinewgame"
	}
	return "setoption newgame"
}

// PositionLine formats the position command. UCCI gets the position after
// the last capture and the moves since (the UCCI convention, which carries
// the repetition history); UCI gets the start position and every move,
// written in the convention's ranks (see MoveToEngine).
func PositionLine(p Protocol, startFEN string, all []string, captureFEN string, since []string) string {
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
			b.WriteString(MoveToEngine(p, m))
		}
	}
	return b.String()
}

// GoArgs is what a go command says.
type GoArgs struct {
	Seconds  bool // UCCI figures in whole seconds instead of ms
	Draw     bool // the opponent offers a draw (UCCI "go draw")
	Ponder   bool // a search on the opponent's time ("go ponder")
	Red      bool // Red is to move
	CapOnly  bool // the mover has no game clock, only a per-move cap
	Own, Opp timeman.Report
}

// GoLine formats go for the side to move from the two clock reports, with
// "ponder" after go for a ponder search. UCCI: "go [draw] time T (increment I | movestogo M) opptime OT (oppincrement OI
// | oppmovestogo OM)" in ms, or whole seconds when seconds is set. UCI:
// "go wtime W btime B winc WI binc BI [movestogo M]", or "go movetime T"
// when there is only a per-move cap.
func GoLine(p Protocol, a GoArgs) string {
	var b strings.Builder
	b.WriteString("go")
	if a.Ponder {
		b.WriteString(" ponder")
	}
	own, opp := a.Own, a.Opp
	if p.IsUCI() {
		if a.CapOnly {
			b.WriteString(" movetime " + ms(own.Time))
			return b.String()
		}
		rr, br := own, opp
		if !a.Red {
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
	if a.Seconds {
		unit = secs
	}
	if a.Draw {
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

// BestMove is a parsed bestmove or nobestmove line.
type BestMove struct {
	Move   string // lowercase, "" for nobestmove and "bestmove (none)"
	Ponder string // the predicted reply, lowercase, "" for none
	Draw   bool   // the line carries draw (an offer or an acceptance)
	Resign bool   // the line carries resign
}

// ParseBestMove reads "bestmove MOVE [ponder P] [draw] [resign]" or
// "nobestmove"; ok is false for any other line. The UCI no-move forms
// "bestmove (none)" and "bestmove 0000" give an empty move.
func ParseBestMove(text string) (bm BestMove, ok bool) {
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
		bm.Move = strings.ToLower(f[1])
		if bm.Move == "(none)" || bm.Move == "0000" || bm.Move == "none" {
			bm.Move = ""
		}
	}
	for i := 2; i < len(f); i++ {
		switch strings.ToLower(f[i]) {
		case "ponder":
			if i+1 < len(f) && !strings.EqualFold(f[i+1], "draw") && !strings.EqualFold(f[i+1], "resign") {
				i++
				bm.Ponder = strings.ToLower(f[i])
			}
		case "draw":
			bm.Draw = true
		case "resign":
			bm.Resign = true
		}
	}
	return bm, true
}
