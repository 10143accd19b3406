package web

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/pgn"
)

// playerTurn waits for a state in which the player may move or the game is
// over.
func (c *client) playerTurn() stateMsg {
	c.t.Helper()
	return c.state(30*time.Second, func(st stateMsg) bool {
		return st.Game != nil && (st.Game.Over || len(st.Legal) > 0)
	})
}

func TestPlayTakeBackAndResign(t *testing.T) {
	_, hs := startServer(t, Config{})
	c, _, _ := dial(t, hs)
	c.sendJSON(map[string]any{"t": "new", "side": "red", "tc": "60+1", "level": "skill:0"})
	st := c.playerTurn()
	if st.Game.Player != "red" || st.Game.Running != "red" || st.Game.Clocks[0] > 60000 || st.Game.Clocks[0] < 55000 {
		t.Fatalf("game %+v", st.Game)
	}
	// A move out of turn or an illegal one is refused.
	c.sendJSON(map[string]any{"t": "move", "move": "a3a5"})
	c.next("error")
	for range 4 {
		c.sendJSON(map[string]any{"t": "move", "move": st.Legal[0]})
		st = c.playerTurn()
		if st.Game.Over {
			t.Fatalf("game over early: %s", st.Verdict)
		}
	}
	if len(st.Moves) != 8 || st.Turn != "red" {
		t.Fatalf("after 4 moves each: %d moves, %s to move", len(st.Moves), st.Turn)
	}
	known := 0
	for _, e := range st.Evals {
		if e.Known {
			known++
		}
	}
	if known == 0 {
		t.Fatalf("no engine scores in the evaluation graph: %+v", st.Evals)
	}
	c.sendJSON(map[string]any{"t": "undo"})
	st = c.playerTurn()
	if len(st.Moves) != 6 || st.Turn != "red" {
		t.Fatalf("after take back: %d moves, %s to move", len(st.Moves), st.Turn)
	}
	c.sendJSON(map[string]any{"t": "goto", "ply": 2})
	c.next("error") // no looking back during the game
	c.sendJSON(map[string]any{"t": "resign"})
	st = c.state(5*time.Second, nil)
	if !st.Game.Over || st.Result != "0-1" || st.Reason != "resignation" || st.Verdict != "Red resigns — Black wins" {
		t.Fatalf("after resigning: %+v %q", st.Game, st.Verdict)
	}
	c.sendJSON(map[string]any{"t": "export", "notation": "chinese"})
	var p pgnMsg
	c.decode(c.next("pgn"), &p)
	g, err := pgn.NewReader(strings.NewReader(p.Text), "export").Next()
	if err != nil || len(g.Moves) != 6 || g.Result != "0-1" || g.Tag("Red") != "Player" || g.Tag("Black") != "GoXQ" {
		t.Fatalf("exported %q: %v", p.Text, err)
	}
}

func TestEngineAcceptsDrawWhenLost(t *testing.T) {
	_, hs := startServer(t, Config{})
	c, _, _ := dial(t, hs)
	// Black, the engine, has a bare king against a chariot.
	c.sendJSON(map[string]any{"t": "fen", "fen": "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1"})
	c.state(5*time.Second, nil)
	c.sendJSON(map[string]any{"t": "new", "side": "red", "tc": "30+0.5", "fromPosition": true})
	st := c.playerTurn()
	c.sendJSON(map[string]any{"t": "draw"})
	st = c.state(5*time.Second, nil)
	if st.Game.DrawOffer != "player" || !strings.Contains(st.Notice, "Draw offered") {
		t.Fatalf("after the offer: %+v %q", st.Game, st.Notice)
	}
	c.sendJSON(map[string]any{"t": "move", "move": "a1a2"})
	st = c.state(30*time.Second, func(st stateMsg) bool { return st.Game.Over })
	if st.Reason != "agreement" || st.Result != "1/2-1/2" || st.Verdict != "Draw agreed" {
		t.Fatalf("a lost engine did not accept the draw: %s %q", st.Reason, st.Verdict)
	}
}

