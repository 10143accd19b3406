package texel

import (
	"bytes"
	"fmt"
	"go/format"

	"github.com/goxq/ucci/engine"
)

// paramsHeader opens engine/params.go.
const paramsHeader = `package engine

// The evaluation's weights, as middle-game and end-game pairs, by group of
// the weight table (weights.go). Piece-square tables are half tables (files
// a-e from Red's view, ranks 0-9 from the own side); files f-i mirror them,
// and Black uses the same tables turned around.
//
// ` + "`ucci tune texel`" + ` writes this file (tuning/texel.FormatParams). The tuned
// weights are derived from the Chinese Chess Practical Dataset (CCPD) master
// games by Yu-Han Tseng, CC BY 4.0 (see README.md).

// defaultWeightRows holds the weights the evaluation uses, by group name.
var defaultWeightRows = []weightRow{
`

// FormatParams returns the Go source of engine/params.go holding w: one
// row per group of the engine's weight table, named as in the table, with
// up to eight values on one line and longer groups five to a line (one
// rank of a half piece-square table).
func FormatParams(w *engine.Weights) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(paramsHeader)
	for _, g := range engine.WeightGroups() {
		values := w[g.Start : g.Start+g.Size]
		fmt.Fprintf(&b, "\t{%q, []S{", g.Name)
		if g.Size <= 8 {
			writeValues(&b, values)
			b.WriteString("}},\n")
			continue
		}
		b.WriteString("\n")
		for i := 0; i < len(values); i += 5 {
			b.WriteString("\t\t")
			writeValues(&b, values[i:min(i+5, len(values))])
			b.WriteString(",\n")
		}
		b.WriteString("\t}},\n")
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

// writeValues writes values as {mg, eg} pairs separated by ", ".
func writeValues(b *bytes.Buffer, values []engine.EvalParam) {
	for i, v := range values {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(b, "{%d, %d}", v.MG, v.EG)
	}
}
