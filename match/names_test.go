package match

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
)

func TestEngineNames(t *testing.T) {
	cases := []struct{ in, want []string }{
		{[]string{"a", "b"}, []string{"a", "b"}},
		{[]string{"ucci", "ucci", "ucci"}, []string{"ucci", "ucci (2)", "ucci (3)"}},
		// A number another engine goes by is skipped.
		{[]string{"ucci", "ucci", "ucci (2)"}, []string{"ucci", "ucci (3)", "ucci (2)"}},
		{[]string{"x", "y", "x"}, []string{"x", "y", "x (2)"}},
	}
	for _, c := range cases {
		var specs []engineproc.EngineSpec
		for _, n := range c.in {
			specs = append(specs, engineproc.EngineSpec{Name: n, Cmd: "/bin/" + n})
		}
		if got := EngineNames(specs); !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
	// The base name of the command is the display name.
	if got := EngineNames([]engineproc.EngineSpec{{Cmd: "/a/ucci"}, {Cmd: "/b/ucci"}}); !slices.Equal(got, []string{"ucci", "ucci (2)"}) {
		t.Errorf("commands: %q", got)
	}
}

// TestSameNameEngines: engines of one name are told apart in the report,
// the PGN and an event's tables.
func TestSameNameEngines(t *testing.T) {
	var out bytes.Buffer
	cfg := testConfig(t, engine.StartFEN, fake("twin"), fake("twin"))
	cfg.Engines = append(cfg.Engines, fake("twin"))
	cfg.Format, cfg.MaxPlies, cfg.PGN = RoundRobin, 4, &out
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var report strings.Builder
	res.WriteReport(&report)
	for _, want := range []string{"twin vs twin (2)", "twin vs twin (3)", "twin (2) vs twin (3)"} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, report.String())
		}
	}
	games, _, err := readPGN(out.String())
	if err != nil || len(games) != 3 {
		t.Fatalf("PGN: %d games, %v", len(games), err)
	}
	for _, g := range games {
		if g.Tag("Red") == g.Tag("Black") || !strings.HasPrefix(g.Tag("Red"), "twin") {
			t.Errorf("game %s: %s - %s", g.Tag("Round"), g.Tag("Red"), g.Tag("Black"))
		}
	}

	ev := eventConfig(t, Berger, fake("twin"), fake("twin"), fake("other"), fake("twin"))
	res, err = Run(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range res.Event.Tables()[0].Standings {
		names = append(names, r.Name)
	}
	slices.Sort(names)
	if want := []string{"other", "twin", "twin (2)", "twin (3)"}; !slices.Equal(names, want) {
		t.Errorf("standings %q, want %q", names, want)
	}
}
