package match

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// EndgameOptions controls ChooseEndgames.
type EndgameOptions struct {
	Count        int // positions to choose (at most one a game)
	MinAttackers int // fewest chariots, horses, cannons and soldiers on the board, both sides together
	MaxAttackers int // most of them
	MinPliesLeft int // the game went on at least this long after the position
}

// EndgamePosition is an ending a source game reached.
type EndgamePosition struct {
	FEN    string
	Ply    int    // plies from the game's start
	Game   string // "Red - Black, Event" of the source game
	Result string
}

// EndgameReport summarizes ChooseEndgames' reading.
type EndgameReport struct {
	Games, Skipped, Reached int // games read, unreadable, that reached an ending
}

// attackers counts the pieces that can cross the river, both colours.
func attackers(p *engine.Position) int {
	n := 0
	for _, c := range [2]engine.Color{engine.Red, engine.Black} {
		for _, t := range [4]engine.PieceType{engine.Rook, engine.Horse, engine.Cannon, engine.Pawn} {
			n += p.Count(engine.MakePiece(c, t))
		}
	}
	return n
}

// ChooseEndgames reads games (PGN) and takes from each the first position
// with MinAttackers to MaxAttackers attacking pieces left that is quiet
// (the last move took nothing, the side to move is not in check) and
// after which the game went on for MinPliesLeft plies or more: the endings
// masters played out, as start positions for matches that measure
// endgame play (with and without tablebases, say). A position and its
// mirror image count once; the first Count in file order are kept.
func ChooseEndgames(r io.Reader, name string, opt EndgameOptions) ([]EndgamePosition, EndgameReport, error) {
	var rep EndgameReport
	var out []EndgamePosition
	seen := map[uint64]bool{}
	rd := pgn.NewReader(r, name)
	for len(out) < opt.Count {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		var ge *pgn.GameError
		if errors.As(err, &ge) {
			rep.Skipped++
			continue
		}
		if err != nil {
			return nil, rep, err
		}
		pos, err := engine.NewPosition(g.StartFEN())
		if err != nil {
			rep.Skipped++
			continue
		}
		rep.Games++
		for ply, m := range g.Moves {
			pos.PlayGameMove(m)
			if len(g.Moves)-(ply+1) < opt.MinPliesLeft {
				break
			}
			n := attackers(pos)
			if n < opt.MinAttackers {
				break
			}
			if n > opt.MaxAttackers || m.IsCapture() || pos.InCheck() {
				continue
			}
			rep.Reached++
			key := min(pos.Key(), pos.MirroredKey())
			if !seen[key] {
				seen[key] = true
				out = append(out, EndgamePosition{FEN: pos.FEN(), Ply: ply + 1, Result: g.Result,
					Game: fmt.Sprintf("%s - %s, %s", orDash(g.Tag("Red")), orDash(g.Tag("Black")), orDash(g.Tag("Event")))})
			}
			break
		}
	}
	return out, rep, nil
}

// WriteEndgames writes positions in the openings-file format, each with
// a comment naming its game, the ply and the game's result.
func WriteEndgames(w io.Writer, header string, ps []EndgamePosition) error {
	var b strings.Builder
	writeHeader(&b, header)
	for _, p := range ps {
		fmt.Fprintf(&b, "%s ; %s, ply %d, %s\n", p.FEN, p.Game, p.Ply, p.Result)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
