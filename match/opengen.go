package match

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// GenOptions controls GenerateOpenings.
type GenOptions struct {
	// MinPly and MaxPly bound the depth of the positions (default 6, 10).
	MinPly, MaxPly int
	// MinGames is how many games must have reached a position (default 20).
	MinGames int
	// MaxDeviation is how far Red's score in a position's games may lie
	// from Red's score over all games read (default 0.06).
	MaxDeviation float64
	// MaxDrawRate drops positions whose games were drawn more often
	// (default 0.6).
	MaxDrawRate float64
	// PerFamily caps the positions taken below one position at MinPly
	// (the family, itself included; default 4).
	PerFamily int
	// Count is the number of positions wanted (default 200).
	Count int
}

func (o GenOptions) withDefaults() GenOptions {
	if o.MinPly <= 0 {
		o.MinPly = 6
	}
	if o.MaxPly < o.MinPly {
		o.MaxPly = max(10, o.MinPly)
	}
	if o.MinGames <= 0 {
		o.MinGames = 20
	}
	if o.MaxDeviation <= 0 {
		o.MaxDeviation = 0.06
	}
	if o.MaxDrawRate <= 0 {
		o.MaxDrawRate = 0.6
	}
	if o.PerFamily <= 0 {
		o.PerFamily = 4
	}
	if o.Count <= 0 {
		o.Count = 200
	}
	return o
}

// GenPosition is a candidate opening with the statistics of the games that
// reached it.
type GenPosition struct {
	FEN    string   // the position, as first met
	Line   []string // the moves of the first game that reached it
	Ply    int
	Record Record // Red's results in the games that reached it
	ECCO   string // the ECCO code of that first game, if tagged
	key    uint64 // mirror-independent key
	family uint64 // key of the position at MinPly on Line
}

// GenReport summarizes a generation run.
type GenReport struct {
	Games, Skipped int     // games used; games without a result, from another start, or unreadable
	RedScore       float64 // Red's score over the games used
	Candidates     int     // positions reached in at least MinGames games
	Balanced       int     // of which within MaxDeviation and MaxDrawRate
}

// GenerateOpenings reads games (PGN, any notation the pgn package reads)
// and chooses positions MinPly to MaxPly plies from the standard start that
// many games reached and whose results were balanced: Red scored within
// MaxDeviation of its average and the draw rate stayed below MaxDrawRate.
// A position and its mirror image count as one. The most frequent such
// positions are taken first, at most PerFamily below any one position at
// MinPly, until Count are chosen. The result is deterministic for a given
// input.
func GenerateOpenings(r io.Reader, name string, opt GenOptions) ([]GenPosition, GenReport, error) {
	opt = opt.withDefaults()
	var rep GenReport
	stats := map[uint64]*GenPosition{}
	var total Record
	rd := pgn.NewReader(r, name)
	for {
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
		score, ok := redScore(g.Result)
		if !ok || g.StartFEN() != engine.StartFEN || len(g.Moves) < opt.MinPly {
			rep.Skipped++
			continue
		}
		rep.Games++
		total.add(score)
		collectPositions(g, score, opt, stats)
	}
	rep.RedScore = total.Score()
	var picks []*GenPosition
	for _, p := range stats {
		if p.Record.Games() < opt.MinGames {
			continue
		}
		rep.Candidates++
		if math.Abs(p.Record.Score()-rep.RedScore) > opt.MaxDeviation || p.Record.DrawRatio() > opt.MaxDrawRate {
			continue
		}
		rep.Balanced++
		picks = append(picks, p)
	}
	sort.Slice(picks, func(i, j int) bool {
		a, b := picks[i], picks[j]
		if a.Record.Games() != b.Record.Games() {
			return a.Record.Games() > b.Record.Games()
		}
		return a.FEN < b.FEN
	})
	var out []GenPosition
	families := map[uint64]int{}
	for _, p := range picks {
		if len(out) == opt.Count {
			break
		}
		if families[p.family] >= opt.PerFamily {
			continue
		}
		families[p.family]++
		out = append(out, *p)
	}
	return out, rep, nil
}

// redScore reads a PGN result as Red's points.
func redScore(result string) (float64, bool) {
	switch result {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2":
		return 0.5, true
	}
	return 0, false
}

// collectPositions counts the positions MinPly..MaxPly plies into g.
func collectPositions(g *pgn.Game, score float64, opt GenOptions, stats map[uint64]*GenPosition) {
	pos := engine.StartPosition()
	var family uint64
	seen := map[uint64]bool{}
	for ply, m := range g.Moves {
		if ply >= opt.MaxPly {
			break
		}
		pos.PlayGameMove(m)
		n := ply + 1
		if n < opt.MinPly {
			continue
		}
		key := min(pos.Key(), pos.MirroredKey())
		if n == opt.MinPly {
			family = key
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		p := stats[key]
		if p == nil {
			line := make([]string, n)
			for i, mv := range g.Moves[:n] {
				line[i] = mv.String()
			}
			p = &GenPosition{FEN: pos.FEN(), Line: line, Ply: n, ECCO: g.Tag("ECCO"), key: key, family: family}
			stats[key] = p
		}
		p.Record.add(score)
	}
}

// WriteOpenings writes positions in the openings-file format: one FEN per
// line with a comment giving the line that reached it, its ECCO code and
// Red's results (+wins =draws -losses) in the source games.
func WriteOpenings(w io.Writer, header string, ps []GenPosition) error {
	var b strings.Builder
	writeHeader(&b, header)
	for _, p := range ps {
		fmt.Fprintf(&b, "%s ; %s %s +%d =%d -%d\n", p.FEN, orDash(p.ECCO), strings.Join(p.Line, " "),
			p.Record.Wins, p.Record.Draws, p.Record.Losses)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeHeader writes the lines of header as the comments that open an
// openings file.
func writeHeader(b *strings.Builder, header string) {
	if header == "" {
		return
	}
	for _, l := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		b.WriteString("; " + l + "\n")
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