func TestPerpetualCheckAnnounced(t *testing.T) {
	_, hs := startServer(t, Config{})
	c, _, _ := dial(t, hs)
	c.sendJSON(map[string]any{"t": "fen", "fen": "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"})
	st := c.state(5*time.Second, nil)
	for _, m := range strings.Fields("a0a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9") {
		c.sendJSON(map[string]any{"t": "move", "move": m})
		st = c.state(5*time.Second, nil)
	}
	if len(st.Forbidden) != 1 || st.Forbidden[0].Move != "a8a9" ||
		st.Warning != "Red must change: 车九进一 would repeat a perpetual check and lose" {
		t.Fatalf("before the third repetition: forbidden %+v, warning %q", st.Forbidden, st.Warning)
	}
	c.sendJSON(map[string]any{"t": "move", "move": "a8a9"})
	st = c.state(5*time.Second, nil)
	want := "Perpetual check by Red: Red must change and loses by the rules — Black wins"
	if st.Result != "0-1" || st.Reason != "perpetual-check" || st.Verdict != want || len(st.Legal) != 0 {
		t.Fatalf("verdict %s %s %q, %d legal moves; want %q", st.Result, st.Reason, st.Verdict, len(st.Legal), want)
	}
}

func TestImportGBKChineseAndReplay(t *testing.T) {
	_, hs := startServer(t, Config{})
	c, _, _ := dial(t, hs)
	pos := engine.StartPosition()
	var moves []engine.Move
	for _, s := range strings.Fields("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7") {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		pos.PlayGameMove(m)
	}
	var b bytes.Buffer
	g := &pgn.Game{Moves: moves, Result: "*", Tags: []pgn.Tag{{Name: "Red", Value: "红方"}}}
	if err := (pgn.WriteOptions{Notation: pgn.Chinese, GBK: true}).Write(&b, g); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte("炮二平五")) || !bytes.Contains(b.Bytes(), []byte{0xC5, 0xDA}) {
		t.Fatalf("not GBK Chinese notation: %q", b.Bytes())
	}
	c.sendJSON(map[string]any{"t": "import", "data": b.Bytes()})
	st := c.state(5*time.Second, nil)
	if len(st.Moves) != 6 || st.Ply != 0 || st.Moves[0].Chinese != "炮二平五" || st.Moves[1].Chinese != "马８进７" || st.Mode != "analyse" {
		t.Fatalf("imported: %d moves at ply %d: %+v", len(st.Moves), st.Ply, st.Moves)
	}
	for ply := 1; ply <= 6; ply++ {
		c.sendJSON(map[string]any{"t": "goto", "ply": ply})
		st = c.state(5*time.Second, nil)
		if st.Last != moves[ply-1].String() {
			t.Fatalf("ply %d: last move %s, want %s", ply, st.Last, moves[ply-1])
		}
	}
	if st.FEN != pos.FEN() {
		t.Fatalf("replayed to %s, want %s", st.FEN, pos.FEN())
	}
	// A move at an earlier ply starts a variation: the line shown is
	// the new one, the main line keeps its six moves.
	c.sendJSON(map[string]any{"t": "goto", "ply": 2})
	c.state(5*time.Second, nil)
	c.sendJSON(map[string]any{"t": "move", "move": "b0c2"})
	st = c.state(5*time.Second, nil)
	if len(st.Moves) != 3 || st.Moves[2].WXF != "H8+7" {
		t.Fatalf("new line: %+v", st.Moves)
	}
	if len(st.Tree) != 6 || len(st.Tree[2].Vars) != 1 || st.Tree[2].Vars[0][0].ICCS != "b0c2" || st.Tree[2].Vars[0][0].ID != st.Line[2] {
		t.Fatalf("tree after a variation: %+v, line %v", st.Tree, st.Line)
	}
}

