package match

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
	"github.com/goxq/ucci/internal/enginetest"
)

// sampleWith runs SampleOpenings with a fresh ucci process.
func sampleWith(t *testing.T, opt SampleOptions) []SampledPosition {
	t.Helper()
	bin, err := enginetest.Build("github.com/goxq/ucci/cmd/ucci")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	eng, err := engineproc.OpenEngine(ctx, engineproc.EngineSpec{Name: "ucci", Cmd: bin, Proto: engineproc.ProtoUCCI,
		Options: []engineproc.Option{{Name: "usebook", Value: "false"}}}, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ps, err := SampleOpenings(ctx, eng, opt)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func TestSampleOpenings(t *testing.T) {
	opt := SampleOptions{Count: 4, MinPly: 3, MaxPly: 5, Depth: 3, MultiPV: 4, Margin: 60,
		FinalDepth: 4, Balance: 300, FamilyPly: 1, PerFamily: 2, Seed: 7}
	ps := sampleWith(t, opt)
	if len(ps) != opt.Count {
		t.Fatalf("got %d positions, want %d", len(ps), opt.Count)
	}
	keys := map[uint64]bool{}
	for _, p := range ps {
		if len(p.Line) < opt.MinPly || len(p.Line) > opt.MaxPly {
			t.Errorf("%s: line of %d plies, want %d to %d", p.FEN, len(p.Line), opt.MinPly, opt.MaxPly)
		}
		pos := engine.StartPosition()
		for _, s := range p.Line {
			m, err := pos.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: line %v: %v", p.FEN, p.Line, err)
			}
			pos.PlayGameMove(m)
		}
		if pos.FEN() != p.FEN {
			t.Errorf("line %v reaches %s, not %s", p.Line, pos.FEN(), p.FEN)
		}
		if p.Score > opt.Balance || p.Score < -opt.Balance {
			t.Errorf("%s: score %d beyond the balance %d", p.FEN, p.Score, opt.Balance)
		}
		k := min(pos.Key(), pos.MirroredKey())
		if keys[k] {
			t.Errorf("%s chosen twice", p.FEN)
		}
		keys[k] = true
	}
	again := sampleWith(t, opt)
	if !slices.EqualFunc(ps, again, func(a, b SampledPosition) bool { return a.FEN == b.FEN }) {
		t.Errorf("same seed, other set:\n%v\n%v", ps, again)
	}
	opt.Exclude = func(k uint64) bool { return keys[k] }
	for _, p := range sampleWith(t, opt) {
		pos, _ := engine.NewPosition(p.FEN)
		if keys[min(pos.Key(), pos.MirroredKey())] {
			t.Errorf("%s excluded but chosen", p.FEN)
		}
	}
	var b strings.Builder
	if err := WriteSampledOpenings(&b, "head", ps); err != nil {
		t.Fatal(err)
	}
	ops, err := ParseOpenings(strings.NewReader(b.String()), "sampled")
	if err != nil || len(ops) != len(ps) {
		t.Fatalf("written set reads back as %d openings, %v", len(ops), err)
	}
}
