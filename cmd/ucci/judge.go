package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/cliflags"
	"github.com/goxq/ucci/internal/quote"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/pgn"
)

const judgeUsage = `usage: ucci judge [-rules cxa|axf] [-fen FEN] [-moves "m1 m2 ..."] [-naturallimit N] [-folds N]
       ucci judge [-rules cxa|axf] [-naturallimit N] [-folds N] -pgn FILE
  plays the moves under the referee and prints "result R REASON"; with -pgn, one line
  "game N result R REASON (recorded R)" per game of the file. Moves may be in ICCS (h2e2,
  H2-E2), WXF (C2.5) or Chinese notation (炮二平五), move numbers (1. 1...) are skipped.
  Moves after the end of the game are ignored and reported on stderr (exit 0); an
  illegal move is an error (exit 2; with -pgn, that game's line says so and the exit
  status is 1).`

// judgeRules are the referee settings of `ucci judge`.
type judgeRules struct {
	rules        engine.RuleSet
	naturalLimit int
	folds        int
}

// referee returns a referee for a game from fen.
func (j judgeRules) referee(fen string) (*engine.Game, error) {
	g, err := engine.NewGame(fen, j.rules)
	if err != nil {
		return nil, err
	}
	g.SetNaturalLimit(j.naturalLimit)
	g.SetRepetitionFolds(j.folds)
	return g, nil
}

// runJudge implements `ucci judge`.
func runJudge(args []string, stdout, stderr io.Writer) int {
	fs := cliflags.New("judge", judgeUsage, stderr)
	rulesName := fs.String("rules", "cxa", "rule set: cxa (Chinese 1999) or axf (Asian)")
	fen := fs.String("fen", engine.StartFEN, "start position")
	moves := fs.String("moves", "", "moves separated by spaces, in ICCS, WXF or Chinese notation")
	pgnFile := fs.String("pgn", "", "judge every game of this PGN file instead")
	limit := fs.Int("naturallimit", engine.DefaultNaturalLimit, "natural-move limit in plies (0 = off)")
	folds := fs.Int("folds", 3, "occurrences of a position that trigger the repetition rules")
	if code, ok := cliflags.Parse(fs, args); !ok {
		return code
	}
	if fs.NArg() != 0 {
		return cliflags.Bad(fs, "unexpected argument %s", quote.Input(fs.Arg(0)))
	}
	if err := cliflags.FirstError(cliflags.IntIn("naturallimit", *limit, 0, maxNaturalLimit), cliflags.IntIn("folds", *folds, minFolds, maxFolds)); err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	rules, err := engine.ParseRuleSet(*rulesName)
	if err != nil {
		return cliflags.Bad(fs, "%v", err)
	}
	j := judgeRules{rules: rules, naturalLimit: *limit, folds: *folds}
	if *pgnFile != "" {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if set["moves"] || set["fen"] {
			return cliflags.Bad(fs, "-pgn takes the moves and the start from the file: no -moves or -fen with it")
		}
		return j.judgeFile(*pgnFile, stdout, stderr)
	}
	game, err := j.referee(*fen)
	if err != nil {
		return cliflags.Bad(fs, "bad FEN: %v", err)
	}
	var ignored []string
	played := 0
	for _, text := range strings.Fields(*moves) {
		switch {
		case isMoveNumber(text):
			continue
		case game.Verdict().Over():
			ignored = append(ignored, text)
			continue
		}
		pos := game.Position()
		m, err := pgn.ParseMove(pos, text)
		if err == nil {
			_, err = game.Play(m)
		}
		if err != nil {
			return fail(stderr, "ucci judge", 2, "move %d (%s): %v", played+1, quote.Input(text), err)
		}
		played++
	}
	v := game.Verdict()
	fmt.Fprintf(stdout, "result %s %s\n", v.Result(), v.Reason)
	reportIgnored(stderr, "", played, ignored, v)
	return 0
}

// play plays moves through the referee until the game ends; it returns the
// verdict, how many moves were played and the moves left over, in ICCS.
func play(game *engine.Game, moves []engine.Move) (v engine.Verdict, played int, ignored []string) {
	for i, m := range moves {
		if game.Verdict().Over() {
			for _, m := range moves[i:] {
				ignored = append(ignored, m.String())
			}
			return game.Verdict(), i, ignored
		}
		if _, err := game.Play(m); err != nil {
			// Cannot happen: the reader checked every move.
			return game.Verdict(), i, nil
		}
	}
	return game.Verdict(), len(moves), nil
}

// reportIgnored tells on w which moves came after the end of the game,
// after played moves.
func reportIgnored(w io.Writer, label string, played int, rest []string, v engine.Verdict) {
	if len(rest) == 0 {
		return
	}
	shown := make([]string, 0, 10)
	for i, m := range rest {
		if i == cap(shown) {
			shown = append(shown, "...")
			break
		}
		shown = append(shown, quote.Input(m))
	}
	when := fmt.Sprintf("after move %d", played)
	if played == 0 {
		when = "before the first move"
	}
	fmt.Fprintf(w, "ucci judge: %sthe game ended %s (%s); %d later move(s) ignored: %s\n",
		label, when, v, len(rest), strings.Join(shown, " "))
}

// judgeFile judges every game of a PGN file: one line per game on stdout,
// notes on stderr. The exit status is 1 when a game could not be read
// (an illegal or unreadable move, a bad FEN) or the file could not.
func (j judgeRules) judgeFile(path string, stdout, stderr io.Writer) int {
	f, _, err := safefile.Open(path)
	if err != nil {
		return fail(stderr, "ucci judge", 1, "%v", err)
	}
	defer f.Close()
	rd := pgn.NewReader(f, path)
	code := 0
	for n := 1; ; n++ {
		g, err := rd.Next()
		var ge *pgn.GameError
		switch {
		case err == io.EOF:
			return code
		case errors.As(err, &ge):
			fmt.Fprintf(stdout, "game %d error %s\n", n, gameErrorText(ge))
			code = 1
			continue
		case err != nil:
			return fail(stderr, "ucci judge", 1, "%v", err)
		}
		game, err := j.referee(g.StartFEN())
		if err != nil {
			fmt.Fprintf(stdout, "game %d error bad FEN: %v\n", n, err)
			code = 1
			continue
		}
		v, played, ignored := play(game, g.Moves)
		fmt.Fprintf(stdout, "game %d result %s %s (recorded %s)\n", n, v.Result(), v.Reason, g.Result)
		reportIgnored(stderr, fmt.Sprintf("game %d: ", n), played, ignored, v)
	}
}

// gameErrorText describes an unreadable game without the file name.
func gameErrorText(e *pgn.GameError) string {
	if e.Move == "" {
		return fmt.Sprintf("line %d %s: %v", e.Line, quote.Input(e.Token), e.Err)
	}
	return fmt.Sprintf("line %d move %s %s: %v", e.Line, e.Move, quote.Input(e.Token), e.Err)
}

// isMoveNumber tells whether a token is a move number ("1.", "12...").
func isMoveNumber(tok string) bool {
	digits := strings.TrimRight(tok, ".")
	if digits == tok || digits == "" {
		return false
	}
	return strings.Trim(digits, "0123456789") == ""
}
