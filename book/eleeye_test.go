package book

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/shareddata"
)

// eleeyeBookPath is ElephantEye's book in the shared reference data (LGPL:
// read in place, never copied into the repository).
const eleeyeBookPath = "../../shared/data/eleeye/BOOK.DAT"

// The vectors of BOOK.md §4.
func TestEleEyeKeystream(t *testing.T) {
	r := newZeroKeyRC4()
	want := []byte{0xde, 0x18, 0x89, 0x41, 0xa3, 0x37, 0x5d, 0x3a, 0x8a, 0x06, 0x1e, 0x67}
	for i, w := range want {
		if got := r.next(); got != w {
			t.Fatalf("keystream byte %d = %02x, want %02x", i, got, w)
		}
	}
}

func TestEleEyeZobristVectors(t *testing.T) {
	player, table := eeTables()
	cases := []struct {
		name string
		got  eeZobrist
		want eeZobrist
	}{
		{"zobrPlayer", player, eeZobrist{0x418918de, 0x3a5d37a3, 0x671e068a}},
		{"zobrTable[0][0x00]", table[0][0x00], eeZobrist{0x6d926e57, 0xa37f1ac7, 0x97ebccf0}},
		{"zobrTable[0][0x33]", table[0][0x33], eeZobrist{0x8239d42a, 0x66fe57cc, 0x78987e64}},
		{"zobrTable[4][0xc3]", table[4][0xc3], eeZobrist{0x394308e0, 0x9c40a21e, 0x64960e62}},
		{"zobrTable[7][0x37]", table[7][0x37], eeZobrist{0x92cedc56, 0xcacb6c36, 0xd1effb75}},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s = %08x, want %08x", c.name, c.got, c.want)
		}
	}
}

// Lock1 of whole positions: the BOOK.md vectors and values computed with
// the reference reader eebook_ref.py.
func TestEleEyeLock1(t *testing.T) {
	cases := []struct {
		fen            string
		lock, mirrored uint32
	}{
		{engine.StartFEN, 0x052656d5, 0x052656d5},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b", 0xeb505d7d, 0x5396644f},
		{"rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", 0x5e470785, 0},
		{"r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B1NC1/9/RN1AKA2R w", 0x5d46441f, 0},
		{"3k5/4a4/4b4/9/2p6/9/9/4B4/4A4/3AK4 b", 0xcaa88c6d, 0},
		{"2bakab2/9/2n1c1n2/p1p1p1p1p/9/9/P1P1P1P1P/2N1C1N2/9/2BAKAB2 b", 0xeb371e06, 0},
	}
	for _, c := range cases {
		pos, err := engine.NewPosition(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		lock, mirrored := eeLock1(pos)
		if lock != c.lock || c.mirrored != 0 && mirrored != c.mirrored {
			t.Errorf("%s: lock1 %08x mirrored %08x, want %08x %08x", c.fen, lock, mirrored, c.lock, c.mirrored)
		}
		// The mirrored lock is the lock of the mirrored position.
		if m, _ := eeLock1(pos.Mirrored()); m != mirrored {
			t.Errorf("%s: mirrored lock %08x, lock of the mirror %08x", c.fen, mirrored, m)
		}
	}
}

func TestEleEyeSquares(t *testing.T) {
	// h2e2 = 0xA7AA and b0c2 = 0xA5C4 (BOOK.md §3).
	for _, c := range []struct {
		mv   uint16
		want string
	}{{0xa7aa, "h2e2"}, {0xa5c4, "b0c2"}} {
		from, ok1 := eeDecodeSquare(int(c.mv & 0xff))
		to, ok2 := eeDecodeSquare(int(c.mv >> 8))
		if !ok1 || !ok2 || from.String()+to.String() != c.want {
			t.Errorf("%04x = %s%s, want %s", c.mv, from, to, c.want)
		}
		if got := eeSquare(from.File(), from.Rank()) | eeSquare(to.File(), to.Rank())<<8; got != int(c.mv) {
			t.Errorf("%s encodes to %04x", c.want, got)
		}
	}
	for _, sq := range []int{0x00, 0x33 - 1, 0x3c, 0xd3} {
		if _, ok := eeDecodeSquare(sq); ok {
			t.Errorf("off-board square %02x decoded", sq)
		}
	}
}

// eeImage builds a BOOK.DAT image from records given as lock, ICCS move, weight.
func eeImage(t *testing.T, recs ...any) []byte {
	t.Helper()
	var b []byte
	for i := 0; i < len(recs); i += 3 {
		mv := recs[i+1].(string)
		from, _ := engine.ParseSquare(mv[:2])
		to, _ := engine.ParseSquare(mv[2:])
		code := eeSquare(from.File(), from.Rank()) | eeSquare(to.File(), to.Rank())<<8
		b = binary.LittleEndian.AppendUint32(b, recs[i].(uint32))
		b = binary.LittleEndian.AppendUint16(b, uint16(code))
		b = binary.LittleEndian.AppendUint16(b, uint16(recs[i+2].(int)))
	}
	return b
}

func entriesString(es []Entry) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = fmt.Sprintf("%s:%d", e.Move, e.Weight)
	}
	return strings.Join(parts, " ")
}

