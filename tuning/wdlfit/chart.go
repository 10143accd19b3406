package wdlfit

import (
	"fmt"

	"github.com/goxq/ucci/engine/wdl"
	"github.com/goxq/ucci/tuning/plot"
)

// Chart options: scores from −chartRange to +chartRange in bins of
// chartBin centipawns; a bin is drawn when it holds chartMinCount samples.
const (
	chartRange    = 600
	chartBin      = 40
	chartMinCount = 40
)

// materialBand is a range of material drawn in one pair of colours.
type materialBand struct {
	lo, hi int // lo <= material < hi
}

// bands splits the model's material range in three, most material first;
// the last takes the material below the range too.
func bands(md *wdl.Model) []materialBand {
	lo, hi := md.MaterialMin, md.MaterialMax+1
	third := (hi - lo) / 3
	return []materialBand{{hi - third, hi}, {lo + third, hi - third}, {0, lo + third}}
}

// Chart draws the model's win and draw probabilities against score in
// three material bands over the frequencies observed in the samples
// (dots). A band's curve is the model averaged over the material of the
// band's samples, so that it answers for the same mixture as the dots.
func Chart(set *Set, md *wdl.Model) plot.Chart {
	c := plot.Chart{Title: fmt.Sprintf("WDL model (lines) and game results (dots), search depth %d", set.Depth),
		XLabel: "score (centipawns, side to move)", YLabel: "probability", Width: 20, Height: 13, LegendLeft: true}
	for k, band := range bands(md) {
		const nbins = 2*chartRange/chartBin + 1
		var n, wins, draws [nbins]float64
		var materials [wdl.StartMaterial + 1]int
		count := 0
		for _, x := range set.Samples {
			if x.Material < band.lo || x.Material >= band.hi {
				continue
			}
			materials[min(max(x.Material, 0), wdl.StartMaterial)]++
			count++
			bin := (x.Score + chartRange + chartBin/2) / chartBin
			if x.Score < -chartRange-chartBin/2 || bin >= nbins {
				continue
			}
			n[bin]++
			switch x.Result {
			case Win:
				wins[bin]++
			case Draw:
				draws[bin]++
			}
		}
		if count == 0 {
			continue
		}
		var dx, dw, dd []float64
		for i := range n {
			if n[i] >= chartMinCount {
				dx = append(dx, float64(i*chartBin-chartRange))
				dw = append(dw, wins[i]/n[i])
				dd = append(dd, draws[i]/n[i])
			}
		}
		var mx, mw, md2 []float64
		for s := -chartRange; s <= chartRange; s += 5 {
			var w, d float64
			for m, k := range materials {
				if k > 0 {
					pw, pd, _ := md.Probabilities(s, m)
					w += float64(k) * pw
					d += float64(k) * pd
				}
			}
			mx = append(mx, float64(s))
			mw = append(mw, w/float64(count))
			md2 = append(md2, d/float64(count))
		}
		label := fmt.Sprintf("material %d-%d (%d positions)", max(band.lo, md.MaterialMin), band.hi-1, count)
		c.Series = append(c.Series,
			plot.Series{Name: "win, " + label, X: mx, Y: mw, Colour: 2*k + 1},
			plot.Series{X: dx, Y: dw, Points: true, Colour: 2*k + 1},
			plot.Series{Name: "draw, " + label, X: mx, Y: md2, Colour: 2*k + 2},
			plot.Series{X: dx, Y: dd, Points: true, Colour: 2*k + 2})
	}
	return c
}
