package match

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engineproc"
)

// TestPGNTagOrderAsTheREADMESays: the tags of a game the runner writes
// come in the order the README's "Output:" paragraph of ucci match lists
// them, and every tag listed is written when it applies (here: a site, a
// start that is not the standard one, an ending the runner explains, a
// game a broker's worker played).
func TestPGNTagOrderAsTheREADMESays(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	start := strings.Index(text, "whose tags come in this order:")
	if start < 0 {
		t.Fatal("the README does not state the tag order")
	}
	para := text[start:]
	para = para[:strings.Index(para, "; and a comment")]
	var want []string
	for _, m := range regexp.MustCompile("`\\[(\\w+)\\]`").FindAllStringSubmatch(para, -1) {
		want = append(want, m[1])
	}
	if len(want) < 10 {
		t.Fatalf("the README lists %v", want)
	}

	o, err := parseOpeningLine(checkRepFEN)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	// A local game has no [Worker]; a broker's worker sets it (below).
	cfg := Config{
		Engines:          []engineproc.EngineSpec{fake("a"), fake("b")},
		Games:            1,
		Openings:         []Opening{o},
		MaxPlies:         4,
		QuitTimeout:      200 * time.Millisecond,
		HandshakeTimeout: 2 * time.Second,
		PGN:              &out,
		Site:             "here",
	}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := res.Games[0]
	g.Worker = "box1"
	if err := cfg.PGNOptions.Write(&out, g.PGN(&cfg, res.Names)); err != nil {
		t.Fatal(err)
	}
	local, broker := out.String()[:strings.LastIndex(out.String(), "[Game ")], out.String()[strings.LastIndex(out.String(), "[Game "):]
	if strings.Contains(local, "[Worker") || !strings.Contains(broker, `[Worker "box1"]`) {
		t.Fatalf("local game:\n%s\nbroker's game:\n%s", local, broker)
	}
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^\[(\w+) `).FindAllStringSubmatch(broker, -1) {
		got = append(got, m[1])
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the PGN's tags:\n%v\nthe README's order:\n%v\n%s", got, want, out.String())
	}
}
