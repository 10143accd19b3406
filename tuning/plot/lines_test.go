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

// TestWritePNGPoints: a series drawn as dots in a chosen colour is drawn
// in that colour, and differs from the same chart drawn as lines.
func TestWritePNGPoints(t *testing.T) {
	dir := t.TempDir()
	xs := []float64{0, 1, 2, 3, 4, 5}
	ys := []float64{0, 1, 4, 9, 16, 25}
	draw := func(name string, points bool) []byte {
		path := filepath.Join(dir, name)
		c := Chart{Series: []Series{{Name: "data", X: xs, Y: ys, Points: points, Colour: 2}}}
		if err := c.WritePNG(path); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	dots, lines := draw("dots.png", true), draw("lines.png", false)
	if bytes.Equal(dots, lines) {
		t.Error("dots drawn like a line")
	}
	img, err := png.Decode(bytes.NewReader(dots))
	if err != nil {
		t.Fatal(err)
	}
	want := palette[1]
	found := false
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y && !found; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if uint8(cr>>8) == want.R && uint8(cg>>8) == want.G && uint8(cb>>8) == want.B {
				found = true
				break
			}
		}
	}
	if !found {
		t.Error("no pixel in the second palette colour")
	}
}