// TestVariations: variations are kept, shown, promoted, deleted, exported
// as ( ... ) and imported back with the same tree.
func TestVariations(t *testing.T) {
	_, hs := startServer(t, Config{})
	c, _, _ := dial(t, hs)
	play := func(moves string) stateMsg {
		var st stateMsg
		for _, m := range strings.Fields(moves) {
			c.sendJSON(map[string]any{"t": "move", "move": m})
			st = c.state(5*time.Second, nil)
		}
		return st
	}
	play("h2e2 h9g7 h0g2 i9h9")
	c.sendJSON(map[string]any{"t": "goto", "ply": 1})
	c.state(5*time.Second, nil)
	st := play("b9c7 b0c2")
	mainIDs := []int{st.Tree[0].ID, st.Tree[1].ID}
	varID := st.Tree[1].Vars[0][0].ID
	if len(st.Tree) != 4 || st.Ply != 3 || len(st.Moves) != 3 || st.Moves[1].ICCS != "b9c7" {
		t.Fatalf("after the variation: tree %+v, ply %d, line %+v", st.Tree, st.Ply, st.Moves)
	}
	// Playing the main line's move again follows it: no new variation.
	c.sendJSON(map[string]any{"t": "goto", "ply": 1})
	c.state(5*time.Second, nil)
	st = play("h9g7")
	if len(st.Tree[1].Vars) != 1 || st.Line[1] != mainIDs[1] || len(st.Moves) != 4 {
		t.Fatalf("the main move again: %+v", st)
	}
	// Going to a move of the variation shows its line.
	c.sendJSON(map[string]any{"t": "node", "node": st.Tree[1].Vars[0][1].ID})
	st = c.state(5*time.Second, nil)
	if st.Ply != 3 || st.Last != "b0c2" {
		t.Fatalf("node: ply %d last %s", st.Ply, st.Last)
	}
	// The export has the variation in parentheses; the import reads it back.
	c.sendJSON(map[string]any{"t": "export", "notation": "iccs"})
	var out pgnMsg
	c.decode(c.next("pgn"), &out)
	if !strings.Contains(strings.Join(strings.Fields(out.Text), " "), "1. H2-E2 H9-G7 ( 1... B9-C7 2. B0-C2 ) 2. H0-G2 I9-H9") {
		t.Fatalf("export:\n%s", out.Text)
	}
	c.sendJSON(map[string]any{"t": "import", "data": []byte(out.Text)})
	back := c.state(5*time.Second, nil)
	if len(back.Tree) != 4 || len(back.Tree[1].Vars) != 1 || back.Tree[1].Vars[0][1].ICCS != "b0c2" || back.Ply != 0 {
		t.Fatalf("imported tree %+v", back.Tree)
	}
	// Promote: the variation becomes the main line.
	c.sendJSON(map[string]any{"t": "promote", "node": back.Tree[1].Vars[0][0].ID})
	st = c.state(5*time.Second, nil)
	if len(st.Tree) != 3 || st.Tree[1].ICCS != "b9c7" || len(st.Tree[1].Vars) != 1 || st.Tree[1].Vars[0][0].ICCS != "h9g7" {
		t.Fatalf("promoted: %+v", st.Tree)
	}
	c.sendJSON(map[string]any{"t": "promote", "node": st.Tree[1].ID})
	c.next("error") // already the main line
	// Delete the old main line (now a variation) while showing it: the
	// position goes back to before it.
	c.sendJSON(map[string]any{"t": "node", "node": st.Tree[1].Vars[0][1].ID})
	c.state(5*time.Second, nil)
	c.sendJSON(map[string]any{"t": "delete", "node": st.Tree[1].Vars[0][0].ID})
	st = c.state(5*time.Second, nil)
	if len(st.Tree) != 3 || len(st.Tree[1].Vars) != 0 || st.Ply != 1 || len(st.Moves) != 3 {
		t.Fatalf("deleted: tree %+v ply %d moves %+v", st.Tree, st.Ply, st.Moves)
	}
	c.sendJSON(map[string]any{"t": "delete", "node": varID + 1000})
	c.next("error")
	// Deleting a variation of the line shown, the cursor before it, keeps
	// the cursor where it is.
	c.sendJSON(map[string]any{"t": "goto", "ply": 1})
	c.state(5*time.Second, nil)
	st = play("h9g7")
	c.sendJSON(map[string]any{"t": "goto", "ply": 0})
	c.state(5*time.Second, nil)
	c.sendJSON(map[string]any{"t": "delete", "node": st.Line[1]})
	st = c.state(5*time.Second, nil)
	if st.Ply != 0 || len(st.Tree) != 3 || len(st.Tree[1].Vars) != 0 {
		t.Fatalf("after deleting ahead of the cursor: ply %d, tree %+v", st.Ply, st.Tree)
	}
}

