package texel

// Normalize moves the occurrence-weighted mean of each piece-square table
// into the piece's material value (separately for middle and end game),
// which leaves the evaluation of every position unchanged whose pieces all
// stand on squares seen in the data. Piece types whose material never
// counts (the general, whose material cancels) and groups marked frozen
// are left alone. occ comes from Dataset.Occurrences. Arguments whose
// lengths do not match the layout leave x as it is.
func Normalize(x Params, l *Layout, occ []float64, frozen []bool) {
	n := len(l.Names)
	if len(x) != 2*n || len(occ) != n || frozen != nil && len(frozen) != n {
		return
	}
	material, tables, ok := l.PieceTables()
	if !ok {
		return
	}
	isFrozen := func(i int) bool { return frozen != nil && frozen[i] }
	for t, g := range tables {
		mi := material.Start + t
		if occ[mi] == 0 || isFrozen(mi) {
			continue
		}
		var sum [2]float64
		total := 0.0
		skip := false
		for i := g.Start; i < g.Start+g.Size; i++ {
			if occ[i] == 0 {
				continue
			}
			if isFrozen(i) {
				skip = true
				break
			}
			sum[0] += occ[i] * x[2*i]
			sum[1] += occ[i] * x[2*i+1]
			total += occ[i]
		}
		if skip || total == 0 {
			continue
		}
		for h := 0; h < 2; h++ {
			mean := sum[h] / total
			x[2*mi+h] += mean
			for i := g.Start; i < g.Start+g.Size; i++ {
				if occ[i] != 0 {
					x[2*i+h] -= mean
				}
			}
		}
	}
}
