package datagen

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/pgn"
	"github.com/goxq/ucci/tuning/posfile"
)

// RelabelConfig configures the relabelling of game records.
type RelabelConfig struct {
	Config
	Files     []string // PGN files
	SkipPlies int      // plies of each game not used (the opening)
	Games     int      // only the first Games games of the files (0: all)
}

// DefaultRelabel returns the settings of `ucci tune datagen -pgn`.
func DefaultRelabel() RelabelConfig {
	return RelabelConfig{Config: Config{Nodes: 5000, HashMB: 16, ChunkGames: 500, Seed: 1}, SkipPlies: 4}
}

// RelabelFile is the name of relabelling chunk c.
func RelabelFile(c int) string { return fmt.Sprintf("games-%05d.bin", c) }

// Relabel searches the positions of every finished game of cfg.Files and
// writes the quiet ones with the search score and the game's result.
// Games are numbered over all files in order; chunk c holds games
// c*ChunkGames and on, so the same inputs always give the same chunks.
func Relabel(ctx context.Context, cfg RelabelConfig) (Stats, error) {
	if err := cfg.check(); err != nil {
		return Stats{}, err
	}
	var games []*pgn.Game
	for _, name := range cfg.Files {
		gs, err := readGames(name)
		if err != nil {
			return Stats{}, err
		}
		games = append(games, gs...)
	}
	if cfg.Games > 0 && cfg.Games < len(games) {
		games = games[:cfg.Games]
	}
	chunks := (len(games) + cfg.ChunkGames - 1) / cfg.ChunkGames
	chunkGames := func(c int) []*pgn.Game { return games[c*cfg.ChunkGames : min((c+1)*cfg.ChunkGames, len(games))] }
	players := newPlayers(&cfg.Config)
	job := func(ctx context.Context, wk, c int, out []posfile.Record) ([]posfile.Record, error) {
		pl, err := players.get(wk)
		if err != nil {
			return out, err
		}
		part := chunkGames(c)
		for i, g := range part {
			if ctx.Err() != nil {
				return out, ctx.Err()
			}
			if out, err = pl.relabelGame(&cfg, g, out); err != nil {
				return out, fmt.Errorf("game %d: %w", c*cfg.ChunkGames+i, err)
			}
		}
		return out, nil
	}
	return runChunks(ctx, &cfg.Config, chunks, len(players.list), RelabelFile, func(c int) int { return len(chunkGames(c)) }, job)
}

// gameOutcome reads a PGN result; false for an unfinished game.
func gameOutcome(result string) (engine.Outcome, bool) {
	switch result {
	case "1-0":
		return engine.RedWins, true
	case "0-1":
		return engine.BlackWins, true
	case "1/2-1/2":
		return engine.Draw, true
	}
	return engine.Ongoing, false
}

// relabelGame searches the positions of one finished game.
func (pl *player) relabelGame(cfg *RelabelConfig, g *pgn.Game, out []posfile.Record) ([]posfile.Record, error) {
	outcome, ok := gameOutcome(g.Result)
	if !ok {
		return out, nil
	}
	pos, err := engine.NewPosition(g.StartFEN())
	if err != nil {
		return out, err
	}
	pl.s.Clear()
	for ply, m := range g.Moves {
		if ply >= cfg.SkipPlies && pos.HasLegalMove() {
			res := pl.search(pos, cfg.Nodes)
			if keep(pos, res) {
				out = append(out, posfile.Encode(pos, res.Score, resultFor(outcome, pos.SideToMove()), ply))
			}
		}
		pos.PlayGameMove(m)
	}
	return out, nil
}

// readGames reads the games of a PGN file, refusing a file that is not
// PGN: position data (a position file is trained on, not relabelled),
// binary data (a NUL byte in its first 64 KiB, which no PGN text has) or
// text in which the reader finds no game at all.
func readGames(name string) ([]*pgn.Game, error) {
	f, _, err := safefile.Open(name)
	if err != nil {
		return nil, err
	}
	head := make([]byte, 64<<10)
	n, err := io.ReadFull(f, head)
	f.Close()
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	switch head = head[:n]; {
	case posfile.IsPositionData(head):
		return nil, fmt.Errorf("%s: position data, not PGN: datagen relabels the games of PGN files (train on position files with tune nnue)", name)
	case bytes.IndexByte(head, 0) >= 0:
		return nil, fmt.Errorf("%s: binary data, not PGN", name)
	}
	games, bad, err := pgn.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if len(games)+len(bad) == 0 {
		return nil, fmt.Errorf("%s: no PGN game in it (not a PGN file?)", name)
	}
	return games, nil
}
