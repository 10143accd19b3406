package datagen

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/tuning/posfile"
)

func tinySelfPlay(dir string, workers int) SelfPlayConfig {
	cfg := DefaultSelfPlay()
	cfg.Dir, cfg.Workers, cfg.Games, cfg.ChunkGames, cfg.Nodes, cfg.HashMB = dir, workers, 4, 2, 400, 1
	cfg.MaxPlies = 120
	return cfg
}

func readDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.bin"))
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = b
	}
	return out
}

// TestSelfPlayDeterministicAndResumable: the same seed gives the same
// files with one or two workers; a deleted chunk is made again the same,
// the others are skipped; every record is a valid quiet position.
func TestSelfPlayDeterministicAndResumable(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	st, err := SelfPlay(context.Background(), tinySelfPlay(a, 1))
	if err != nil {
		t.Fatal(err)
	}
	if st.Chunks != 2 || st.Games != 4 || st.Positions == 0 {
		t.Fatalf("stats %+v", st)
	}
	if _, err := SelfPlay(context.Background(), tinySelfPlay(b, 2)); err != nil {
		t.Fatal(err)
	}
	fa, fb := readDir(t, a), readDir(t, b)
	if len(fa) != 2 || len(fb) != 2 {
		t.Fatalf("%d and %d chunk files", len(fa), len(fb))
	}
	for name, data := range fa {
		if !bytes.Equal(data, fb[name]) {
			t.Errorf("%s differs between one and two workers", name)
		}
	}
	os.Remove(filepath.Join(a, SelfPlayFile(1, 1)))
	st, err = SelfPlay(context.Background(), tinySelfPlay(a, 2))
	if err != nil || st.Chunks != 1 || st.Skipped != 1 {
		t.Fatalf("resume: %+v, %v", st, err)
	}
	if !bytes.Equal(readDir(t, a)[SelfPlayFile(1, 1)], fb[SelfPlayFile(1, 1)]) {
		t.Error("the chunk made again differs")
	}
	for name := range fa {
		recs, err := posfile.ReadFile(filepath.Join(a, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			p, err := r.Position()
			if err != nil {
				t.Fatal(err)
			}
			if p.InCheck() || posfile.Decisive(r.Score()) || r.Ply() < 2 {
				t.Errorf("%s: kept %s (score %d, ply %d)", name, p.FEN(), r.Score(), r.Ply())
			}
		}
	}
}

// chunkMaker is a Remote that makes each chunk as a broker's worker does:
// a run of the same settings with only that chunk, in a directory of its
// own.
type chunkMaker struct {
	t    *testing.T
	cfg  SelfPlayConfig
	mu   sync.Mutex
	done map[int]int // chunk: calls of its done
}

func (m *chunkMaker) MakeChunk(ctx context.Context, c int) ([]posfile.Record, func(), error) {
	cfg := m.cfg
	cfg.Dir, cfg.Only, cfg.Workers = m.t.TempDir(), []int{c}, 1
	if st, err := SelfPlay(ctx, cfg); err != nil || st.Chunks != 1 {
		return nil, nil, fmt.Errorf("chunk %d: %+v, %v", c, st, err)
	}
	recs, err := posfile.ReadFile(filepath.Join(cfg.Dir, SelfPlayFile(cfg.Seed, c)))
	return recs, func() {
		m.mu.Lock()
		m.done[c]++
		m.mu.Unlock()
	}, err
}

// TestRemoteChunks: chunks made one by one elsewhere (Only, Remote) give
// the files of a local run, each acknowledged once it is written; a chunk
// outside the run is an error.
func TestRemoteChunks(t *testing.T) {
	local, remote := t.TempDir(), t.TempDir()
	if _, err := SelfPlay(context.Background(), tinySelfPlay(local, 2)); err != nil {
		t.Fatal(err)
	}
	m := &chunkMaker{t: t, cfg: tinySelfPlay("", 1), done: map[int]int{}}
	cfg := tinySelfPlay(remote, 3)
	cfg.Remote = m
	st, err := SelfPlay(context.Background(), cfg)
	if err != nil || st.Chunks != 2 || st.Games != 4 {
		t.Fatalf("remote run: %+v, %v", st, err)
	}
	fl, fr := readDir(t, local), readDir(t, remote)
	if len(fr) != 2 {
		t.Fatalf("%d chunk files", len(fr))
	}
	for name, data := range fl {
		if !bytes.Equal(data, fr[name]) {
			t.Errorf("%s differs from the local run's", name)
		}
	}
	if m.done[0] != 1 || m.done[1] != 1 {
		t.Errorf("done calls %v, want one per chunk", m.done)
	}
	cfg = tinySelfPlay(t.TempDir(), 1)
	cfg.Only = []int{2}
	if _, err := SelfPlay(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "chunk 2 of a run of 2") {
		t.Errorf("chunk outside the run: %v", err)
	}
}

// TestRelabelMasterGames: the positions of finished games come with the
// game's result for the side to move.
func TestRelabelMasterGames(t *testing.T) {
	cfg := DefaultRelabel()
	cfg.Dir, cfg.Files, cfg.Nodes, cfg.HashMB, cfg.ChunkGames, cfg.Workers = t.TempDir(), []string{"../data/testdata/master24.pgn"}, 200, 1, 10, 2
	st, err := Relabel(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 24 || st.Chunks != 3 || st.Positions < 24*20 {
		t.Fatalf("stats %+v", st)
	}
	recs, err := posfile.ReadFile(filepath.Join(cfg.Dir, RelabelFile(0)))
	if err != nil {
		t.Fatal(err)
	}
	// Within one game the result flips with the side to move.
	for i := 1; i < len(recs); i++ {
		a, b := &recs[i-1], &recs[i]
		if b.Ply() != a.Ply()+1 || a.Result() == posfile.Draw {
			continue
		}
		if a.Side() == b.Side() || a.Result() == b.Result() {
			t.Fatalf("consecutive plies %d and %d: results %d and %d", a.Ply(), b.Ply(), a.Result(), b.Result())
		}
	}
	// Games limits the run to the first games: the same first chunk, and
	// only the chunks those games fill.
	first := cfg
	first.Dir, first.Games = t.TempDir(), 15
	st, err = Relabel(context.Background(), first)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games != 15 || st.Chunks != 2 {
		t.Fatalf("first 15 games: stats %+v", st)
	}
	whole, part := readDir(t, cfg.Dir), readDir(t, first.Dir)
	if !bytes.Equal(whole[RelabelFile(0)], part[RelabelFile(0)]) || len(part) != 2 {
		t.Errorf("first 15 games: %d files, first chunk equal %v", len(part), bytes.Equal(whole[RelabelFile(0)], part[RelabelFile(0)]))
	}
}

func TestNextStreak(t *testing.T) {
	s := 0
	for _, v := range []int{1200, 1500, 1100} {
		s = nextStreak(s, v, 1000)
	}
	if s != 3 {
		t.Errorf("three Red-winning plies: streak %d", s)
	}
	if s = nextStreak(s, 200, 1000); s != 0 {
		t.Errorf("a quiet ply: streak %d", s)
	}
	if s = nextStreak(nextStreak(0, -1000, 1000), -5000, 1000); s != -2 {
		t.Errorf("two Black-winning plies: streak %d", s)
	}
}

// TestKeepDropsDecisiveScores: a quiet position is kept with an ordinary
// score, never with a mate or a repetition-rule result (those depend on
// the moves before it), nor from a search whose first iteration was
// abandoned (depth 0: no score).
func TestKeepDropsDecisiveScores(t *testing.T) {
	pos := engine.StartPosition()
	var list engine.MoveList
	pos.GenerateLegalMoves(&list)
	quiet := list.Moves[0]
	for _, c := range []struct {
		score int
		want  bool
	}{
		{0, true}, {850, true}, {-4000, true}, {posfile.ScoreLimit, true},
		{engine.ScoreRuleWin - 10, false}, {-engine.ScoreRuleWin + 3, false},
		{engine.ScoreDecisive, false}, {engine.ScoreMate - 7, false}, {-engine.ScoreMate + 2, false},
	} {
		if got := keep(pos, engine.Result{BestMove: quiet, Score: c.score, Depth: 1}); got != c.want {
			t.Errorf("score %d: keep %v, want %v", c.score, got, c.want)
		}
	}
	if keep(pos, engine.Result{BestMove: quiet, Score: 0, Depth: 0}) {
		t.Error("kept the position of an abandoned first iteration")
	}
}

// TestRelabelRefusesWhatIsNotPGN: random bytes, a position file and text
// without a game are refused, each naming the file and why, before any
// chunk is made.
func TestRelabelRefusesWhatIsNotPGN(t *testing.T) {
	dir := t.TempDir()
	random := filepath.Join(dir, "random.bin")
	rng := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 100_000)
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}
	os.WriteFile(random, noise, 0o644)
	positions := filepath.Join(dir, "positions.bin")
	pos, _ := engine.NewPosition(engine.StartFEN)
	posfile.WriteFile(positions, []posfile.Record{posfile.Encode(pos, 0, posfile.Draw, 0)})
	prose := filepath.Join(dir, "notes.txt")
	os.WriteFile(prose, []byte("These are not games.\nJust notes.\n"), 0o644)
	for file, want := range map[string]string{
		random:    "binary data, not PGN",
		positions: "position data, not PGN",
		prose:     "no PGN game in it",
	} {
		cfg := DefaultRelabel()
		cfg.Dir, cfg.Files, cfg.Nodes, cfg.HashMB, cfg.Workers = t.TempDir(), []string{"../data/testdata/master24.pgn", file}, 200, 1, 1
		st, err := Relabel(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), filepath.Base(file)) {
			t.Errorf("%s: %v, want an error naming it with %q", filepath.Base(file), err, want)
		}
		if st.Chunks != 0 || len(readDir(t, cfg.Dir)) != 0 {
			t.Errorf("%s: chunks made %+v", filepath.Base(file), st)
		}
	}
}

