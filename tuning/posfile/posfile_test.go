package posfile

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
)

// randomGamePositions plays random legal games from the start.
func randomGamePositions(t *testing.T, n int) []*engine.Position {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	var out []*engine.Position
	for len(out) < n {
		p, err := engine.NewPosition(engine.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 150 && len(out) < n; ply++ {
			var list engine.MoveList
			p.GenerateLegalMoves(&list)
			if list.Count == 0 {
				break
			}
			p.PlayGameMove(list.Moves[rng.IntN(list.Count)])
			q := *p
			out = append(out, &q)
		}
	}
	return out
}

func TestRecordRoundTrip(t *testing.T) {
	for i, p := range randomGamePositions(t, 2000) {
		score := i*37%4000 - 2000
		res := Result(i % 3)
		r := Encode(p, score, res, i%300)
		if err := r.Check(); err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		q, err := r.Position()
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		want, _, _ := strings.Cut(p.FEN(), " - - ")
		got, _, _ := strings.Cut(q.FEN(), " - - ")
		if got != want {
			t.Fatalf("decoded %s, want %s", got, want)
		}
		if r.Score() != score || r.Result() != res || r.Side() != p.SideToMove() || r.Ply() != min(i%300, 255) {
			t.Fatalf("labels: score %d result %d side %v ply %d", r.Score(), r.Result(), r.Side(), r.Ply())
		}
	}
	// Scores beyond the limit are clamped, not wrapped.
	p, _ := engine.NewPosition(engine.StartFEN)
	if r := Encode(p, 99999, Win, 0); r.Score() != ScoreLimit {
		t.Errorf("score 99999 stored as %d", r.Score())
	}
}

func TestFileRoundTripAndErrors(t *testing.T) {
	dir := t.TempDir()
	var recs []Record
	for i, p := range randomGamePositions(t, 100) {
		recs = append(recs, Encode(p, i, Draw, i))
	}
	name := filepath.Join(dir, "a.bin")
	if err := WriteFile(name, recs); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(name)
	if err != nil || len(got) != len(recs) || got[57] != recs[57] {
		t.Fatalf("read back %d records, %v", len(got), err)
	}
	data, _ := os.ReadFile(name)
	cases := []struct {
		name   string
		data   []byte
		offset int64
	}{
		{"truncated", data[:len(data)-5], HeaderSize + 99*RecordSize},
		{"truncated between records", data[:len(data)-2*RecordSize], HeaderSize + 98*RecordSize},
		{"a record more", append(append([]byte(nil), data...), data[HeaderSize:HeaderSize+RecordSize]...), HeaderSize + 101*RecordSize},
		{"short header", data[:7], 7},
		{"foreign", append([]byte("PK\x03\x04"), data[4:]...), 0},
		{"bad record", func() []byte {
			b := append([]byte(nil), data...)
			b[HeaderSize+3*RecordSize+12] = 0 // a piece code of 0
			return b
		}(), HeaderSize + 3*RecordSize},
	}
	for _, c := range cases {
		f := filepath.Join(dir, c.name)
		os.WriteFile(f, c.data, 0o644)
		_, err := ReadFile(f)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Offset != c.offset || fe.File != f {
			t.Errorf("%s: %v, want a format error at offset %d", c.name, err, c.offset)
		}
		_, err = Read(c.data, "chunk 3")
		if !errors.As(err, &fe) || fe.Offset != c.offset || fe.File != "chunk 3" {
			t.Errorf("%s in memory: %v, want a format error at offset %d", c.name, err, c.offset)
		}
	}
	if got, err := Read(data, "chunk 3"); err != nil || len(got) != len(recs) || got[99] != recs[99] {
		t.Errorf("read from memory: %d records, %v", len(got), err)
	}
	// A file whose header does not record the count (NewWriter's, or an
	// earlier build's) is read whole, as long as it is.
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for i := range recs[:40] {
		w.Write(&recs[i])
	}
	w.Flush()
	if got, err := Read(buf.Bytes(), "streamed"); err != nil || len(got) != 40 {
		t.Errorf("no count in the header: %d records, %v", len(got), err)
	}
}
