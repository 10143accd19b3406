package pgn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"reflect"
	"testing"

	"github.com/goxq/ucci/engine"
)

// FuzzRead feeds arbitrary bytes to the reader: it must not panic or loop,
// every game it returns must replay legally, and writing a game and reading
// it back must give the same moves and variations.
func FuzzRead(f *testing.F) {
	if data, err := os.ReadFile("testdata/features.pgn"); err == nil {
		f.Add(data)
		if gbk, err := encodeGBK(data); err == nil {
			f.Add(gbk)
		}
	}
	for _, s := range []string{
		"1. h2e2 h9g7 2. C2.5 *",
		"[FEN \"4k4/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1\"]\n1. 前兵进一 将5平6 2. 中兵平六 *",
		"[Event \"x\"]\n{unterminated\n[Event \"y\"]\n1. h2e2",
		"1. h2e2 (1. b2e2 {c} (1. c3c4)) 1... h9g7 $12 ; x\n2. h0g2 1/2-1/2",
		"\xef\xbb\xbf1. 炮二平五 馬８進７\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rd := NewReader(bytes.NewReader(data), "fuzz")
		for i := 0; ; i++ {
			if i > len(data)+1 {
				t.Fatal("reader makes no progress")
			}
			g, err := rd.Next()
			if err == io.EOF {
				return
			}
			var ge *GameError
			if errors.As(err, &ge) {
				continue
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			checkGame(t, g)
		}
	})
}

// checkGame replays g, then writes it and reads it back.
func checkGame(t *testing.T, g *Game) {
	pos, err := engine.NewPosition(g.StartFEN())
	if err != nil {
		t.Fatalf("game with bad start %q: %v", g.StartFEN(), err)
	}
	for _, m := range g.Moves {
		if !pos.IsPseudoLegal(m) || !pos.IsLegal(m) {
			t.Fatalf("illegal move %s in %s", m, pos.FEN())
		}
		pos.PlayGameMove(m)
	}
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	back, err := NewReader(&buf, "written").Next()
	if err != nil {
		t.Fatalf("reading back %q: %v", buf.String(), err)
	}
	if moveList(back.Moves) != moveList(g.Moves) {
		t.Fatalf("round trip: %q became %q", moveList(g.Moves), moveList(back.Moves))
	}
	if !reflect.DeepEqual(back.Variations, g.Variations) {
		t.Fatalf("round trip of the variations: %v became %v\n%s", g.Variations, back.Variations, buf.String())
	}
}
