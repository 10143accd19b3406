package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// This file reads what an XBoard match leaves behind (the PGN file, the
// -debug log with UCI2WB's debug output, XBoard's own output) and lists
// what went wrong. TestXBoardMatch applies it to a fresh match; the tests
// below apply it to recorded files in testdata/.

// game is one game of an XBoard PGN file.
type game struct {
	tags        map[string]string
	result      string // the result token that ends the movetext
	termination string // the comment just before it ("White resigns"), "" if none
	plies       int
}

var (
	tagLine     = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)
	moveNumber  = regexp.MustCompile(`^\d+\.+$`)
	evalComment = regexp.MustCompile(`^[+-]?\d+\.\d+/\d+( [\d.]+)?$`)
)

// parsePGN splits an XBoard PGN file into games.
func parsePGN(text string) ([]game, error) {
	var games []game
	var tags map[string]string
	var movetext strings.Builder
	flush := func() error {
		if tags == nil {
			return nil
		}
		g, err := parseMovetext(movetext.String())
		if err != nil {
			return fmt.Errorf("game %d: %v", len(games)+1, err)
		}
		g.tags = tags
		games = append(games, g)
		tags = nil
		movetext.Reset()
		return nil
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if m := tagLine.FindStringSubmatch(line); m != nil {
			if tags != nil && strings.TrimSpace(movetext.String()) != "" {
				if err := flush(); err != nil {
					return nil, err
				}
			}
			if tags == nil {
				tags = map[string]string{}
			}
			tags[m[1]] = m[2]
			continue
		}
		if tags != nil {
			movetext.WriteString(line)
			movetext.WriteByte('\n')
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return games, nil
}

// parseMovetext reads the moves, the comments and the final result.
func parseMovetext(s string) (game, error) {
	var g game
	lastComment, commentLast := "", false
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '{':
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				return g, fmt.Errorf("unterminated comment")
			}
			lastComment, commentLast = strings.Join(strings.Fields(s[i+1:i+j]), " "), true
			i += j + 1
		case c == ' ' || c == '\n' || c == '\t':
			i++
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \n\t{", rune(s[j])) {
				j++
			}
			tok := s[i:j]
			i = j
			switch {
			case g.result != "":
				return g, fmt.Errorf("%q after the result", tok)
			case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
				g.result = tok
				if commentLast && !evalComment.MatchString(lastComment) {
					g.termination = lastComment
				}
			case moveNumber.MatchString(tok):
			default:
				g.plies++
				commentLast = false
			}
		}
	}
	if g.result == "" {
		return g, fmt.Errorf("no result at the end of the moves")
	}
	return g, nil
}

// badEnding matches game-end reasons that mean a failure rather than a
// finished game: illegal moves, forfeits, time losses, crashes.
var badEnding = regexp.MustCompile(`(?i)illegal|invalid|forfeit|flag|time|crash|exit|violation|premature|disconnect|stall|abort|false .*claim|unexpected`)

// checkGame lists what is wrong with a game's record.
func checkGame(g game) []string {
	var p []string
	res := g.tags["Result"]
	switch res {
	case "1-0", "0-1", "1/2-1/2":
	default:
		p = append(p, fmt.Sprintf("unfinished: Result %q", res))
	}
	if g.result != res {
		p = append(p, fmt.Sprintf("movetext ends in %q but the Result tag says %q", g.result, res))
	}
	if g.termination == "" {
		p = append(p, "no termination comment before the result")
	} else if badEnding.MatchString(g.termination) {
		p = append(p, fmt.Sprintf("ended by %q", g.termination))
	}
	if g.plies < 2 {
		p = append(p, fmt.Sprintf("only %d plies", g.plies))
	}
	return p
}

// debugLog is what XBoard's -debug file says about a match.
type debugLog struct {
	engineLines []string          // every line our engine printed (UCI2WB debug output)
	gameEnds    []string          // XBoard's game-end reasons, one per game, in order
	problems    []string          // lines that report a failure
	guiOptions  map[string]string // option values XBoard sent to our engine
	goPonder    int               // go ponder commands UCI2WB sent to our engine
	ponderHits  int               // ponderhit commands
}

var (
	engineSaid = regexp.MustCompile(`^\d+ <first : # engine said: (.*)$`)
	gameEnds   = regexp.MustCompile(`^GameEnds\(\d+, (.*), \d+\)$`)
	guiOption  = regexp.MustCompile(`^\d+ >first : option ([^=]+)=(.*)$`)
	// badLine matches log lines that report a failure anywhere in a match.
	badLine = regexp.MustCompile(`(?i)illegal|forfeit|crash|violation|premature|exited unexpectedly|false (draw|win|illegal)|flag fell|\bon time\b|disconnect`)
)

