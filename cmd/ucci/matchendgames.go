package main

import (
	"fmt"
	"io"

	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/quote"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/match"
)

const matchEndgamesUsage = `usage: ucci match endgames -pgn GAMES.pgn [-out FILE] [-n 200] [-min-attackers 2] [-max-attackers 4] [-plies-left 20]
  takes from each game the first quiet position with few attacking pieces left
  (chariots, horses, cannons, soldiers, both sides together) that the masters
  played on from, and writes them as an openings file: start positions for
  matches on endgame play (ucci match -openings FILE), with or without tablebases`

// runMatchEndgames implements `ucci match endgames`.
func runMatchEndgames(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("match endgames", matchEndgamesUsage, stderr)
	in := fs.String("pgn", "", "PGN file of games (required)")
	out := fs.String("out", "", "openings file to write (default: standard output)")
	credit := fs.String("credit", "", "attribution line for the source games, written into the header")
	o := match.EndgameOptions{Count: 200, MinAttackers: 2, MaxAttackers: 4, MinPliesLeft: 20}
	cliflags.Define(fs,
		cliflags.Row{Name: "n", Value: &o.Count, Usage: "number of positions (one a game at most)"},
		cliflags.Row{Name: "min-attackers", Value: &o.MinAttackers, Usage: "fewest attacking pieces on the board"},
		cliflags.Row{Name: "max-attackers", Value: &o.MaxAttackers, Usage: "most attacking pieces on the board"},
		cliflags.Row{Name: "plies-left", Value: &o.MinPliesLeft, Usage: "plies the game went on after the position, at least"})
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	switch {
	case fs.NArg() != 0:
		return cliflags.Bad(fs, "unexpected argument %s", quote.Input(fs.Arg(0)))
	case *in == "":
		return cliflags.Bad(fs, "-pgn GAMES.pgn is required")
	}
	if err := cliflags.FirstError(
		cliflags.IntIn("n", o.Count, 1, 1_000_000),
		cliflags.IntIn("min-attackers", o.MinAttackers, 0, 32),
		cliflags.IntIn("max-attackers", o.MaxAttackers, o.MinAttackers, 32),
		cliflags.IntIn("plies-left", o.MinPliesLeft, 0, 1000),
		writableFile("out", *out),
		safefile.CheckOutputs(safefile.Names("-out", *out), safefile.Names("-pgn", *in)),
	); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	return writeChosen("match endgames", *in, *out, *credit, stdout, stderr, func(games io.Reader) (string, func(io.Writer, string) error, string, error) {
		ps, rep, err := match.ChooseEndgames(games, *in, o)
		header := fmt.Sprintf("%d endgame positions (%d-%d attacking pieces, quiet, played on for %d+ plies) from the games of %s.\n"+
			"Chosen by: ucci match endgames %s\n"+
			"Each line: FEN ; the game, the ply, its result.",
			len(ps), o.MinAttackers, o.MaxAttackers, o.MinPliesLeft, baseName(*in), shellJoin(args))
		write := func(w io.Writer, header string) error { return match.WriteEndgames(w, header, ps) }
		return header, write, fmt.Sprintf("%d positions from %d games (%d reached an ending, %d skipped)", len(ps), rep.Games, rep.Reached, rep.Skipped), err
	})
}
