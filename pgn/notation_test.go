package pgn

import (
	"errors"
	"testing"

	"github.com/goxq/ucci/engine"
)

// Positions for the notation cases.
const (
	afterCentralCannon = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1"
	twoCannons         = "3k5/9/9/4C4/9/9/9/9/4C4/4K4 w - - 0 1"       // e6, e1
	twoHorses          = "4k4/9/9/9/9/4N4/9/4N4/9/4K4 w - - 0 1"       // e4, e2
	twoAdvisors        = "3k5/9/9/9/9/9/9/5A3/9/4KA3 w - - 0 1"        // f2, f0
	threePawns         = "4k4/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1"     // e7, e6, e5
	twoFilesOfPawns    = "3k5/5P3/3P1P3/3P5/9/9/9/9/9/4K4 w - - 0 1"   // f8 f7 | d7 d6
	fivePawns          = "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1" // c9 … c5
	fourPawns          = "2P1k4/2P6/2P6/2P6/9/9/9/9/9/3K5 w - - 0 1"   // c9 … c6
	blackCannons       = "4k4/9/9/9/9/4c4/9/4c4/9/3K5 b - - 0 1"       // e4, e2
	blackPawnFiles     = "4k4/9/9/9/9/3p1p3/3p1p3/9/9/3K5 b - - 0 1"   // d4 d3 | f4 f3
	redRookFront       = "5k3/9/9/9/4R4/9/9/9/4R4/3K5 w - - 0 1"       // e5, e1
)

