package pgn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/shareddata"
)

// readAll reads every game; bad games are returned separately.
func readAll(t *testing.T, r io.Reader, name string) ([]*Game, []*GameError, *Reader) {
	t.Helper()
	rd := NewReader(r, name)
	var games []*Game
	var bad []*GameError
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return games, bad, rd
		}
		var ge *GameError
		switch {
		case errors.As(err, &ge):
			bad = append(bad, ge)
		case err != nil:
			t.Fatalf("%s: %v", name, err)
		default:
			games = append(games, g)
		}
	}
}

func moveList(moves []engine.Move) string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

func TestReaderFeatures(t *testing.T) {
	data, err := os.ReadFile("testdata/features.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, bad, _ := readAll(t, bytes.NewReader(data), "features.pgn")
	want := []struct {
		event, moves, result, fen string
	}{
		{`Notation "mix" test`, "h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 a0a1 b9c7 a1d1", "1-0", ""},
		{"Black starts from a FEN", "h9g7 h0g2 i9h9", "1/2-1/2",
			"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1"},
		{"No result marker", "c3c4 g6g5", "*", ""},
		{"", "c3c4 c6c5 h2e2", "*", ""},
	}
	if len(games) != len(want) {
		t.Fatalf("read %d games, want %d", len(games), len(want))
	}
	for i, w := range want {
		g := games[i]
		if g.Tag("Event") != w.event || moveList(g.Moves) != w.moves || g.Result != w.result || g.FEN != w.fen {
			t.Errorf("game %d: event %q moves %q result %q fen %q; want %+v",
				i, g.Tag("Event"), moveList(g.Moves), g.Result, g.FEN, w)
		}
	}
	if len(bad) != 2 {
		t.Fatalf("%d bad games, want 2: %v", len(bad), bad)
	}
	if e := bad[0]; e.File != "features.pgn" || e.Game != 3 || e.Move != "2." || e.Token != "炮五进五" ||
		!errors.Is(e, ErrIllegal) || e.Line != 26 {
		t.Errorf("bad game 1: %+v", e)
	}
	if e := bad[1]; e.Game != 5 || e.Move != "" || e.Line != 32 || !errors.Is(e, ErrFEN) {
		t.Errorf("bad game 2: %+v", e)
	}
	if msg := bad[0].Error(); !strings.Contains(msg, "features.pgn: game 3") || !strings.Contains(msg, `move 2. "炮五进五"`) {
		t.Errorf("message %q", msg)
	}
}

func TestReaderCRLFAndBOM(t *testing.T) {
	text := "\uFEFF[Event \"x\"]\r\n\r\n1. 炮二平五 马8进7\r\n2. 马二进三 1-0\r\n"
	games, bad, rd := readAll(t, strings.NewReader(text), "bom")
	if len(games) != 1 || len(bad) != 0 || moveList(games[0].Moves) != "h2e2 h9g7 h0g2" || games[0].Tag("Event") != "x" {
		t.Fatalf("games %v bad %v", games, bad)
	}
	if rd.Encoding() != EncodingUTF8 {
		t.Errorf("encoding %s", rd.Encoding())
	}
}

// TestReaderLegacyEncodings encodes the feature file in GBK and Big5 and
// expects the same games back.
func TestReaderLegacyEncodings(t *testing.T) {
	data, err := os.ReadFile("testdata/features.pgn")
	if err != nil {
		t.Fatal(err)
	}
	want, _, _ := readAll(t, bytes.NewReader(data), "utf8")
	for _, c := range []struct {
		name string
		enc  func([]byte) ([]byte, error)
	}{
		{EncodingGBK, encodeGBK},
		{EncodingBig5, encodeBig5},
	} {
		raw, err := c.enc(data)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		raw = bytes.ReplaceAll(raw, []byte("\n"), []byte("\r\n"))
		got, bad, rd := readAll(t, bytes.NewReader(raw), c.name)
		if rd.Encoding() != c.name {
			t.Errorf("detected %s, want %s", rd.Encoding(), c.name)
		}
		if len(got) != len(want) || len(bad) != 2 {
			t.Fatalf("%s: %d games, %d bad", c.name, len(got), len(bad))
		}
		for i := range want {
			if moveList(got[i].Moves) != moveList(want[i].Moves) || got[i].Tag("Event") != want[i].Tag("Event") {
				t.Errorf("%s game %d: %q %q", c.name, i, got[i].Tag("Event"), moveList(got[i].Moves))
			}
		}
	}
}

// The shared data holds real Big5 (with CRLF) and GBK files; they are read
// when present.
func TestReaderSharedSamples(t *testing.T) {
	cases := []struct {
		path     string
		encoding string
		games    int
	}{
		{"../../shared/data/ccpd/sample-big5.pgn", EncodingBig5, 30},
		{"../../shared/data/ccgc2006/game-02.pgn", EncodingGBK, 1},
		{"../../shared/data/ccgc2006/game-23.pgn", EncodingGBK, 1},
	}
	for _, c := range cases {
		f, err := os.Open(c.path)
		if err != nil {
			shareddata.Missing(t, c.path, err)
		}
		games, bad, rd := readAll(t, f, filepath.Base(c.path))
		f.Close()
		if rd.Encoding() != c.encoding || len(games) != c.games || len(bad) != 0 {
			t.Errorf("%s: %s, %d games, bad %v", c.path, rd.Encoding(), len(games), bad)
			continue
		}
		for _, g := range games {
			if len(g.Moves) < 10 || g.Tag("Red") == "" || strings.ContainsRune(g.Tag("Red"), '\uFFFD') {
				t.Errorf("%s: red %q, %d moves", c.path, g.Tag("Red"), len(g.Moves))
			}
		}
	}
}

// TestWriteRoundTrip writes the games read in Chinese notation as ICCS and
// reads them back.
func TestWriteRoundTrip(t *testing.T) {
	data, err := os.ReadFile("testdata/features.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, _, _ := readAll(t, bytes.NewReader(data), "features")
	var buf bytes.Buffer
	for _, g := range games {
		if err := Write(&buf, g); err != nil {
			t.Fatal(err)
		}
	}
	back, bad, _ := readAll(t, &buf, "written")
	if len(back) != len(games) || len(bad) != 0 {
		t.Fatalf("%d games back, bad %v", len(back), bad)
	}
	for i, g := range games {
		b := back[i]
		if moveList(b.Moves) != moveList(g.Moves) || b.Result != g.Result || b.StartFEN() != g.StartFEN() ||
			b.Tag("Event") != g.Tag("Event") {
			t.Errorf("game %d: %q %q %q, want %q %q %q", i, moveList(b.Moves), b.Result, b.StartFEN(),
				moveList(g.Moves), g.Result, g.StartFEN())
		}
	}
}

func TestReadFile(t *testing.T) {
	games, bad, err := ReadFile("testdata/features.pgn")
	if err != nil || len(games) != 4 || len(bad) != 2 {
		t.Fatalf("%d games, %d bad, %v", len(games), len(bad), err)
	}
	if _, _, err := ReadFile("testdata/missing.pgn"); err == nil {
		t.Error("missing file: no error")
	}
}

func TestReaderLongLineAndGarbage(t *testing.T) {
	long := "[Event \"" + strings.Repeat("x", 200<<10) + "\"]\n1. h2e2 *\n"
	games, bad, _ := readAll(t, strings.NewReader(long), "long")
	if len(games) != 1 || len(bad) != 0 || len(games[0].Tag("Event")) != 200<<10 {
		t.Fatalf("long line: %d games, %d bad", len(games), len(bad))
	}
	for _, text := range []string{"", "\x00\xff\xfe", "[", "[[[]]]", "1.", "{", "(", "1. (((", "]\n[Event"} {
		rd := NewReader(strings.NewReader(text), "garbage")
		for i := 0; ; i++ {
			_, err := rd.Next()
			if err == io.EOF {
				break
			}
			var ge *GameError
			if err != nil && !errors.As(err, &ge) {
				t.Errorf("%q: %v", text, err)
				break
			}
			if i > 10 {
				t.Fatalf("%q: no progress", text)
			}
		}
	}
}

// A tag line that cannot be read is dropped; the game stays usable.
func TestReaderSkipsBrokenTags(t *testing.T) {
	text := "[Event \"ok\"]\n[Broken tag without quotes]\n[Site \"x\"] [Round \"2\"]\n\n1. h2e2 h9g7 *\n"
	games, bad, _ := readAll(t, strings.NewReader(text), "tags")
	if len(games) != 1 || len(bad) != 0 {
		t.Fatalf("%d games, bad %v", len(games), bad)
	}
	g := games[0]
	if len(g.Tags) != 3 || g.Tag("Round") != "2" || moveList(g.Moves) != "h2e2 h9g7" {
		t.Errorf("tags %v, moves %q", g.Tags, moveList(g.Moves))
	}
}

// TestReaderMasterGames reads the 25,942 CCPD master games (traditional
// characters, full-width digits): all but one game, whose record has an
// illegal move, must be read.
func TestReaderMasterGames(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 42 MB")
	}
	const path = "../../shared/data/ccpd/master-games.pgn"
	f, err := os.Open(path)
	if err != nil {
		shareddata.Missing(t, path, err)
	}
	defer f.Close()
	games, bad, _ := readAll(t, f, "master-games.pgn")
	if len(games) != 25941 || len(bad) != 1 {
		t.Fatalf("%d games, %d bad: %v", len(games), len(bad), bad)
	}
	if e := bad[0]; e.Game != 16658 || e.Move != "35..." || e.Token != "士６進５" || !errors.Is(e, ErrIllegal) {
		t.Errorf("bad game: %v", e)
	}
}

// TestReaderMarker: Game.Marker is the termination marker the movetext
// ended with, "" for a game cut short; Result prefers the [Result] tag.
func TestReaderMarker(t *testing.T) {
	text := "[Result \"1-0\"]\n\n1. h2e2 h9g7 0-1\n\n" + // the marker disagrees with the tag
		"[Result \"1/2-1/2\"]\n\n1. h2e2 h9g7 *\n\n" +
		"[Result \"1-0\"]\n\n1. h2e2 h9g7\n\n" + // cut before the marker, another game follows
		"[Result \"1-0\"]\n\n1. h2e2 {a comment cut sho"
	games, bad, _ := readAll(t, strings.NewReader(text), "cut.pgn")
	if len(games) != 4 || len(bad) != 0 {
		t.Fatalf("%d games, bad %v", len(games), bad)
	}
	for i, want := range [][2]string{{"1-0", "0-1"}, {"1/2-1/2", "*"}, {"1-0", ""}, {"1-0", ""}} {
		if g := games[i]; g.Result != want[0] || g.Marker != want[1] {
			t.Errorf("game %d: result %q marker %q, want %q", i+1, g.Result, g.Marker, want)
		}
	}
}
