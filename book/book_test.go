package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// testGames: G3 is the mirror image of G1 with another result; G5 has no
// result and is refused.
const testGames = `
[Result "1-0"]
1. h2e2 h9g7 2. h0g2 i9h9 1-0

[Result "0-1"]
1. 炮二平五 马8进7 2. 马二进三 马2进3 0-1

[Result "1/2-1/2"]
1. C8.5 H2+3 2. H8+7 R1.2 1/2-1/2

[Result "1-0"]
1. c3c4 1-0

1. h2e2 *
`

// buildTest builds a book from testGames.
func buildTest(t *testing.T, plies int, opt BuildOptions) *Book {
	t.Helper()
	b := NewBuilder(plies)
	rd := pgn.NewReader(strings.NewReader(testGames), "test")
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Add(g); err != nil && !errors.Is(err, ErrNoResult) {
			t.Fatal(err)
		}
	}
	return b.Build(opt)
}

// fullString lists entries with their statistics.
func fullString(es []Entry) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = fmt.Sprintf("%s:%d:%d/%d/%d", e.Move, e.Weight, e.Wins, e.Draws, e.Losses)
	}
	return strings.Join(parts, " ")
}

// positionAfter plays ICCS moves from the start.
func positionAfter(t testing.TB, moves string) *engine.Position {
	t.Helper()
	pos := engine.StartPosition()
	for _, s := range strings.Fields(moves) {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		pos.PlayGameMove(m)
	}
	return pos
}

func TestBuildAndProbe(t *testing.T) {
	bk := buildTest(t, 4, BuildOptions{MinGames: 1})
	if bk.Games() != 4 || bk.Plies() != 4 {
		t.Errorf("games %d plies %d", bk.Games(), bk.Plies())
	}
	cases := []struct{ moves, want string }{
		// The start is symmetric: each move is stored with its mirror image.
		{"", "b2e2:3:1/1/1 h2e2:3:1/1/1 c3c4:2:1/0/0 g3g4:2:1/0/0"},
		// After h2e2 and after b2e2 (mirror images) the same statistics.
		{"h2e2", "h9g7:3:1/1/1"},
		{"b2e2", "b9c7:3:1/1/1"},
		{"h2e2 h9g7 h0g2", "b9c7:2:1/0/0 i9h9:1:0/1/1"},
		{"b2e2 b9c7 b0c2", "h9g7:2:1/0/0 a9b9:1:0/1/1"},
		{"c3c4 c6c5", ""},
	}
	for _, c := range cases {
		if got := fullString(bk.Probe(positionAfter(t, c.moves), nil)); got != c.want {
			t.Errorf("after %q: %s, want %s", c.moves, got, c.want)
		}
	}

	// The written file reads back to the same book.
	var buf bytes.Buffer
	if _, err := bk.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if back.Positions() != bk.Positions() || back.Entries() != bk.Entries() || back.Size() != buf.Len() {
		t.Errorf("read back %d/%d, built %d/%d", back.Positions(), back.Entries(), bk.Positions(), bk.Entries())
	}
	for _, c := range cases {
		if got := fullString(back.Probe(positionAfter(t, c.moves), nil)); got != c.want {
			t.Errorf("read back, after %q: %s, want %s", c.moves, got, c.want)
		}
	}
}

func TestBuildFilters(t *testing.T) {
	// i9h9 (one draw, one loss: 25%) fails a 30% score; b9c7 has one game.
	pos := positionAfter(t, "h2e2 h9g7 h0g2")
	for _, c := range []struct {
		opt  BuildOptions
		want string
	}{
		{BuildOptions{MinGames: 1, MinScore: 0.3}, "b9c7:2:1/0/0"},
		{BuildOptions{MinGames: 2}, "i9h9:1:0/1/1"},
		{BuildOptions{MinGames: 2, MinScore: 0.3}, ""},
	} {
		bk := buildTest(t, 4, c.opt)
		if got := fullString(bk.Probe(pos, nil)); got != c.want {
			t.Errorf("%+v: %s, want %s", c.opt, got, c.want)
		}
	}
	// Plies: with 1 ply only the start position is stored.
	if bk := buildTest(t, 1, BuildOptions{MinGames: 1}); bk.Positions() != 1 {
		t.Errorf("1 ply: %d positions", bk.Positions())
	}
}

func TestBuilderRefusesBadGames(t *testing.T) {
	b := NewBuilder(10)
	bad := &pgn.Game{Result: "1-0", Moves: []engine.Move{positionAfter(t, "").MoveFromShort(0)}}
	if err := b.Add(bad); !errors.Is(err, ErrGameIllegal) {
		t.Errorf("illegal move: %v", err)
	}
	start := engine.StartPosition()
	h2e2, _ := start.ParseMove("h2e2")
	half := &pgn.Game{Result: "1-0", Moves: []engine.Move{h2e2, h2e2}} // second move illegal
	if err := b.Add(half); !errors.Is(err, ErrGameIllegal) {
		t.Errorf("illegal second move: %v", err)
	}
	if err := b.Add(&pgn.Game{Result: "1-0", FEN: "bad"}); !errors.Is(err, ErrGameStart) {
		t.Errorf("bad FEN: %v", err)
	}
	if err := b.Add(&pgn.Game{Result: "*", Moves: []engine.Move{h2e2}}); !errors.Is(err, ErrNoResult) {
		t.Errorf("no result: %v", err)
	}
	if bk := b.Build(BuildOptions{MinGames: 1}); bk.Entries() != 0 || b.Games() != 0 {
		t.Errorf("refused games left %d entries, %d games", bk.Entries(), b.Games())
	}
}