func TestParseMoveNotations(t *testing.T) {
	cases := []struct {
		fen, text, want string
	}{
		// ICCS.
		{engine.StartFEN, "h2e2", "h2e2"},
		{engine.StartFEN, "H2-E2", "h2e2"},
		{engine.StartFEN, "h2-e2", "h2e2"},
		// WXF, Red.
		{engine.StartFEN, "C2.5", "h2e2"},
		{engine.StartFEN, "C2=5", "h2e2"},
		{engine.StartFEN, "c2.5", "h2e2"},
		{engine.StartFEN, "H2+3", "h0g2"},
		{engine.StartFEN, "N8+7", "b0c2"},
		{engine.StartFEN, "E3+5", "g0e2"},
		{engine.StartFEN, "B7+5", "c0e2"},
		{engine.StartFEN, "A4+5", "f0e1"},
		{engine.StartFEN, "K5+1", "e0e1"},
		{engine.StartFEN, "R1+1", "i0i1"},
		{engine.StartFEN, "R9+2", "a0a2"},
		{engine.StartFEN, "P3+1", "g3g4"},
		{engine.StartFEN, "C8+7", "b2b9"},
		{engine.StartFEN, "C2-1", "h2h1"},
		// Chinese, Red, every character variant.
		{engine.StartFEN, "炮二平五", "h2e2"},
		{engine.StartFEN, "砲二平五", "h2e2"},
		{engine.StartFEN, "包二平五", "h2e2"},
		{engine.StartFEN, "炮2平5", "h2e2"},
		{engine.StartFEN, "炮２平５", "h2e2"},
		{engine.StartFEN, "马二进三", "h0g2"},
		{engine.StartFEN, "馬二進三", "h0g2"},
		{engine.StartFEN, "傌八進七", "b0c2"},
		{engine.StartFEN, "相三进五", "g0e2"},
		{engine.StartFEN, "象七進五", "c0e2"},
		{engine.StartFEN, "仕四进五", "f0e1"},
		{engine.StartFEN, "士六進五", "d0e1"},
		{engine.StartFEN, "帅五进一", "e0e1"},
		{engine.StartFEN, "帥五進一", "e0e1"},
		{engine.StartFEN, "车一进一", "i0i1"},
		{engine.StartFEN, "車九進一", "a0a1"},
		{engine.StartFEN, "俥九進二", "a0a2"},
		{engine.StartFEN, "兵三进一", "g3g4"},
		{engine.StartFEN, "兵七進一", "c3c4"},
		{engine.StartFEN, "炮八进七", "b2b9"},
		{engine.StartFEN, "炮二退一", "h2h1"},
		// Black: files count from Black's right (a = 1), forward is down.
		{afterCentralCannon, "马8进7", "h9g7"},
		{afterCentralCannon, "馬８進７", "h9g7"},
		{afterCentralCannon, "马八进七", "h9g7"},
		{afterCentralCannon, "H8+7", "h9g7"},
		{afterCentralCannon, "h8+7", "h9g7"},
		{afterCentralCannon, "炮8平5", "h7e7"},
		{afterCentralCannon, "砲８平５", "h7e7"},
		{afterCentralCannon, "包８平５", "h7e7"},
		{afterCentralCannon, "卒7进1", "g6g5"},
		{afterCentralCannon, "卒３進１", "c6c5"},
		{afterCentralCannon, "车1进1", "a9a8"},
		{afterCentralCannon, "車９進１", "i9i8"},
		{afterCentralCannon, "象3进5", "c9e7"},
		{afterCentralCannon, "士4进5", "d9e8"},
		{afterCentralCannon, "将5进1", "e9e8"},
		{afterCentralCannon, "將５進１", "e9e8"},
		{afterCentralCannon, "h9g7", "h9g7"},
		// Tandem pieces.
		{twoCannons, "前炮退二", "e6e4"},
		{twoCannons, "炮前退二", "e6e4"},
		{twoCannons, "C+-2", "e6e4"},
		{twoCannons, "+C-2", "e6e4"},
		{twoCannons, "後炮平七", "e1c1"},
		{twoCannons, "后炮平七", "e1c1"},
		{twoCannons, "C-.7", "e1c1"},
		{twoCannons, "-C.7", "e1c1"},
		{twoCannons, "炮五退二", "e6e4"}, // only the front cannon can: legality decides
		{twoHorses, "前马进六", "e4d6"},
		{twoHorses, "后马退七", "e2c1"},
		{twoHorses, "H-+4", "e2f4"},
		{twoHorses, "H++6", "e4d6"},
		{twoAdvisors, "仕四进五", "f0e1"},
		{twoAdvisors, "仕四退五", "f2e1"},
		{redRookFront, "前车平四", "e5f5"},
		{redRookFront, "R+.4", "e5f5"},
		// Three soldiers on a file: 前 中 后; WXF keeps the plain form for the middle one.
		{threePawns, "前兵进一", "e7e8"},
		{threePawns, "中兵平六", "e6d6"},
		{threePawns, "后兵平四", "e5f5"},
		{threePawns, "兵五平六", "e6d6"},
		{threePawns, "P+.6", "e7d7"},
		{threePawns, "P5.6", "e6d6"},
		{threePawns, "P-.4", "e5f5"},
		// Tandem soldiers on two files: numbered right file first, front to back.
		{twoFilesOfPawns, "一兵平五", "f8e8"},
		{twoFilesOfPawns, "二兵平五", "f7e7"},
		{twoFilesOfPawns, "三兵平五", "d7e7"},
		{twoFilesOfPawns, "四兵平五", "d6e6"},
		{twoFilesOfPawns, "前兵四平五", "f8e8"},
		{twoFilesOfPawns, "前四平五", "f8e8"},
		{twoFilesOfPawns, "后六平五", "d6e6"},
		{twoFilesOfPawns, "4+.5", "f8e8"},
		{twoFilesOfPawns, "4-.5", "f7e7"},
		{twoFilesOfPawns, "6+.5", "d7e7"},
		{twoFilesOfPawns, "6-.5", "d6e6"},
		// Five and four soldiers on one file.
		{fivePawns, "一兵平六", "c9d9"},
		{fivePawns, "三兵平六", "c7d7"},
		{fivePawns, "五兵平六", "c5d5"},
		{fivePawns, "中兵平六", "c7d7"},
		{fivePawns, "前兵平六", "c9d9"},
		{fivePawns, "后兵平六", "c5d5"},
		{fivePawns, "++.6", "c9d9"},
		{fivePawns, "P+.6", "c8d8"},
		{fivePawns, "P7.6", "c7d7"},
		{fivePawns, "P-.6", "c6d6"},
		{fivePawns, "--.6", "c5d5"},
		{fourPawns, "++.6", "c9d9"},
		{fourPawns, "P+.6", "c8d8"},
		{fourPawns, "P-.6", "c7d7"},
		{fourPawns, "--.6", "c6d6"},
		{fourPawns, "二兵平六", "c8d8"},
		// Black tandem pieces: the front one is nearer Red.
		{blackCannons, "前炮平4", "e2d2"},
		{blackCannons, "后炮进1", "e4e3"},
		{blackCannons, "C+.4", "e2d2"},
		{blackCannons, "C-+1", "e4e3"},
		{blackPawnFiles, "一卒平5", "d3e3"},
		{blackPawnFiles, "二卒平5", "d4e4"},
		{blackPawnFiles, "三卒平5", "f3e3"},
		{blackPawnFiles, "四卒平5", "f4e4"},
		// Annotation marks.
		{engine.StartFEN, "C2.5!?", "h2e2"},
	}
	for _, c := range cases {
		pos, err := engine.NewPosition(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := ParseMove(pos, c.text)
		if err != nil {
			t.Errorf("%q in %s: %v", c.text, c.fen, err)
			continue
		}
		if m.String() != c.want {
			t.Errorf("%q in %s = %s, want %s", c.text, c.fen, m, c.want)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	cases := []struct {
		fen, text string
		want      error
	}{
		{engine.StartFEN, "", ErrNotation},
		{engine.StartFEN, "x9y9", ErrNotation},
		{engine.StartFEN, "炮二平十", ErrNotation},
		{engine.StartFEN, "炮二", ErrNotation},
		{engine.StartFEN, "炮二平五五五", ErrNotation},
		{engine.StartFEN, "C2*5", ErrNotation},
		{engine.StartFEN, "Q2.5", ErrNotation},
		{engine.StartFEN, "h2h2", ErrIllegal},
		{engine.StartFEN, "h2h8", ErrIllegal},
		{engine.StartFEN, "e9e8", ErrIllegal}, // Black's piece, Red to move
		{engine.StartFEN, "炮二进五", ErrIllegal},
		{engine.StartFEN, "马二平三", ErrIllegal},
		{engine.StartFEN, "相三进四", ErrIllegal},
		{engine.StartFEN, "炮五平四", ErrNoPiece},
		{engine.StartFEN, "前炮平五", ErrNoPiece},
		{engine.StartFEN, "一兵平五", ErrNoPiece},
		{twoCannons, "炮五平七", ErrAmbiguous},
		{twoFilesOfPawns, "前兵平五", ErrAmbiguous},
		{twoFilesOfPawns, "五兵平五", ErrNoPiece},
		{threePawns, "前兵退一", ErrIllegal},
		{blackPawnFiles, "前卒平5", ErrAmbiguous},
	}
	for _, c := range cases {
		pos, err := engine.NewPosition(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		m, err := ParseMove(pos, c.text)
		if !errors.Is(err, c.want) {
			t.Errorf("%q in %s = %v, %v; want %v", c.text, c.fen, m, err, c.want)
		}
	}
}

// Every legal move written in WXF by a simple writer must parse back to
// itself: this covers the whole move generator's output in many positions.
func TestParseMoveWXFRoundTrip(t *testing.T) {
	fens := []string{engine.StartFEN, afterCentralCannon, twoCannons, twoHorses,
		twoAdvisors, redRookFront, blackCannons,
		"r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B1NC1/9/RN1AKA2R w - - 0 1"}
	tested := 0
	for _, fen := range fens {
		pos, err := engine.NewPosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		var list engine.MoveList
		pos.GenerateLegalMoves(&list)
		for _, m := range list.Slice() {
			text, ok := simpleWXF(pos, m)
			if !ok {
				continue
			}
			got, err := ParseMove(pos, text)
			if err != nil || got != m {
				t.Errorf("%s: %s as %q parsed to %v, %v", fen, m, text, got, err)
			}
			tested++
		}
	}
	if tested < 100 {
		t.Errorf("only %d moves tested", tested)
	}
}

// simpleWXF writes m in WXF when no other piece of its kind shares its file.
func simpleWXF(pos *engine.Position, m engine.Move) (string, bool) {
	us := pos.SideToMove()
	pc := m.Piece()
	from, to := m.From(), m.To()
	for bb := pos.Pieces(pc); !bb.IsEmpty(); {
		if s := bb.PopFirst(); s != from && s.File() == from.File() {
			return "", false
		}
	}
	num := func(f int) byte {
		if us == engine.Red {
			return byte('0' + 9 - f)
		}
		return byte('1' + f)
	}
	letter := " KAEHRCP"[pc.Type()]
	dr := to.Rank() - from.Rank()
	if us == engine.Black {
		dr = -dr
	}
	var op, target byte
	switch {
	case dr == 0:
		op, target = '.', num(to.File())
	case dr > 0:
		op = '+'
	default:
		op = '-'
	}
	if dr != 0 {
		switch pc.Type() {
		case engine.Advisor, engine.Elephant, engine.Horse:
			target = num(to.File())
		default:
			target = byte('0' + max(dr, -dr))
		}
	}
	return string([]byte{letter, num(from.File()), op, target}), true
}