// parseDebugLog reads an XBoard debug file.
func parseDebugLog(text string) debugLog {
	d := debugLog{guiOptions: map[string]string{}}
	ended := false // the current game's end is recorded (XBoard repeats GameEnds)
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.HasPrefix(line, "Reset(") {
			ended = false
		}
		if m := engineSaid.FindStringSubmatch(line); m != nil {
			d.engineLines = append(d.engineLines, m[1])
		} else if strings.Contains(line, "<first : # go ponder ") {
			d.goPonder++
		} else if strings.HasSuffix(line, "<first : # ponderhit") {
			d.ponderHits++
		} else if m := guiOption.FindStringSubmatch(line); m != nil {
			d.guiOptions[m[1]] = m[2]
		} else if m := gameEnds.FindStringSubmatch(line); m != nil && m[1] != "(null)" && !ended {
			d.gameEnds = append(d.gameEnds, m[1])
			ended = true
		}
		if badLine.MatchString(line) {
			d.problems = append(d.problems, line)
		}
	}
	return d
}

// protocolLine is what an engine may print: anything else is noise a GUI
// may misread.
var protocolLine = regexp.MustCompile(`^(id (name|version|copyright|author|email) |option |ucciok$|uciok$|readyok$|info |bestmove |nobestmove$|bye$|pophash( |$))`)

// checkEngineLines lists what our engine printed that a GUI should not see.
func checkEngineLines(lines []string) []string {
	var p []string
	hello := false
	for _, l := range lines {
		if !protocolLine.MatchString(l) {
			p = append(p, fmt.Sprintf("non-protocol output %q", l))
		}
		for _, r := range l {
			if r < 32 || r > 126 {
				p = append(p, fmt.Sprintf("non-ASCII output %q", l))
				break
			}
		}
		hello = hello || l == "ucciok"
	}
	if len(lines) == 0 {
		p = append(p, "no engine output in the debug log (is UCI2WB's debug output on?)")
	} else if !hello {
		p = append(p, "the engine never answered ucciok")
	}
	return p
}

var declaredDefault = regexp.MustCompile(`^option (\S+) type \S+.* default ?(.*)$`)

// overriddenOptions lists options XBoard set to something other than the
// default our engine declared (XBoard takes a combo's first entry unless
// the adapter marks the default).
func overriddenOptions(d debugLog) []string {
	def := map[string]string{}
	for _, l := range d.engineLines {
		if m := declaredDefault.FindStringSubmatch(l); m != nil {
			def[m[1]] = m[2]
		}
	}
	var p []string
	for name, v := range d.guiOptions {
		want, ok := def[name]
		if !ok {
			continue // UCI2WB's own options
		}
		if want == "true" {
			want = "1"
		} else if want == "false" {
			want = "0"
		}
		if v != want {
			p = append(p, fmt.Sprintf("XBoard set %s=%s (declared default %q)", name, v, want))
		}
	}
	return p
}

// finalScore is XBoard's closing line: "Match A vs. B: final score W-L-D".
var finalScore = regexp.MustCompile(`Match (.*) vs\. (.*): final score (\d+)-(\d+)-(\d+)`)

// noise is harmless output of XBoard under Xvfb without a sound card.
var noise = regexp.MustCompile(`^(ALSA lib |aplay: |\s*$)`)

var badOutput = regexp.MustCompile(`(?i)error|fatal|fail|illegal|forfeit|crash|exited|abort|violation`)

// checkXBoardOutput reads XBoard's stdout and stderr: it returns the final
// score line's fields (first engine, second engine, wins, losses, draws of
// the first) and the lines that report a failure.
func checkXBoardOutput(text string) (score []string, problems []string) {
	for _, line := range strings.Split(text, "\n") {
		if noise.MatchString(line) {
			continue
		}
		if m := finalScore.FindStringSubmatch(line); m != nil {
			score = m[1:]
			continue
		}
		if badOutput.MatchString(line) {
			problems = append(problems, line)
		}
	}
	return score, problems
}

