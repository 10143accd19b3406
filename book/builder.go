package book

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// Reasons Builder.Add refuses a game.
var (
	ErrNoResult    = errors.New("game has no result")
	ErrGameIllegal = errors.New("game has an illegal move")
	ErrGameStart   = errors.New("game has a bad start position")
)

// BuildOptions filters the moves that enter the book.
type BuildOptions struct {
	// MinGames is how many games must have played a move in a position.
	MinGames int
	// MinScore is the lowest average result (win 1, draw 1/2) of those
	// games for the side that played the move.
	MinScore float64
}

// Builder collects the opening moves of games and builds a book.
type Builder struct {
	plies int
	moves []played
	games int
}

// played is one move of one game, keyed by the canonical position.
type played struct {
	key    uint64
	move   uint16 // from | to<<7 in the canonical orientation
	result int8   // +1 the mover won, 0 draw, -1 the mover lost
}

// NewBuilder returns a builder that reads the first plies moves of each game.
func NewBuilder(plies int) *Builder { return &Builder{plies: plies} }

// Games returns the number of games added.
func (b *Builder) Games() int { return b.games }

// Add records the first moves of a game. Games without a result (1-0, 0-1,
// 1/2-1/2), with a bad start position or with an illegal move are refused
// whole.
func (b *Builder) Add(g *pgn.Game) error {
	var redResult int8
	switch g.Result {
	case "1-0":
		redResult = 1
	case "0-1":
		redResult = -1
	case "1/2-1/2":
	default:
		return ErrNoResult
	}
	pos, err := engine.NewPosition(g.StartFEN())
	if err != nil {
		return fmt.Errorf("%w: %v", ErrGameStart, err)
	}
	n := len(b.moves)
	for ply, m := range g.Moves {
		if ply >= b.plies {
			break
		}
		if !pos.IsPseudoLegal(m) || !pos.IsLegal(m) {
			b.moves = b.moves[:n]
			return fmt.Errorf("%w: %s at ply %d", ErrGameIllegal, m, ply+1)
		}
		res := redResult
		if pos.SideToMove() == engine.Black {
			res = -res
		}
		b.record(pos, m, res)
		pos.PlayGameMove(m)
	}
	b.moves = append(b.moves[:n], onceEach(b.moves[n:])...)
	b.games++
	return nil
}

// onceEach sorts the moves of one game by position and move and drops the
// repeats, so that a game that comes back to a position and plays the same
// move again counts once for it. (A position's key includes the side to
// move, so repeats have the same result too.)
func onceEach(game []played) []played {
	slices.SortFunc(game, comparePlayed)
	return slices.CompactFunc(game, func(x, y played) bool { return x.key == y.key && x.move == y.move })
}

// comparePlayed orders moves by canonical key, then by move.
func comparePlayed(x, y played) int {
	if c := cmp.Compare(x.key, y.key); c != 0 {
		return c
	}
	return cmp.Compare(x.move, y.move)
}

// record stores a move under the canonical key of the position: the smaller
// of the key and the mirror image's key, with the move mirrored in the
// second case. In a symmetric position the move's mirror image is stored
// too, since both are the same choice.
func (b *Builder) record(pos *engine.Position, m engine.Move, res int8) {
	k, mk := pos.Key(), pos.MirroredKey()
	mirror := engine.MirrorMove(m)
	switch {
	case k < mk:
		b.moves = append(b.moves, played{k, m.Short(), res})
	case mk < k:
		b.moves = append(b.moves, played{mk, mirror.Short(), res})
	default:
		b.moves = append(b.moves, played{k, m.Short(), res})
		if mirror.Short() != m.Short() {
			b.moves = append(b.moves, played{k, mirror.Short(), res})
		}
	}
}

// Build returns the book of the moves that pass opt. The weight of a move
// is 2*wins + draws (the points of its games, counted in half points, from
// the mover's side), at least 1; a position whose largest weight would
// exceed 65535 has all its weights scaled down in proportion.
func (b *Builder) Build(opt BuildOptions) *Book {
	slices.SortFunc(b.moves, comparePlayed)
	var recs []record
	positions := 0
	for i := 0; i < len(b.moves); {
		// One position: moves i..j.
		j := i
		first := len(recs)
		for j < len(b.moves) && b.moves[j].key == b.moves[i].key {
			r := record{key: b.moves[j].key, move: b.moves[j].move}
			for j < len(b.moves) && b.moves[j].key == r.key && b.moves[j].move == r.move {
				switch b.moves[j].result {
				case 1:
					r.wins++
				case 0:
					r.draws++
				default:
					r.losses++
				}
				j++
			}
			if keep(r, opt) {
				recs = append(recs, r)
			}
		}
		if len(recs) > first {
			positions++
			setWeights(recs[first:])
		}
		i = j
	}
	h := header{entries: len(recs), positions: positions, games: b.games, plies: b.plies}
	data := make([]byte, headerSize+len(recs)*entrySize)
	putHeader(data, h)
	for i, r := range recs {
		putRecord(data[headerSize+i*entrySize:], r)
	}
	return &Book{data: data, entries: data[headerSize:], h: h}
}

// keep applies the build filter to one move's statistics.
func keep(r record, opt BuildOptions) bool {
	n := int(r.wins + r.draws + r.losses)
	if n == 0 || n < opt.MinGames {
		return false
	}
	score := (float64(r.wins) + float64(r.draws)/2) / float64(n)
	return score >= opt.MinScore
}

// setWeights gives the moves of one position their weights.
func setWeights(recs []record) {
	var top uint64
	for _, r := range recs {
		top = max(top, points(r))
	}
	for i := range recs {
		w := points(recs[i])
		if top > maxWeight {
			w = w * maxWeight / top
		}
		recs[i].weight = uint16(max(w, 1))
	}
}

// points is 2*wins + draws.
func points(r record) uint64 { return 2*uint64(r.wins) + uint64(r.draws) }