func TestEleEyeProbeSynthetic(t *testing.T) {
	after := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
	data := eeImage(t,
		uint32(0x052656d5), "h2e2", 10,
		uint32(0x052656d5), "b0c2", 30,
		uint32(0x052656d5), "h2h8", 5, // illegal: dropped
		uint32(0x5396644f), "b9c7", 7, // stored for the mirror image
	)
	b, err := ParseEleEye(data)
	if err != nil {
		t.Fatal(err)
	}
	start := engine.StartPosition()
	if got := entriesString(b.Probe(start, nil)); got != "b0c2:30 h2e2:10" {
		t.Errorf("start: %s", got)
	}
	pos, _ := engine.NewPosition(after)
	if got := entriesString(b.Probe(pos, nil)); got != "h9g7:7" {
		t.Errorf("after h2e2 (mirror pass): %s", got)
	}
}

func TestParseEleEyeErrors(t *testing.T) {
	offBoard := eeImage(t, uint32(1), "h2e2", 1)
	offBoard[4] = 0x3c // file x = 12: off the board
	for _, data := range [][]byte{nil, make([]byte, 7), make([]byte, 12),
		eeImage(t, uint32(2), "h2e2", 1, uint32(1), "h2e2", 1),
		make([]byte, 64), // zeros: square 0 is off the board
		offBoard} {
		if _, err := ParseEleEye(data); !errors.Is(err, ErrFormat) {
			t.Errorf("%d bytes: %v", len(data), err)
		}
	}
}

// TestEleEyeRealBook checks the facts of BOOK.md §1 and §5 on the shipped
// file (skipped without the shared data, except in CI).
func TestEleEyeRealBook(t *testing.T) {
	data, err := os.ReadFile(eleeyeBookPath)
	if err != nil {
		shareddata.Missing(t, eleeyeBookPath, err)
	}
	src, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := src.(*EleEye)
	if !ok || b.records() != 12081 {
		t.Fatalf("loaded %T", src)
	}
	start := engine.StartPosition()
	got := b.Probe(start, nil)
	if len(got) != 16 || entriesString(got[:8]) != "b2e2:1473 h2e2:1473 c3c4:546 g3g4:546 c0e2:311 g0e2:311 b0c2:89 h0g2:89" {
		t.Errorf("start position: %d moves: %s", len(got), entriesString(got))
	}
	m, _ := start.ParseMove("h2e2")
	start.MakeMove(m)
	if got := entriesString(b.Probe(start, nil)); got != "h9g7:761 b9c7:172 h7e7:97 b7e7:1" {
		t.Errorf("after h2e2: %s", got)
	}
	pos, _ := engine.NewPosition("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
	m, _ = pos.ParseMove("b2e2")
	pos.MakeMove(m)
	if got := entriesString(b.Probe(pos, nil)); got != "b9c7:761 h9g7:172 b7e7:97 h7e7:1" {
		t.Errorf("after b2e2: %s", got)
	}
}
