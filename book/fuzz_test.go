package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// fuzzPositions are probed in every book the fuzzer makes readable: the
// positions of the seed books, so that mutated entries are found and their
// moves decoded.
var fuzzPositions = []string{
	"",
	"h2e2",
	"h2e2 h9g7",
	"h2e2 h9g7 h0g2",
	"b2e2",
	"c3c4",
	"h2e2 h9g7 h0g2 i9h9",
}

// fuzzSeedBooks returns book images to start from: a book built from the
// test games, a slice of the embedded book with its header made consistent,
// synthetic BOOK.DAT images, and the head of ElephantEye's BOOK.DAT when the
// shared data is present (read in place, never stored in the corpus).
func fuzzSeedBooks(f *testing.F) [][]byte {
	f.Helper()
	var seeds [][]byte
	b := NewBuilder(8)
	rd := pgn.NewReader(strings.NewReader(testGames), "seed")
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			f.Fatal(err)
		}
		if err := b.Add(g); err != nil && !errors.Is(err, ErrNoResult) {
			f.Fatal(err)
		}
	}
	built := b.Build(BuildOptions{MinGames: 1})
	seeds = append(seeds, built.data)
	if def, err := Default(); err == nil {
		seeds = append(seeds, headOf(def, 40))
	}
	start := uint32(0x052656d5) // lock1 of the start position (BOOK.md)
	seeds = append(seeds,
		eeRecords(start, "h2e2", 10, start, "b0c2", 30, start, "h2h8", 5, 0x5396644f, "b9c7", 7),
		eeRecords(start, "h2e2", 0),
		[]byte(magic),
		make([]byte, headerSize),
		nil,
	)
	if data, err := os.ReadFile(eleeyeBookPath); err == nil && len(data) >= 64*eeRecordSize {
		seeds = append(seeds, data[:64*eeRecordSize])
	}
	return seeds
}

// headOf returns an image of the first n entries of bk (whole positions
// only) with a header that matches them.
func headOf(bk *Book, n int) []byte {
	n = min(n, bk.h.entries)
	positions := 0
	for i := 0; i < n; i++ {
		if i == 0 || bk.key(i) != bk.key(i-1) {
			positions++
		}
	}
	img := make([]byte, headerSize+n*entrySize)
	putHeader(img, header{entries: n, positions: positions, games: bk.h.games, plies: bk.h.plies})
	copy(img[headerSize:], bk.entries[:n*entrySize])
	return img
}

// eeRecords builds a BOOK.DAT image from lock, ICCS move, weight triples.
func eeRecords(recs ...any) []byte {
	var b []byte
	for i := 0; i+2 < len(recs); i += 3 {
		var lock uint32
		switch v := recs[i].(type) {
		case uint32:
			lock = v
		case int:
			lock = uint32(v)
		}
		mv := recs[i+1].(string)
		from, _ := engine.ParseSquare(mv[:2])
		to, _ := engine.ParseSquare(mv[2:])
		code := eeSquare(from.File(), from.Rank()) | eeSquare(to.File(), to.Rank())<<8
		b = binary.LittleEndian.AppendUint32(b, lock)
		b = binary.LittleEndian.AppendUint16(b, uint16(code))
		b = binary.LittleEndian.AppendUint16(b, uint16(recs[i+2].(int)))
	}
	return b
}

// FuzzLoad feeds arbitrary bytes to Load, Parse and ParseEleEye: none may
// panic; a book that is accepted must be consistent with its size, write
// itself back byte for byte, and answer probes and Select with legal moves
// in descending weight order.
func FuzzLoad(f *testing.F) {
	for _, s := range fuzzSeedBooks(f) {
		f.Add(s)
	}
	var positions []*engine.Position
	for _, moves := range fuzzPositions {
		positions = append(positions, fuzzPosition(f, moves))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// On an error Load's Source is not used (it may hold a typed nil).
		if src, err := Load(data); err == nil {
			checkSource(t, src, positions)
		}
		if bk, err := Parse(data); err == nil {
			checkOwnBook(t, bk, data)
			checkSource(t, bk, positions)
		} else if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrKeyMismatch) {
			t.Fatalf("Parse: unexpected error %v", err)
		}
		if ee, err := ParseEleEye(data); err == nil {
			if len(data) == 0 || len(data)%eeRecordSize != 0 {
				t.Fatalf("ParseEleEye accepted %d bytes", len(data))
			}
			checkSource(t, ee, positions)
		} else if !errors.Is(err, ErrFormat) {
			t.Fatalf("ParseEleEye: unexpected error %v", err)
		}
	})
}

// fuzzPosition plays ICCS moves from the start position.
func fuzzPosition(f *testing.F, moves string) *engine.Position {
	f.Helper()
	pos := engine.StartPosition()
	for _, s := range strings.Fields(moves) {
		m, err := pos.ParseMove(s)
		if err != nil {
			f.Fatalf("%s: %v", s, err)
		}
		pos.PlayGameMove(m)
	}
	return pos
}

// checkOwnBook checks an accepted book of this package's format.
func checkOwnBook(t *testing.T, bk *Book, data []byte) {
	t.Helper()
	if bk.Size() != len(data) || headerSize+bk.Entries()*entrySize != len(data) {
		t.Fatalf("%d bytes, %d entries", len(data), bk.Entries())
	}
	if bk.Positions() > bk.Entries() || bk.Entries() > 0 && bk.Positions() == 0 {
		t.Fatalf("%d positions for %d entries", bk.Positions(), bk.Entries())
	}
	var buf bytes.Buffer
	if n, err := bk.WriteTo(&buf); err != nil || n != int64(len(data)) || !bytes.Equal(buf.Bytes(), data) {
		t.Fatalf("WriteTo: %d bytes, %v", n, err)
	}
	if _, err := Parse(buf.Bytes()); err != nil {
		t.Fatalf("the written book does not parse: %v", err)
	}
}

// checkSource probes every position and checks the answers.
func checkSource(t *testing.T, src Source, positions []*engine.Position) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, pos := range positions {
		before := pos.FEN()
		es := src.Probe(pos, nil)
		for i, e := range es {
			if !pos.IsPseudoLegal(e.Move) || !pos.IsLegal(e.Move) {
				t.Fatalf("%s: illegal book move %s", before, e.Move)
			}
			if i > 0 && es[i-1].Weight < e.Weight {
				t.Fatalf("%s: weights not descending: %v", before, es)
			}
			if e.Weight < 0 || e.Wins < 0 || e.Draws < 0 || e.Losses < 0 {
				t.Fatalf("%s: negative figures in %+v", before, e)
			}
		}
		for r := RandomNone; r <= RandomHuge; r++ {
			m, cands := Select(src, pos, Options{Randomness: r}, rng, nil)
			if m != engine.NoMove && !containsMove(cands, m) {
				t.Fatalf("%s: Select chose %s outside its candidates", before, m)
			}
			if m == engine.NoMove && len(cands) > 0 {
				t.Fatalf("%s: Select chose nothing from %d candidates", before, len(cands))
			}
		}
		if pos.FEN() != before {
			t.Fatalf("probing changed the position: %s became %s", before, pos.FEN())
		}
	}
}

func containsMove(es []Entry, m engine.Move) bool {
	for _, e := range es {
		if e.Move == m {
			return true
		}
	}
	return false
}