func TestPlayerLosesOnTime(t *testing.T) {
	_, hs := startServer(t, Config{})
	c, _, _ := dial(t, hs)
	c.sendJSON(map[string]any{"t": "new", "side": "red", "tc": "0.5"})
	st := c.state(10*time.Second, func(st stateMsg) bool { return st.Game != nil && st.Game.Over })
	if st.Reason != "time-forfeit" || st.Verdict != "Red lost on time — Black wins" || st.Game.Clocks[0] != 0 {
		t.Fatalf("%s %q clocks %v", st.Reason, st.Verdict, st.Game.Clocks)
	}
}

// buildFake builds the scripted engine of the match runner's tests.
func buildFake(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "fakeengine")
	if out, err := exec.Command("go", "build", "-o", bin, "../engineproc/testdata/fakeengine").CombinedOutput(); err != nil {
		t.Fatalf("building the fake engine: %v\n%s", err, out)
	}
	return bin
}

func TestExternalEngines(t *testing.T) {
	fake := buildFake(t)
	specs := []engineproc.EngineSpec{testEngine(),
		{Name: "fsf", Cmd: fake, Args: []string{"-proto", "uci-fsf", "-script", "- h9g7"}},
		{Name: "cheat", Cmd: fake, Args: []string{"-do", "illegal", "-move", "a0a0"}}}
	srv, hs := startServer(t, Config{Engines: specs})
	c, hello, _ := dial(t, hs)
	if strings.Join(hello.Engines, ",") != "GoXQ,fsf,cheat" {
		t.Fatalf("engines %v", hello.Engines)
	}
	// An engine in Fairy-Stockfish's convention (ranks 1-10 both ways).
	c.sendJSON(map[string]any{"t": "new", "side": "red", "tc": "60", "engine": 1})
	c.playerTurn()
	c.sendJSON(map[string]any{"t": "move", "move": "h2e2"})
	st := c.state(10*time.Second, func(st stateMsg) bool { return len(st.Moves) == 2 || st.Game.Over })
	if st.Game.Engine != "fsf" || len(st.Moves) != 2 || st.Moves[1].ICCS != "h9g7" {
		t.Fatalf("against fsf: %+v, moves %+v, %q", st.Game, st.Moves, st.Verdict)
	}
	// An engine that plays an illegal move loses.
	c.sendJSON(map[string]any{"t": "new", "side": "black", "tc": "60", "engine": 2})
	st = c.state(10*time.Second, func(st stateMsg) bool { return st.Game.Over })
	if st.Verdict != "Red's engine played an illegal move (a0a0) — Black wins" || st.Result != "0-1" {
		t.Fatalf("illegal engine move: %s %q", st.Result, st.Verdict)
	}
	// One engine process per session at a time: the first one ended.
	if pids := srv.enginePids(); len(pids) != 1 {
		t.Fatalf("engine pids %v", pids)
	}
}

func TestNewGameDropsTheOldSearch(t *testing.T) {
	_, hs := startServer(t, Config{})
	c, _, _ := dial(t, hs)
	// A middle game out of the book: the engine thinks a few hundred ms.
	const fen = "r1bakab1r/9/1cn4c1/p1p1p3p/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1"
	c.sendJSON(map[string]any{"t": "fen", "fen": fen})
	c.state(5*time.Second, nil)
	c.sendJSON(map[string]any{"t": "new", "side": "black", "tc": "6", "fromPosition": true})
	c.state(5*time.Second, func(st stateMsg) bool { return st.Game != nil && st.Game.Thinking })
	// A new game from the start while the engine thinks: its move for the
	// old position must not be taken as its first move of the new game
	// (where it would be illegal).
	c.sendJSON(map[string]any{"t": "new", "side": "black", "tc": "60"})
	st := c.state(10*time.Second, func(st stateMsg) bool { return st.Game != nil && (len(st.Moves) == 1 || st.Game.Over) })
	if st.Game.Over || st.StartFEN != engine.StartFEN {
		t.Fatalf("the old game's search moved in the new one: %s %q", st.StartFEN, st.Verdict)
	}
}

