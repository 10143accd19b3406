package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/pgn"
)

// SampleOptions controls SampleOpenings.
type SampleOptions struct {
	// Count is the number of positions wanted (default 100).
	Count int
	// MinPly and MaxPly bound the length of each line (default 8, 10).
	MinPly, MaxPly int
	// Depth is the depth of the search before each move (default 10).
	Depth int
	// MultiPV is how many of the engine's best moves are candidates
	// (default 5).
	MultiPV int
	// Margin: a candidate is played only when its score is within Margin
	// centipawns of the best move's (default 40).
	Margin int
	// FinalDepth is the depth of the search that judges the last position
	// (default 14); Balance is the largest absolute score kept (default 50).
	FinalDepth, Balance int
	// FamilyPly and PerFamily cap the positions whose lines share their
	// first FamilyPly plies (default 4 and 2), so that one opening does
	// not fill the set.
	FamilyPly, PerFamily int
	// Seed makes the choices; the same seed, engine and depth give the
	// same set.
	Seed uint64
	// Tries bounds the lines played (default 20 × Count).
	Tries int
	// Exclude, when set, rejects a position by its mirror-independent key
	// (min of Key and MirroredKey).
	Exclude func(key uint64) bool
	// Progress, when set, is called after each line with the positions
	// kept and the lines played so far.
	Progress func(kept, tried int)
}

func (o SampleOptions) withDefaults() SampleOptions {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.Count, 100)
	def(&o.MinPly, 8)
	if o.MaxPly < o.MinPly {
		o.MaxPly = max(10, o.MinPly)
	}
	def(&o.Depth, 10)
	def(&o.MultiPV, 5)
	def(&o.Margin, 40)
	def(&o.FinalDepth, 14)
	def(&o.Balance, 50)
	def(&o.FamilyPly, 4)
	def(&o.PerFamily, 2)
	def(&o.Tries, 20*o.Count)
	return o
}

// SampledPosition is an opening position reached by an engine's choices.
type SampledPosition struct {
	FEN   string   // the position
	Line  []string // the moves from the start that reached it, ICCS
	Score int      // the judging search's score, Red's view, centipawns
}

// candidate is one of the engine's best moves with its score.
type candidate struct {
	move  string // ICCS
	score int    // the mover's view
}

// SampleOpenings builds opening positions that no game collection chose:
// from the start position, each move is drawn at random among the
// MultiPV best moves of eng searched to Depth that score within Margin of
// the best, for MinPly to MaxPly plies; the last position is searched to
// FinalDepth and kept when its score is within Balance, it is new (a
// position and its mirror image count as one), Exclude does not reject it
// and its family has room. eng is any engine that prints multipv lines:
// an engine other than those that will play the openings keeps the set
// independent of them.
func SampleOpenings(ctx context.Context, eng *engineproc.Engine, opt SampleOptions) ([]SampledPosition, error) {
	opt = opt.withDefaults()
	rng := rand.New(rand.NewPCG(opt.Seed, 0x6f70656e696e6773))
	if err := eng.SetOption("MultiPV", fmt.Sprint(opt.MultiPV)); err != nil {
		return nil, err
	}
	seen := map[uint64]bool{}
	families := map[uint64]int{}
	var out []SampledPosition
	for tried := 1; len(out) < opt.Count && tried <= opt.Tries; tried++ {
		plies := opt.MinPly + rng.IntN(opt.MaxPly-opt.MinPly+1)
		pos := engine.StartPosition()
		var moves []engine.Move
		var line []string
		var family uint64
		for len(moves) < plies {
			cands, err := searchCandidates(ctx, eng, moves, opt.Depth)
			if err != nil {
				return out, err
			}
			var pool []candidate
			for _, c := range cands {
				if c.score >= cands[0].score-opt.Margin {
					pool = append(pool, c)
				}
			}
			if len(pool) == 0 {
				break
			}
			pick := pool[rng.IntN(len(pool))]
			m, err := pos.ParseMove(pick.move)
			if err != nil {
				return out, fmt.Errorf("%s played %s after %s: %w", eng.Name(), pick.move, strings.Join(line, " "), err)
			}
			pos.PlayGameMove(m)
			moves = append(moves, m)
			line = append(line, pick.move)
			if len(moves) == opt.FamilyPly {
				family = min(pos.Key(), pos.MirroredKey())
			}
		}
		if len(moves) < plies {
			continue
		}
		key := min(pos.Key(), pos.MirroredKey())
		if seen[key] || (opt.Exclude != nil && opt.Exclude(key)) || families[family] >= opt.PerFamily {
			continue
		}
		seen[key] = true
		if err := eng.SetOption("MultiPV", "1"); err != nil {
			return out, err
		}
		judged, err := searchCandidates(ctx, eng, moves, opt.FinalDepth)
		if err == nil {
			err = eng.SetOption("MultiPV", fmt.Sprint(opt.MultiPV))
		}
		if err != nil {
			return out, err
		}
		score := judged[0].score
		if pos.SideToMove() == engine.Black {
			score = -score
		}
		if score > opt.Balance || score < -opt.Balance {
			continue
		}
		families[family]++
		out = append(out, SampledPosition{FEN: pos.FEN(), Line: line, Score: score})
		if opt.Progress != nil {
			opt.Progress(len(out), tried)
		}
	}
	return out, nil
}

