package pgn

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/goxq/ucci/engine"
)

// sevenTags are written first, in this order, as PGN custom has it.
var sevenTags = []string{"Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result"}

// Write writes g as PGN: the standard tags first ([Game "Chinese Chess"] by
// default), the other tags, [FEN] when the start is not the standard one,
// [Format "ICCS"], then numbered lowercase ICCS moves wrapped at 80 columns
// and the result.
func Write(w io.Writer, g *Game) error {
	bw := bufio.NewWriter(w)
	result := g.Result
	if result == "" {
		result = "*"
	}
	written := map[string]bool{"FEN": true, "Format": true}
	for _, name := range sevenTags {
		value := g.Tag(name)
		switch name {
		case "Game":
			if value == "" {
				value = "Chinese Chess"
			}
		case "Result":
			value = result
		}
		if value == "" && name != "Event" && name != "Red" && name != "Black" {
			continue
		}
		writeTag(bw, name, value)
		written[name] = true
	}
	for _, t := range g.Tags {
		if !written[t.Name] {
			writeTag(bw, t.Name, t.Value)
			written[t.Name] = true
		}
	}
	if fen := g.StartFEN(); fen != engine.StartFEN {
		writeTag(bw, "FEN", fen)
	}
	writeTag(bw, "Format", "ICCS")
	bw.WriteByte('\n')

	blackFirst := strings.Fields(g.StartFEN() + " w")[1] == "b"
	line := 0
	emit := func(tok string) {
		if line > 0 && line+1+len(tok) > 80 {
			bw.WriteByte('\n')
			line = 0
		}
		if line > 0 {
			bw.WriteByte(' ')
			line++
		}
		bw.WriteString(tok)
		line += len(tok)
	}
	number := 1
	for i, m := range g.Moves {
		red := (i%2 == 0) != blackFirst
		switch {
		case red:
			emit(strconv.Itoa(number) + ".")
		case i == 0:
			emit(strconv.Itoa(number) + "...")
		}
		emit(m.String())
		if !red {
			number++
		}
	}
	emit(result)
	bw.WriteString("\n\n")
	return bw.Flush()
}

func writeTag(w *bufio.Writer, name, value string) {
	value = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value)
	w.WriteString("[" + name + " \"" + value + "\"]\n")
}