// TestRerunRemakesDamagedChunks: a rerun checks every chunk it finds: one
// cut inside a record, one cut between records and one that is not a
// position file are made again, the same as before, and said so; the
// intact one is skipped.
func TestRerunRemakesDamagedChunks(t *testing.T) {
	dir := t.TempDir()
	cfg := tinySelfPlay(dir, 1)
	cfg.Games = 8
	if _, err := SelfPlay(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	before := readDir(t, dir)
	if len(before) != 4 {
		t.Fatalf("%d chunks", len(before))
	}
	damage := map[string][]byte{
		SelfPlayFile(1, 0): before[SelfPlayFile(1, 0)][:len(before[SelfPlayFile(1, 0)])-5],
		SelfPlayFile(1, 1): before[SelfPlayFile(1, 1)][:len(before[SelfPlayFile(1, 1)])-posfile.RecordSize],
		SelfPlayFile(1, 3): []byte("not a chunk"),
	}
	for name, data := range damage {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st, err := SelfPlay(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st.Chunks != 3 || st.Skipped != 1 || len(st.Damaged) != 3 {
		t.Errorf("rerun: %+v, want 3 chunks remade, 1 skipped, 3 damaged", st)
	}
	for name := range damage {
		if !strings.Contains(strings.Join(st.Damaged, "\n"), name) {
			t.Errorf("%s not reported damaged: %q", name, st.Damaged)
		}
	}
	after := readDir(t, dir)
	for name, data := range before {
		if !bytes.Equal(after[name], data) {
			t.Errorf("%s differs from the first run's", name)
		}
	}
}
