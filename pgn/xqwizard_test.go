package pgn

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/goxq/ucci/engine"
)

// fixedBufferRead reads the first game of data the way XQWizard-style
// readers (xqbase's PGN reader, also used by the UCCI league) do: lines of
// at most 255 bytes (a longer line is split), tags only at the top, matched
// by the prefix `[Name "` and cut at the next quote; [Format] picks the
// notation (WXF, ICCS, otherwise Chinese); in the movetext a move is a
// fixed-width token (ICCS: 5 bytes from an upper-case letter, "H2-E2"; WXF:
// 4 bytes from a letter or sign; Chinese: 4 GBK characters from the first
// non-ASCII byte), { and ( open comments that nest with } and ), and the
// game ends at the first 1-0, 0-1, 1/2-1/2 or * outside comments. Moves
// are resolved with ParseMove, so this checks the layout the writer must
// keep, not the notation rules.
func fixedBufferRead(t *testing.T, data []byte) (tags map[string]string, moves []engine.Move, result string) {
	t.Helper()
	var lines [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		l := sc.Bytes()
		for len(l) > 255 {
			lines = append(lines, l[:255])
			l = l[255:]
		}
		lines = append(lines, append([]byte(nil), l...))
	}
	tags = map[string]string{}
	i := 0
	for ; i < len(lines) && len(lines[i]) > 0 && lines[i][0] == '['; i++ {
		l := string(lines[i])
		name, rest, ok := strings.Cut(l[1:], ` "`)
		if !ok {
			continue
		}
		value, _, _ := strings.Cut(rest, `"`)
		tags[strings.ToUpper(name)] = value
	}
	pos, err := engine.NewPosition(engine.StartFEN)
	if fen, ok := tags["FEN"]; ok {
		pos, err = engine.NewPosition(fen)
	}
	if err != nil {
		t.Fatalf("fixed-buffer reader: FEN: %v", err)
	}
	gbk := simplifiedchinese.GBK.NewDecoder()
	depth := 0
	for ; i < len(lines); i++ {
		l := lines[i]
		for j := 0; j < len(l); j++ {
			c := l[j]
			if depth > 0 {
				switch c {
				case '{', '(':
					depth++
				case '}', ')':
					depth--
				}
				continue
			}
			rest := string(l[j:])
			for _, r := range []string{"1-0", "0-1", "1/2-1/2", "*"} {
				if strings.HasPrefix(rest, r) {
					return tags, moves, r
				}
			}
			var tok string
			switch format := strings.ToUpper(tags["FORMAT"]); {
			case c == '{' || c == '(':
				depth++
				continue
			case format == "ICCS" && c >= 'A' && c <= 'Z' && len(rest) >= 5:
				tok = rest[:5]
			case format == "WXF" && (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '+' || c == '-') && len(rest) >= 4:
				tok = rest[:4]
			case format != "ICCS" && format != "WXF" && c >= 0x80 && len(rest) >= 8:
				text, err := gbk.String(rest[:8])
				if err != nil {
					t.Fatalf("fixed-buffer reader: %q is not GBK", rest[:8])
				}
				tok = text
			default:
				continue
			}
			m, err := ParseMove(pos, tok)
			if err != nil {
				t.Fatalf("fixed-buffer reader: move %d %q: %v", len(moves)+1, tok, err)
			}
			pos.PlayGameMove(m)
			moves = append(moves, m)
			if format := strings.ToUpper(tags["FORMAT"]); format == "ICCS" {
				j += 4
			} else if format == "WXF" {
				j += 3
			} else {
				j += 7
			}
		}
	}
	return tags, moves, ""
}

// TestWriteNotations writes a game with comments in each notation, from
// the start and from a FEN: this package reads it back whole, comments
// included, and a fixed-buffer reader (XQWizard's way) reads the tags that
// matter, every move and the result.
func TestWriteNotations(t *testing.T) {
	games := []*Game{
		{Moves: playMoves(t, engine.StartFEN, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h4 g6g5 c3c4 b7a7 b0c2 a9b9"), Result: "1/2-1/2",
			Comments: []string{"book", "book", "+0.35/12 1.2s", "-0.20/11 0.95s", "", "+M9/30 0.012s", "{odd} (text)\n"}},
		{FEN: "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", Moves: playMoves(t, "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "b0b9"),
			Result: "1-0", Comments: []string{"+M1/1 0s"}},
	}
	for _, g := range games {
		g.SetTag("Event", "notation test")
		g.SetTag("Red", "红方引擎")
		g.SetTag("Black", "black")
		g.SetTag("TerminationDetail", strings.Repeat("long detail ", 40))
	}
	wantComments := []string{"book", "book", "+0.35/12 1.2s", "-0.20/11 0.95s", "", "+M9/30 0.012s", "[odd] [text]"}
	for _, o := range []WriteOptions{{Notation: ICCS}, {Notation: WXF}, {Notation: Chinese, GBK: true}, {Notation: Chinese}} {
		for gi, g := range games {
			var buf bytes.Buffer
			if err := o.Write(&buf, g); err != nil {
				t.Fatal(err)
			}
			name := o.Notation.String()
			back, err := NewReader(bytes.NewReader(buf.Bytes()), name).Next()
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, buf.String())
			}
			if moveList(back.Moves) != moveList(g.Moves) || back.Result != g.Result || back.FEN != g.FEN ||
				back.Tag("Red") != "红方引擎" {
				t.Errorf("%s game %d read back: %s %s %q %v", name, gi, moveList(back.Moves), back.Result, back.FEN, back.Tags)
			}
			if gi == 0 && strings.Join(back.Comments, "|") != strings.Join(wantComments, "|") {
				t.Errorf("%s comments: %q", name, back.Comments)
			}
			if o.GBK {
				tags, moves, result := fixedBufferRead(t, buf.Bytes())
				if moveList(moves) != moveList(g.Moves) || result != g.Result || tags["FEN"] != g.FEN {
					t.Errorf("%s game %d, fixed-buffer reader: %s %s %v", name, gi, moveList(moves), result, tags)
				}
			} else if o.Notation != Chinese {
				tags, moves, result := fixedBufferRead(t, buf.Bytes())
				if moveList(moves) != moveList(g.Moves) || result != g.Result || tags["FEN"] != g.FEN || tags["FORMAT"] == "" {
					t.Errorf("%s game %d, fixed-buffer reader: %s %s %v\n%s", name, gi, moveList(moves), result, tags, buf.String())
				}
			}
		}
	}
}

// playMoves turns ICCS moves from fen into engine moves.
func playMoves(t *testing.T, fen, moves string) []engine.Move {
	t.Helper()
	pos, err := engine.NewPosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Move
	for _, s := range strings.Fields(moves) {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		pos.PlayGameMove(m)
		out = append(out, m)
	}
	return out
}
