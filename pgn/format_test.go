package pgn

import (
	"math/rand/v2"
	"testing"

	"github.com/goxq/ucci/engine"
)

func TestFormatMove(t *testing.T) {
	const (
		threePawns  = "4k4/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1"
		twoTandems  = "4k4/9/9/2P1P4/2P1P4/9/9/9/9/3K5 w - - 0 1"
		blackThree  = "4k4/9/9/9/9/4p4/4p4/4p4/9/3K5 b - - 0 1"
		cannonsFile = "3k5/9/9/9/4C4/9/9/4C4/9/4K4 w - - 0 1"
	)
	cases := []struct {
		fen, move, iccs, wxf, chinese string
	}{
		{engine.StartFEN, "h2e2", "H2-E2", "C2.5", "炮二平五"},
		{engine.StartFEN, "h0g2", "H0-G2", "H2+3", "马二进三"},
		{engine.StartFEN, "c3c4", "C3-C4", "P7+1", "兵七进一"},
		{engine.StartFEN, "f0e1", "F0-E1", "A4+5", "仕四进五"},
		{engine.StartFEN, "g0e2", "G0-E2", "E3+5", "相三进五"},
		{engine.StartFEN, "i0i2", "I0-I2", "R1+2", "车一进二"},
		{afterCentralCannon, "h9g7", "H9-G7", "H8+7", "马８进７"},
		{afterCentralCannon, "b7e7", "B7-E7", "C2.5", "炮２平５"},
		{afterCentralCannon, "d9e8", "D9-E8", "A4+5", "士４进５"},
		{cannonsFile, "e5e8", "E5-E8", "C++3", "前炮进三"},
		{cannonsFile, "e2d2", "E2-D2", "C-.6", "后炮平六"},
		{threePawns, "e7e8", "E7-E8", "P++1", "前兵进一"},
		{threePawns, "e6d6", "E6-D6", "P..6", "中兵平六"},
		{threePawns, "e5f5", "E5-F5", "P-.4", "后兵平四"},
		{twoTandems, "e6e7", "E6-E7", "Pa+1", "一兵进一"},
		{twoTandems, "e5f5", "E5-F5", "Pb.4", "二兵平四"},
		{twoTandems, "c6c7", "C6-C7", "Pc+1", "三兵进一"},
		{twoTandems, "c5b5", "C5-B5", "Pd.8", "四兵平八"},
		{blackThree, "e2e1", "E2-E1", "P++1", "前卒进１"},
		{blackThree, "e3d3", "E3-D3", "P..4", "中卒平４"},
	}
	for _, c := range cases {
		pos, err := engine.NewPosition(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := pos.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s in %s: %v", c.move, c.fen, err)
		}
		for n, want := range map[Notation]string{ICCS: c.iccs, WXF: c.wxf, Chinese: c.chinese} {
			if got := FormatMove(pos, m, n); got != want {
				t.Errorf("%s in %s as %s: %q, want %q", c.move, c.fen, n, got, want)
			}
		}
	}
}

// TestFormatMoveRoundTrip writes every legal move of many positions (random
// games and positions with tandem pieces for both sides) in each notation
// and reads it back.
func TestFormatMoveRoundTrip(t *testing.T) {
	fens := []string{
		engine.StartFEN, twoCannons, twoHorses, twoAdvisors, redRookFront, blackCannons,
		"4k4/9/9/4P4/4P4/4P4/9/9/9/3K5 w - - 0 1",
		"4k4/9/2P1P4/2P1P4/4P4/9/9/9/9/3K5 w - - 0 1",
		"4k4/9/9/2P1P1P2/2P1P4/9/9/9/9/3K5 w - - 0 1",
		"3k5/9/9/9/2p1p4/2p1p4/4p4/9/9/4K4 b - - 0 1",
		"2bak4/4a4/4b4/4r4/4r4/2h6/2h1c4/4c4/9/3K5 b - - 0 1",
		"4k4/9/9/2R1H4/2R1H4/2C1C4/9/9/4A4/3AK4 w - - 0 1",
	}
	rng := rand.New(rand.NewPCG(15, 16))
	var positions []*engine.Position
	for _, fen := range fens {
		pos, err := engine.NewPosition(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		positions = append(positions, pos)
	}
	for range 30 {
		pos := engine.StartPosition()
		for range 120 {
			var list engine.MoveList
			pos.GenerateLegalMoves(&list)
			if list.Count == 0 {
				break
			}
			pos.PlayGameMove(list.Moves[rng.IntN(list.Count)])
			copied := *pos
			positions = append(positions, &copied)
		}
	}
	tested := 0
	for _, pos := range positions {
		var list engine.MoveList
		pos.GenerateLegalMoves(&list)
		for _, m := range list.Slice() {
			for _, n := range []Notation{ICCS, WXF, Chinese} {
				text := FormatMove(pos, m, n)
				got, err := ParseMove(pos, text)
				if err != nil || got != m {
					t.Fatalf("%s: %s as %s %q read back as %v, %v", pos.FEN(), m, n, text, got, err)
				}
				tested++
			}
		}
	}
	if tested < 100000 {
		t.Errorf("only %d moves tested", tested)
	}
}
