package plot

import (
	"bytes"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
)

func TestWritePNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "loss.png")
	c := Chart{Title: "loss", XLabel: "epoch", YLabel: "MSE", Series: []Series{
		{Name: "train", X: []float64{0, 1, 2, 3}, Y: []float64{0.2, 0.15, 0.12, 0.11}},
		{Name: "validation", X: []float64{0, 1, 2, 3}, Y: []float64{0.21, math.NaN(), math.NaN(), 0.12}},
	}}
	if err := c.WritePNG(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if r := img.Bounds(); r.Dx() < 300 || r.Dy() < 200 {
		t.Errorf("image only %v", r)
	}
}

func TestWritePNGErrors(t *testing.T) {
	dir := t.TempDir()
	if err := (Chart{Series: []Series{{Y: []float64{1}, X: []float64{1}}}}).WritePNG(filepath.Join(dir, "x.svg")); err == nil {
		t.Error("non-PNG name accepted")
	}
	empty := Chart{Series: []Series{{Name: "nan", X: []float64{1}, Y: []float64{math.NaN()}}}}
	if err := empty.WritePNG(filepath.Join(dir, "e.png")); err == nil {
		t.Error("chart without finite points accepted")
	}
}