// TestImportManyGamesRestoreAndTags: a file of several games is listed
// (the record unchanged) and one is picked, its headers in the state and
// in the export; a restore shows the first game along a path at a ply; a
// record of free moves exports Red and Black, never empty names.
func TestImportManyGamesRestoreAndTags(t *testing.T) {
	_, hs := startServer(t, Config{})
	c, hello, _ := dial(t, hs)
	if len(hello.Controls) == 0 || hello.Controls[0].Value != "CXA-6.1" || hello.Controls[0].Label == "" {
		t.Fatalf("controls %+v", hello.Controls)
	}
	file := `[Event "Cup"]
[Red "Hu"]
[Black "Xu"]
[Date "1990.01.02"]
[Result "1-0"]
1. h2e2 h9g7 1-0

[Event "Cup"]
[Red "Lü"]
[Black "Zhao"]
[Result "0-1"]
1. b2e2 ( 1. h2e2 b9c7 ) b9c7 2. b0c2 0-1

[Event "Cup"]
1. a0a5 *
`
	c.sendJSON(map[string]any{"t": "import", "data": []byte(file)})
	var list gamesMsg
	c.decode(c.next("games"), &list)
	if len(list.Games) != 2 || list.Bad != 1 || list.Games[1].Red != "Lü" || list.Games[1].Result != "0-1" || list.Games[1].Moves != 3 {
		t.Fatalf("list %+v", list)
	}
	st := c.state(5*time.Second, nil)
	if len(st.Moves) != 0 || !strings.Contains(st.Notice, "2 games") {
		t.Fatalf("the record changed before a pick: %+v", st)
	}
	c.sendJSON(map[string]any{"t": "pick", "n": 1})
	st = c.state(5*time.Second, nil)
	if len(st.Moves) != 3 || len(st.Tree[0].Vars) != 1 {
		t.Fatalf("picked: %+v", st)
	}
	tags := map[string]string{}
	for _, tg := range st.Tags {
		tags[tg.Name] = tg.Value
	}
	if tags["Red"] != "Lü" || tags["Black"] != "Zhao" || tags["Event"] != "Cup" {
		t.Fatalf("tags %+v", st.Tags)
	}
	c.sendJSON(map[string]any{"t": "pick", "n": 5})
	c.next("error")
	c.sendJSON(map[string]any{"t": "export", "notation": "iccs"})
	var out pgnMsg
	c.decode(c.next("pgn"), &out)
	if !strings.Contains(out.Text, `[Red "Lü"]`) || !strings.Contains(out.Text, `[Event "Cup"]`) {
		t.Fatalf("export of the picked game:\n%s", out.Text)
	}
	// Restore: the first game only, on the variation's line at its end.
	c.sendJSON(map[string]any{"t": "import", "data": []byte(file[strings.Index(file, "[Event \"Cup\"]\n[Red \"Lü\"]"):]), "restore": true, "path": "h2e2 b9c7", "ply": 2})
	st = c.state(5*time.Second, nil)
	if st.Ply != 2 || st.Last != "b9c7" || len(st.Tree) != 3 || !strings.Contains(st.Notice, "as you left it") {
		t.Fatalf("restored: ply %d last %s tree %+v notice %q", st.Ply, st.Last, st.Tree, st.Notice)
	}
	c.sendJSON(map[string]any{"t": "import", "data": []byte(file), "restore": true, "path": "c3c4"})
	c.next("error") // and nothing changed:
	c.sendJSON(map[string]any{"t": "goto", "ply": 1})
	if st = c.state(5*time.Second, nil); st.Last != "h2e2" || len(st.Tree) != 3 {
		t.Fatalf("a failed restore changed the record: %+v", st)
	}
	// Free moves: Red and Black.
	c.sendJSON(map[string]any{"t": "fen", "fen": engine.StartFEN})
	c.state(5*time.Second, nil)
	c.sendJSON(map[string]any{"t": "move", "move": "h2e2"})
	c.state(5*time.Second, nil)
	c.sendJSON(map[string]any{"t": "export", "notation": "iccs"})
	c.decode(c.next("pgn"), &out)
	if !strings.Contains(out.Text, `[Red "Red"]`) || !strings.Contains(out.Text, `[Black "Black"]`) || !strings.Contains(out.Text, `[Event "GoXQ board"]`) {
		t.Fatalf("export of free moves:\n%s", out.Text)
	}
}