// searchCandidates searches the position after moves to depth and returns
// the moves of the deepest iteration's lines, best first, with their
// scores (mates as ±(engine.ScoreMate − plies)). The search is stopped after a
// minute.
func searchCandidates(ctx context.Context, eng *engineproc.Engine, moves []engine.Move, depth int) ([]candidate, error) {
	if err := eng.Position(engine.StartFEN, moves); err != nil {
		return nil, err
	}
	if err := eng.GoDepth(depth); err != nil {
		return nil, err
	}
	timeout := time.NewTimer(time.Minute)
	defer timeout.Stop()
	var lines []candidate // by multipv rank − 1, of the deepest iteration
	var lineDepth []int
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-timeout.C:
			if err := eng.Stop(); err != nil {
				return nil, err
			}
		case text, ok := <-eng.Lines():
			if !ok {
				return nil, errors.New(eng.Name() + " exited during a search")
			}
			if _, ok := eng.ParseBestMove(text); ok {
				var out []candidate
				for i, c := range lines {
					if c.move != "" && lineDepth[i] == lineDepth[0] {
						out = append(out, c)
					}
				}
				if len(out) == 0 {
					return nil, fmt.Errorf("%s gave no scored line", eng.Name())
				}
				return out, nil
			}
			in, ok := engineproc.ParseInfo(text)
			if !ok || !in.HasScore || len(in.PV) == 0 || in.MultiPV > 64 {
				continue
			}
			for len(lines) < in.MultiPV {
				lines, lineDepth = append(lines, candidate{}), append(lineDepth, 0)
			}
			lines[in.MultiPV-1] = candidate{move: eng.MoveFromEngine(strings.ToLower(in.PV[0])), score: in.Score}
			lineDepth[in.MultiPV-1] = in.Depth
		}
	}
}

// GamePositions returns the mirror-independent keys of every position in
// the first maxPly plies of the games read from r (PGN), for
// SampleOptions.Exclude.
func GamePositions(r io.Reader, name string, maxPly int) (map[uint64]bool, error) {
	keys := map[uint64]bool{}
	rd := pgn.NewReader(r, name)
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return keys, nil
		}
		var ge *pgn.GameError
		if errors.As(err, &ge) {
			continue
		}
		if err != nil {
			return keys, err
		}
		pos, err := engine.NewPosition(g.StartFEN())
		if err != nil {
			continue
		}
		for ply, m := range g.Moves {
			if ply >= maxPly {
				break
			}
			pos.PlayGameMove(m)
			keys[min(pos.Key(), pos.MirroredKey())] = true
		}
	}
}

// WriteSampledOpenings writes positions in the openings-file format: one
// FEN per line with a comment giving the line that reached it and the
// judging search's score (Red's view).
func WriteSampledOpenings(w io.Writer, header string, ps []SampledPosition) error {
	var b strings.Builder
	if header != "" {
		for _, l := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
			b.WriteString("; " + l + "\n")
		}
	}
	for _, p := range ps {
		fmt.Fprintf(&b, "%s ; %s %+d\n", p.FEN, strings.Join(p.Line, " "), p.Score)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