func TestSetWeightsScales(t *testing.T) {
	recs := []record{{wins: 40000, draws: 1000}, {wins: 100}, {losses: 5}}
	setWeights(recs)
	if recs[0].weight != maxWeight || recs[1].weight != 200*maxWeight/81000 || recs[2].weight != 1 {
		t.Errorf("weights %d %d %d", recs[0].weight, recs[1].weight, recs[2].weight)
	}
}

func TestParseErrors(t *testing.T) {
	bk := buildTest(t, 4, BuildOptions{MinGames: 1})
	good := bk.data
	mutate := func(f func(b []byte) []byte) []byte {
		return f(append([]byte(nil), good...))
	}
	le := binary.LittleEndian
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrFormat},
		{"magic", mutate(func(b []byte) []byte { b[0] = 'Y'; return b }), ErrFormat},
		{"version", mutate(func(b []byte) []byte { le.PutUint16(b[4:], 9); return b }), ErrFormat},
		{"entry size", mutate(func(b []byte) []byte { le.PutUint16(b[6:], 8); return b }), ErrFormat},
		{"keys", mutate(func(b []byte) []byte { b[8] ^= 1; return b }), ErrKeyMismatch},
		{"truncated", good[:len(good)-1], ErrFormat},
		{"count", mutate(func(b []byte) []byte { le.PutUint32(b[16:], 1000); return b }), ErrFormat},
		{"positions", mutate(func(b []byte) []byte { le.PutUint32(b[20:], 1); return b }), ErrFormat},
		{"order", mutate(func(b []byte) []byte {
			e := b[headerSize:]
			var tmp [entrySize]byte
			copy(tmp[:], e[:entrySize])
			copy(e[:entrySize], e[len(e)-entrySize:])
			copy(e[len(e)-entrySize:], tmp[:])
			return b
		}), ErrFormat},
		{"weight", mutate(func(b []byte) []byte { le.PutUint16(b[headerSize+10:], 0); return b }), ErrFormat},
	}
	for _, c := range cases {
		if _, err := Parse(c.data); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := Parse(good); err != nil {
		t.Errorf("good book: %v", err)
	}
}

// gameOf returns a game with the given result and ICCS moves from the start.
func gameOf(t *testing.T, result, moves string) *pgn.Game {
	t.Helper()
	g := &pgn.Game{Result: result}
	pos := engine.StartPosition()
	for _, s := range strings.Fields(moves) {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		g.Moves = append(g.Moves, m)
		pos.PlayGameMove(m)
	}
	return g
}

// A game that comes back to a position and plays the same move again
// counts once for that move: one game never passes MinGames 2.
func TestBuildCountsAGameOncePerMove(t *testing.T) {
	// The start position three times: h0g2, h0g2 again, then h2e2; the
	// position after h0g2 twice, h9g7 both times.
	const shuffle = "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9 h2e2"
	b := NewBuilder(20)
	if err := b.Add(gameOf(t, "1-0", shuffle)); err != nil {
		t.Fatal(err)
	}
	if bk := b.Build(BuildOptions{MinGames: 2}); bk.Entries() != 0 {
		t.Errorf("one game passed MinGames 2: %d entries", bk.Entries())
	}
	if err := b.Add(gameOf(t, "0-1", "h0g2 h9g7 g2h0")); err != nil {
		t.Fatal(err)
	}
	bk := b.Build(BuildOptions{MinGames: 1})
	games := func(moves string) map[string]int {
		n := map[string]int{}
		for _, e := range bk.Probe(positionAfter(t, moves), nil) {
			n[e.Move.String()] = e.Games()
		}
		return n
	}
	want := map[string]map[string]int{
		// Symmetric: each move with its mirror image, the same counts.
		"":          {"h0g2": 2, "b0c2": 2, "h2e2": 1, "b2e2": 1},
		"h0g2":      {"h9g7": 2},
		"h0g2 h9g7": {"g2h0": 2},
	}
	for moves, w := range want {
		if got := games(moves); fmt.Sprint(got) != fmt.Sprint(w) {
			t.Errorf("after %q: games %v, want %v", moves, got, w)
		}
	}
	if got := fullString(bk.Probe(positionAfter(t, ""), nil)); !strings.Contains(got, "h0g2:2:1/0/1") {
		t.Errorf("start: %s, want h0g2 with one win and one loss", got)
	}
	if bk := b.Build(BuildOptions{MinGames: 2}); bk.Positions() != 3 {
		t.Errorf("MinGames 2: %d positions, want the 3 both games share", bk.Positions())
	}
}
