package pgn

import (
	"bytes"
	"strings"
	"testing"
	"unicode"

	"github.com/goxq/ucci/engine"
)

// TestWriteTagsAlwaysReRead: tag values with control characters, quotes,
// backslashes, invalid UTF-8 or no end are written on lines of at most 255
// bytes that this reader reads back, and the tags a fixed-buffer reader
// needs (FEN, Format) come before the long custom ones.
func TestWriteTagsAlwaysReRead(t *testing.T) {
	fen := "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"
	g := &Game{FEN: fen, Result: "1-0"}
	g.SetTag("Event", "line\nbreak \"quoted\" back\\slash")
	g.SetTag("Red", "nul\x00byte\x1b[31m \xff\xfe")
	g.SetTag("TerminationDetail", strings.Repeat("很长", 400))
	g.SetTag("Bad Name", "dropped")
	pos, _ := engine.NewPosition(fen)
	m, _ := pos.ParseMove("b0b9")
	g.Moves = []engine.Move{m}
	var buf bytes.Buffer
	if err := Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		if len(l) > 255 {
			t.Errorf("line %d has %d bytes", i+1, len(l))
		}
		for _, r := range l {
			if unicode.IsControl(r) {
				t.Errorf("line %d: control character %q: %q", i+1, r, l)
			}
		}
	}
	wantOrder := []string{`[Game "Chinese Chess"]`, `[Event "line break \"quoted\" back\\slash"]`, `[Red "nul byte [31m ` + "\uFFFD" + `"]`,
		`[Black ""]`, `[Result "1-0"]`, `[SetUp "1"]`, `[FEN "` + fen + `"]`, `[Format "ICCS"]`}
	for i, w := range wantOrder {
		if i >= len(lines) || lines[i] != w {
			t.Fatalf("line %d: got %q, want %q\n%s", i+1, lines[min(i, len(lines)-1)], w, text)
		}
	}
	if strings.Contains(text, "dropped") {
		t.Error("a tag with an invalid name was written")
	}
	back, err := NewReader(strings.NewReader(text), "written").Next()
	if err != nil {
		t.Fatal(err)
	}
	if back.Tag("Event") != `line break "quoted" back\slash` || back.Tag("Red") != "nul byte [31m \uFFFD" ||
		!strings.HasPrefix(back.Tag("TerminationDetail"), "很长很长") || back.FEN != fen || moveList(back.Moves) != "b0b9" {
		t.Errorf("read back: %v, moves %s", back.Tags, moveList(back.Moves))
	}
}
