package match

import (
	"strings"
	"testing"
)

// TestChooseEndgames: the first quiet position with few attackers that the
// game played on from is taken (not the one right after a capture), a
// mirrored repeat counts once, and a game that ends too soon after its
// ending gives nothing.
func TestChooseEndgames(t *testing.T) {
	game := func(fen, moves, result string) string {
		return "[FEN \"" + fen + "\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"" + result + "\"]\n\n" + moves + " " + result + "\n\n"
	}
	// Five attackers: two chariots, a cannon, two soldiers; a0a3 takes one.
	const start = "3k5/9/9/9/9/9/p7p/1C7/9/R3K3R w - - 0 1"
	const mirror = "5k3/9/9/9/9/9/p7p/7C1/9/R3K3R w - - 0 1"
	pgnText := game(start, "a0a3 d9d8 a3a4 d8d9 a4a5 d9d8", "1-0") +
		game(mirror, "i0i3 f9f8 i3i4 f8f9 i4i5 f9f8", "1-0") +
		game(start, "a0a3 d9d8", "1/2-1/2")
	ps, rep, err := ChooseEndgames(strings.NewReader(pgnText), "test", EndgameOptions{Count: 10, MinAttackers: 2, MaxAttackers: 4, MinPliesLeft: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 3 || rep.Reached != 2 || len(ps) != 1 {
		t.Fatalf("report %+v, %d positions %+v", rep, len(ps), ps)
	}
	if p := ps[0]; p.Ply != 2 || p.Result != "1-0" || p.Game != "A - B, -" || p.FEN != "9/3k5/9/9/9/9/R7p/1C7/9/4K3R w - - 1 2" {
		t.Errorf("chose %+v", p)
	}
	var b strings.Builder
	if err := WriteEndgames(&b, "head\nline", ps); err != nil {
		t.Fatal(err)
	}
	if want := "; head\n; line\n9/3k5/9/9/9/9/R7p/1C7/9/4K3R w - - 1 2 ; A - B, -, ply 2, 1-0\n"; b.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", b.String(), want)
	}
}
