package texel

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/goxq/ucci/engine"
)

// TestFormatParamsReproducesParamsFile: the writer turns the weights in use
// into engine/params.go byte for byte, so tuned weights land in the same
// form and the file the build compiles is the writer's.
func TestFormatParamsReproducesParamsFile(t *testing.T) {
	want, err := os.ReadFile("../../engine/params.go")
	if err != nil {
		t.Fatal(err)
	}
	w := engine.DefaultWeights()
	got, err := FormatParams(&w)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("FormatParams does not reproduce engine/params.go")
	}
}

// TestFormatParamsRoundTrip writes random weights and reads them back from
// the parsed source the way the engine's package would (each row's values
// at its group's offset): the same values, and the source is gofmt-clean.
func TestFormatParamsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var w engine.Weights
	for i := range w {
		w[i] = engine.EvalParam{MG: rng.IntN(2001) - 1000, EG: rng.IntN(2001) - 1000}
	}
	src, err := FormatParams(&w)
	if err != nil {
		t.Fatal(err)
	}
	if formatted, err := format.Source(src); err != nil || string(formatted) != string(src) {
		t.Fatalf("the source is not gofmt-clean: %v", err)
	}
	got := parseParamsFile(t, src)
	if got != w {
		t.Error("the written weights do not read back the same")
	}
}

// parseParamsFile reads the weights out of a params.go source: the rows of
// defaultWeightRows, each {"name", []S{{mg, eg}, ...}}, placed at the
// offsets of the engine's weight table.
func parseParamsFile(t *testing.T, src []byte) engine.Weights {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "params.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name.Name != "engine" {
		t.Fatalf("package %s", f.Name.Name)
	}
	starts := map[string]engine.WeightGroup{}
	for _, g := range engine.WeightGroups() {
		starts[g.Name] = g
	}
	var w engine.Weights
	rows := 0
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "defaultWeightRows" {
			return true
		}
		for _, row := range vs.Values[0].(*ast.CompositeLit).Elts {
			r := row.(*ast.CompositeLit)
			name, err := strconv.Unquote(r.Elts[0].(*ast.BasicLit).Value)
			if err != nil {
				t.Fatal(err)
			}
			g, ok := starts[name]
			values := r.Elts[1].(*ast.CompositeLit).Elts
			if !ok || len(values) != g.Size {
				t.Fatalf("row %q: %d values, group %+v", name, len(values), g)
			}
			for i, v := range values {
				pair := v.(*ast.CompositeLit).Elts
				w[g.Start+i] = engine.EvalParam{MG: intLit(t, pair[0]), EG: intLit(t, pair[1])}
			}
			rows++
		}
		return false
	})
	if rows != len(starts) {
		t.Fatalf("%d rows for %d groups", rows, len(starts))
	}
	return w
}

// intLit reads an integer literal, possibly negated.
func intLit(t *testing.T, e ast.Expr) int {
	t.Helper()
	sign := 1
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		sign, e = -1, u.X
	}
	n, err := strconv.Atoi(e.(*ast.BasicLit).Value)
	if err != nil {
		t.Fatal(err)
	}
	return sign * n
}
