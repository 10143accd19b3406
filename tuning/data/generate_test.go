package data

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

func generate(t *testing.T, files []string, cfg Config) ([]byte, Stats) {
	t.Helper()
	var b bytes.Buffer
	st, err := Generate(context.Background(), files, NewWriter(&b), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), st
}

func TestGenerateIsDeterministic(t *testing.T) {
	var read int64
	cfg := Config{Options: DefaultOptions(), Workers: 1, Progress: func(n int64) { read += n }}
	one, st := generate(t, []string{"testdata/master24.pgn"}, cfg)
	cfg.Workers = 3
	three, _ := generate(t, []string{"testdata/master24.pgn"}, cfg)
	if !bytes.Equal(one, three) {
		t.Error("1 and 3 workers wrote different files")
	}
	info, _ := os.Stat("testdata/master24.pgn")
	if read != 2*info.Size() {
		t.Errorf("progress counted %d bytes, want %d", read, 2*info.Size())
	}
	if st.Games != 24 || st.Used != 24 || st.SkippedTotal() != 0 {
		t.Errorf("stats %+v", st)
	}
	samples, err := Read(bytes.NewReader(one))
	if err != nil {
		t.Fatal(err)
	}
	if len(samples) != st.Samples || st.Samples < 500 {
		t.Errorf("%d samples read, stats say %d", len(samples), st.Samples)
	}
	for i := 1; i < len(samples); i++ {
		if samples[i].Game < samples[i-1].Game {
			t.Fatalf("sample %d of game %d after game %d", i, samples[i].Game, samples[i-1].Game)
		}
	}
}

func TestGenerateNumbersGamesAcrossFilesAndSkips(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pgn")
	text := "[Result \"1-0\"]\n\n1. h2e2 h9g7 2. e2e9 *\n\n[Result \"*\"]\n\n1. h2e2 h9g7 *\n"
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var skipped []int
	cfg := Config{Options: DefaultOptions(), Skipped: func(_ string, game int, _ error) { skipped = append(skipped, game) }}
	out, st := generate(t, []string{bad, "testdata/master24.pgn"}, cfg)
	if st.Games != 26 || st.Used != 24 || st.Skipped["unreadable"] != 1 || st.Skipped["no result"] != 1 {
		t.Errorf("stats %+v", st)
	}
	if len(skipped) != 2 || skipped[0] != 0 || skipped[1] != 1 {
		t.Errorf("skipped games %v, want [0 1]", skipped)
	}
	samples, err := Read(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if samples[0].Game != 2 || samples[len(samples)-1].Game != 25 {
		t.Errorf("games numbered %d..%d, want 2..25", samples[0].Game, samples[len(samples)-1].Game)
	}
}

func TestGenerateMissingFileAndCancel(t *testing.T) {
	var b bytes.Buffer
	if _, err := Generate(context.Background(), []string{"testdata/none.pgn"}, NewWriter(&b), Config{}); err == nil {
		t.Error("missing file gave no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(ctx, []string{"testdata/master24.pgn"}, NewWriter(&b), Config{}); err == nil {
		t.Error("cancelled context gave no error")
	}
}
