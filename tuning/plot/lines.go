package plot

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/goxq/ucci/internal/safefile"
)

// Series is one named curve: Y[i] at X[i]. Points with a NaN or infinite
// coordinate are left out.
type Series struct {
	Name string
	X, Y []float64
	// Points draws the points as dots rather than joined by a line.
	Points bool
	// Colour picks the palette colour: 1 for the first, 2 for the second
	// and so on; 0 takes the colour of the series' place in the chart.
	Colour int
}

// Chart describes a line chart.
type Chart struct {
	Title, XLabel, YLabel string
	Series                []Series
	// Width and Height in centimetres (default 16 × 10).
	Width, Height float64
	// LegendLeft puts the legend in the top left corner (default: right).
	LegendLeft bool
}

// palette colours the series in order.
var palette = []color.RGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xd6, 0x27, 0x28, 0xff}, {0x2c, 0xa0, 0x2c, 0xff},
	{0xff, 0x7f, 0x0e, 0xff}, {0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff},
	{0xe3, 0x77, 0xc2, 0xff}, {0x7f, 0x7f, 0x7f, 0xff}, {0xbc, 0xbd, 0x22, 0xff},
	{0x17, 0xbe, 0xcf, 0xff},
}

// WritePNG draws the chart into a PNG file, written under a temporary name
// and renamed into place (safefile). It fails when no series has a finite
// point or the path does not end in .png.
func (c Chart) WritePNG(path string) error {
	if !strings.EqualFold(filepath.Ext(path), ".png") {
		return fmt.Errorf("plot %s: want a .png file", path)
	}
	p := gplot.New()
	p.Title.Text = c.Title
	p.X.Label.Text = c.XLabel
	p.Y.Label.Text = c.YLabel
	p.Add(plotter.NewGrid())
	drawn := 0
	for i, s := range c.Series {
		pts := finitePoints(s)
		if len(pts) == 0 {
			continue
		}
		colour := palette[i%len(palette)]
		if s.Colour > 0 {
			colour = palette[(s.Colour-1)%len(palette)]
		}
		var thing gplot.Thumbnailer
		if s.Points {
			dots, err := plotter.NewScatter(pts)
			if err != nil {
				return fmt.Errorf("plot %s: series %q: %w", path, s.Name, err)
			}
			dots.GlyphStyle = draw.GlyphStyle{Color: colour, Radius: vg.Points(2), Shape: draw.CircleGlyph{}}
			p.Add(dots)
			thing = dots
		} else {
			line, err := plotter.NewLine(pts)
			if err != nil {
				return fmt.Errorf("plot %s: series %q: %w", path, s.Name, err)
			}
			line.Color = colour
			line.Width = vg.Points(1.5)
			p.Add(line)
			thing = line
		}
		if s.Name != "" {
			p.Legend.Add(s.Name, thing)
		}
		drawn++
	}
	if drawn == 0 {
		return errors.New("plot: no finite points to draw")
	}
	p.Legend.Top = true
	p.Legend.Left = c.LegendLeft
	w, h := c.Width, c.Height
	if w <= 0 {
		w = 16
	}
	if h <= 0 {
		h = 10
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	img, err := p.WriterTo(vg.Length(w)*vg.Centimeter, vg.Length(h)*vg.Centimeter, "png")
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if _, err := img.WriteTo(&buf); err != nil {
		return err
	}
	return safefile.WriteFile(path, buf.Bytes())
}

// finitePoints returns the points of s with finite coordinates.
func finitePoints(s Series) plotter.XYs {
	n := min(len(s.X), len(s.Y))
	pts := make(plotter.XYs, 0, n)
	for i := 0; i < n; i++ {
		x, y := s.X[i], s.Y[i]
		if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
			continue
		}
		pts = append(pts, plotter.XY{X: x, Y: y})
	}
	return pts
}