// checkScore compares XBoard's final score with the PGN results.
func checkScore(score []string, games []game) []string {
	if score == nil {
		return []string{"XBoard printed no final score"}
	}
	first := score[0]
	var w, l, d int
	for _, g := range games {
		red := g.tags["White"] == first
		switch g.tags["Result"] {
		case "1-0":
			if red {
				w++
			} else {
				l++
			}
		case "0-1":
			if red {
				l++
			} else {
				w++
			}
		case "1/2-1/2":
			d++
		}
	}
	if got := fmt.Sprintf("%d-%d-%d", w, l, d); got != strings.Join(score[2:], "-") {
		return []string{fmt.Sprintf("XBoard's final score %s-%s-%s for %s, the PGN says %s", score[2], score[3], score[4], first, got)}
	}
	return nil
}

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParsePGN(t *testing.T) {
	games, err := parsePGN(readTestdata(t, "match.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	want := []struct{ result, termination, white string }{
		{"0-1", "White resigns", "GoXQ dev dev (UXI2WB)"},
		{"1-0", "Black resigns", "fairy-stockfish"},
	}
	for i, g := range games {
		if g.result != want[i].result || g.termination != want[i].termination || g.tags["White"] != want[i].white {
			t.Errorf("game %d: %q %q %q, want %v", i+1, g.result, g.termination, g.tags["White"], want[i])
		}
		if p := checkGame(g); p != nil {
			t.Errorf("game %d: %v", i+1, p)
		}
	}
	if games[0].plies != 54 || games[1].plies != 119 {
		t.Errorf("plies %d and %d, want 54 and 119", games[0].plies, games[1].plies)
	}
}

func TestCheckGameFindsBadEndings(t *testing.T) {
	games, err := parsePGN(readTestdata(t, "bad-endings.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ended by \"White's flag fell\"", "ended by \"Black wins on time\"",
		"ended by \"Xboard: Forfeit due to illegal move: h2h9 (h2h9)\"", "unfinished: Result \"*\"",
		"no termination comment before the result", "ended by \"Error: first chess program (ucci) exited unexpectedly\""}
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d", len(games), len(want))
	}
	for i, g := range games {
		p := strings.Join(checkGame(g), "; ")
		if !strings.Contains(p, want[i]) {
			t.Errorf("game %d: problems %q, want %q", i+1, p, want[i])
		}
	}
}

// TestParseDebugLogSameEndings: two games that end for the same reason are
// two game ends, while XBoard's repeated GameEnds calls for one game are one
// (the Reset and GameEnds lines of a CI run that had two checkmates).
func TestParseDebugLogSameEndings(t *testing.T) {
	d := parseDebugLog(readTestdata(t, "same-endings.debug"))
	if len(d.gameEnds) != 2 || d.gameEnds[0] != "Xboard adjudication: Checkmate" || d.gameEnds[1] != d.gameEnds[0] {
		t.Errorf("game ends %q, want two checkmates", d.gameEnds)
	}
}

func TestParseDebugLog(t *testing.T) {
	d := parseDebugLog(readTestdata(t, "match.debug"))
	if p := checkEngineLines(d.engineLines); p != nil {
		t.Errorf("engine lines: %v", p)
	}
	if len(d.engineLines) < 50 {
		t.Errorf("%d engine lines", len(d.engineLines))
	}
	if strings.Join(d.gameEnds, "|") != "White resigns|Black resigns" {
		t.Errorf("game ends %q", d.gameEnds)
	}
	if d.goPonder != 3 || d.ponderHits != 1 {
		t.Errorf("%d go ponder, %d ponderhit; want 3 and 1", d.goPonder, d.ponderHits)
	}
	if len(d.problems) != 1 || !strings.Contains(d.problems[0], "UCI violation! Engine moves during ponder") {
		t.Errorf("problems %q, want the ponder violation", d.problems)
	}
	over := strings.Join(overriddenOptions(d), "; ")
	for _, o := range []string{"pruning=none", "knowledge=none", "style=solid"} {
		if !strings.Contains(over, o) {
			t.Errorf("overridden options %q lack %s", over, o)
		}
	}
	if strings.Contains(over, "usebook") || strings.Contains(over, "rules") {
		t.Errorf("options at their defaults reported: %q", over)
	}
}

func TestCheckEngineLines(t *testing.T) {
	good := []string{"id name GoXQ 1.0", "ucciok", "readyok", "info depth 3 score 5 pv h2e2", "bestmove h2e2 ponder h9g7", "nobestmove", "bye"}
	if p := checkEngineLines(good); p != nil {
		t.Errorf("good lines: %v", p)
	}
	for _, bad := range []string{"GoXQ by the GoXQ authors", "panic: runtime error", "Unknown command: foo", "info depth 1 score 0 pv h2e2\x1b", "bestmove\th2e2"} {
		if p := checkEngineLines(append(good, bad)); len(p) == 0 {
			t.Errorf("%q: problems %q", bad, p)
		}
	}
	if p := checkEngineLines([]string{"readyok"}); len(p) != 1 {
		t.Errorf("no ucciok: %q", p)
	}
}

func TestCheckXBoardOutput(t *testing.T) {
	score, p := checkXBoardOutput(readTestdata(t, "xboard.out"))
	if p != nil {
		t.Errorf("problems %q", p)
	}
	if strings.Join(score, "|") != "GoXQ dev dev (UXI2WB)|fairy-stockfish|0|2|0" {
		t.Errorf("score %q", score)
	}
	games, err := parsePGN(readTestdata(t, "match.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if p := checkScore(score, games); p != nil {
		t.Error(p)
	}
	if p := checkScore([]string{"fairy-stockfish", "GoXQ", "0", "2", "0"}, games); p == nil {
		t.Error("a wrong final score passed")
	}
	_, p = checkXBoardOutput("xboard: Failed to start first chess program uci2wb on localhost: uci2wb: No such file or directory\n")
	if len(p) != 1 {
		t.Errorf("failed start: problems %q", p)
	}
}

func TestBadEndingRegexp(t *testing.T) {
	for _, ok := range []string{"White resigns", "Black mates", "Xboard adjudication: perpetual checking", "Draw agreed", "Xboard adjudication: repetition draw"} {
		if badEnding.MatchString(ok) {
			t.Errorf("%q counted as a bad ending", ok)
		}
	}
}
