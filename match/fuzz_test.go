package match

import (
	"bytes"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
)

// FuzzEngineSpec checks that ParseEngineSpec never panics and that a spec
// it accepts, written back with every value quoted, parses to the same spec.
func FuzzEngineSpec(f *testing.F) {
	for _, s := range []string{
		"bin/ucci",
		"cmd=bin/ucci name=a option.hashsize=16 option.threads=1 ponder=true",
		`cmd="/my engines/eleeye" proto=ucci units=s dir=/tmp arg=-x arg='a b'`,
		"cmd=x option.bookfiles=\"/my books/a.xqb\" option.Clear=",
		"cmd=x proto=uci option.Hash=32 ponder=false",
		"cmd=x units=ms ponder=1",
		"name=a", "cmd=", "cmd=x option.=1", "cmd=x bad", "cmd=x 'open", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := engineproc.ParseEngineSpec(text)
		if err != nil {
			return
		}
		if s.Cmd == "" {
			t.Fatalf("%q: accepted without a command", text)
		}
		for _, o := range s.Options {
			if o.Name == "" || strings.ContainsAny(o.Name, " \t") {
				t.Fatalf("%q: option name %q", text, o.Name)
			}
		}
		back, ok := specText(s)
		if !ok {
			return // a value holds both kinds of quote: not writable
		}
		s2, err := engineproc.ParseEngineSpec(back)
		if err != nil {
			t.Fatalf("%q parsed, but its rewrite %q fails: %v", text, back, err)
		}
		if !sameSpec(s, s2) {
			t.Fatalf("%q gives %+v, its rewrite %q gives %+v", text, s, back, s2)
		}
	})
}

// specText writes a spec in the SPEC syntax with every value quoted; ok is
// false when a value cannot be quoted.
func specText(s engineproc.EngineSpec) (string, bool) {
	var fields []string
	ok := true
	add := func(key, value string) {
		q := `"`
		if strings.Contains(value, `"`) {
			q = "'"
			ok = ok && !strings.Contains(value, "'")
		}
		fields = append(fields, key+"="+q+value+q)
	}
	add("cmd", s.Cmd)
	if s.Name != "" {
		add("name", s.Name)
	}
	if s.Dir != "" {
		add("dir", s.Dir)
	}
	for _, a := range s.Args {
		add("arg", a)
	}
	add("proto", s.Proto.String())
	if s.Seconds {
		add("units", "s")
	}
	if s.Ponder {
		add("ponder", "true")
	}
	for _, o := range s.Options {
		add("option."+o.Name, o.Value)
	}
	return strings.Join(fields, " "), ok
}

// sameSpec compares two specs field by field.
func sameSpec(a, b engineproc.EngineSpec) bool {
	if a.Cmd != b.Cmd || a.Name != b.Name || a.Dir != b.Dir || a.Proto != b.Proto ||
		a.Seconds != b.Seconds || a.Ponder != b.Ponder || len(a.Args) != len(b.Args) || len(a.Options) != len(b.Options) {
		return false
	}
	for i := range a.Args {
		if a.Args[i] != b.Args[i] {
			return false
		}
	}
	for i := range a.Options {
		if a.Options[i] != b.Options[i] {
			return false
		}
	}
	return true
}

// FuzzEngineOutput feeds arbitrary engine output lines to the runner's
// readers of bestmove and info lines: no panic, a move is lowercase and a
// mate score has the sign of the mate.
func FuzzEngineOutput(f *testing.F) {
	for _, s := range []string{
		"bestmove h2e2 ponder h9g7", "bestmove h2e2 draw", "bestmove a0a1 resign", "nobestmove",
		"bestmove (none)", "bestmove 0000", "BESTMOVE H2E2 PONDER", "bestmove",
		"info depth 12 score 35 pv h2e2 h9g7", "info depth 0 score 761 pv h9g7",
		"info depth 9 seldepth 14 multipv 1 score cp -40 lowerbound nodes 5 pv h2e2",
		"info depth 9 score mate 3 pv h2e2", "info depth 9 score mate -2", "info score mate 0",
		"info score mate 9223372036854775807", "info score mate -9223372036854775808",
		"info string score 5", "info score", "info score cp", "info time 5 nodes 9",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if bm, ok := engineproc.ParseBestMove(text); ok {
			if bm.Move != strings.ToLower(bm.Move) {
				t.Fatalf("%q: move %q not lowercased", text, bm.Move)
			}
			if bm.Ponder != strings.ToLower(bm.Ponder) {
				t.Fatalf("%q: ponder move %q not lowercased", text, bm.Ponder)
			}
		}
		in, _ := engineproc.ParseInfo(text)
		if !in.HasScore {
			return
		}
		if in.Depth < 0 || in.Book || in.Bound {
			t.Fatalf("%q: depth %d, book %v, bound %v with a score", text, in.Depth, in.Book, in.Bound)
		}
		score := in.Score
		f := strings.Fields(text)
		for i := 0; i+2 < len(f); i++ {
			if f[i] == "score" && f[i+1] == "mate" && i+3 == len(f) {
				switch {
				case strings.HasPrefix(f[i+2], "-") && score >= 0:
					t.Fatalf("%q: being mated scores %d", text, score)
				case !strings.HasPrefix(f[i+2], "-") && f[i+2] != "0" && strings.Trim(f[i+2], "+0") != "" && score <= 0:
					t.Fatalf("%q: mating scores %d", text, score)
				}
			}
		}
	})
}

// FuzzOpenings checks that ParseOpenings never panics and that every
// opening it accepts replays legally from its FEN.
func FuzzOpenings(f *testing.F) {
	for _, s := range []string{
		"startpos moves h2e2 h9g7 ; a comment\n\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n",
		mateFEN + " moves b0b9\n",
		"[Event \"x\"]\n1. h2e2 h9g7 2. h0g2 *\n\n[FEN \"" + chaseRepFEN + "\"]\n1. b3a3 *\n",
		"1. 炮二平五 马8进7 *", "startpos moves z9z9", "startposmoves", "; only\n", "\ufeff[Event",
	} {
		f.Add(s)
	}
	if len(defaultOpenings) > 2000 {
		f.Add(string(defaultOpenings[:2000]))
	}
	f.Fuzz(func(t *testing.T, text string) {
		ops, err := ParseOpenings(strings.NewReader(text), "fuzz")
		if err != nil {
			return
		}
		if len(ops) == 0 {
			t.Fatal("no openings and no error")
		}
		for i, o := range ops {
			pos, err := engine.NewPosition(o.FEN)
			if err != nil {
				t.Fatalf("opening %d: bad FEN %q: %v", i, o.FEN, err)
			}
			for _, m := range o.Moves {
				if !pos.IsPseudoLegal(m) || !pos.IsLegal(m) {
					t.Fatalf("opening %d: illegal move %s in %s", i, m, pos.FEN())
				}
				pos.PlayGameMove(m)
			}
			if end := o.End(); end != pos.FEN() {
				t.Fatalf("opening %d: End %q, replayed %q", i, end, pos.FEN())
			}
		}
		var buf bytes.Buffer
		buf.WriteString(text)
		if again, err := ParseOpenings(&buf, "again"); err != nil || len(again) != len(ops) {
			t.Fatalf("not deterministic: %d openings, then %d (%v)", len(ops), len(again), err)
		}
	})
}
