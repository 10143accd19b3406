package match

import (
	"bytes"
	"strconv"

	"github.com/goxq/ucci/pgn"
)

// PGN returns the game as a PGN record: the seven standard tags (Round is
// the game number), [Termination] with the reason word (Reason.String),
// [TerminationDetail] with the runner's explanation when there is one,
// [TimeControl], [Rules], [PlyCount] and [OpeningNumber] (the 1-based number of
// the opening in the set), [Worker] for a game a broker's worker played, and a comment after every move (MoveNote.Comment);
// the PGN writer adds [FEN] for a non-standard start and [Format].
func (g GameResult) PGN(cfg *Config, names []string) *pgn.Game {
	p := &pgn.Game{FEN: g.StartFEN, Moves: g.Moves, Result: g.Termination.Result()}
	for _, n := range g.Notes {
		p.Comments = append(p.Comments, n.Comment())
	}
	p.SetTag("Game", "Chinese Chess")
	p.SetTag("Event", cfg.Event)
	if cfg.Site != "" {
		p.SetTag("Site", cfg.Site)
	}
	p.SetTag("Date", g.Started.Format("2006.01.02"))
	p.SetTag("Round", strconv.Itoa(g.Number))
	p.SetTag("Red", names[g.Red])
	p.SetTag("Black", names[g.Black])
	p.SetTag("Result", p.Result)
	p.SetTag("Termination", g.Termination.Reason.String())
	if d := g.Termination.Detail; d != "" {
		p.SetTag("TerminationDetail", d)
	}
	p.SetTag("TimeControl", cfg.Control.String())
	p.SetTag("Rules", cfg.Rules.String())
	p.SetTag("PlyCount", strconv.Itoa(len(g.Moves)))
	p.SetTag("OpeningNumber", strconv.Itoa(g.Opening+1))
	if g.Worker != "" {
		p.SetTag("Worker", g.Worker)
	}
	return p
}

// writtenValues returns the values as a PGN written by the runner holds
// them in tag name, read back: the writer turns control characters into
// spaces and cuts long values (pgn.WriteOptions.Write).
func writtenValues(name string, values []string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		var b bytes.Buffer
		g := &pgn.Game{}
		g.SetTag(name, v)
		out[i] = v
		if pgn.Write(&b, g) != nil {
			continue
		}
		if back, err := pgn.NewReader(&b, "").Next(); err == nil {
			out[i] = back.Tag(name)
		}
	}
	return out
}
