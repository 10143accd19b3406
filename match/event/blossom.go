package event

// Maximum-weight matching in a general graph: Edmonds' blossom algorithm
// with dual variables (Galil's O(n³) form), as J. van Rantwijk's mwmatching
// writes it, in integers. The Swiss pairing (swisspair.go) pairs a round
// with it.

// wedge is an edge of the graph and its weight.
type wedge struct {
	i, j int
	w    int64
}

// maxWeightMatching returns, for a graph of n vertices and the edges
// given (no loops, at most one edge between two vertices), the mate of
// every vertex in a matching of maximum weight, -1 for a vertex left
// unmatched; with maxCardinality, of maximum weight among the matchings
// of maximum cardinality. Weights must be positive and small enough that
// twice their sum fits in an int64.
func maxWeightMatching(n int, edges []wedge, maxCardinality bool) []int {
	m := &matcher{n: n, edges: edges, maxCardinality: maxCardinality}
	return m.solve()
}

// matcher is the state of one run of the blossom algorithm. Vertices are
// 0..n-1, blossoms n..2n-1; an edge k has the endpoints 2k (its vertex i)
// and 2k+1 (its vertex j).
type matcher struct {
	n              int
	edges          []wedge
	maxCardinality bool

	endpoint  []int
	neighbend [][]int
	// mate[v] is the endpoint p of v's matched edge whose vertex is v's
	// mate, -1 when v is single.
	mate []int
	// label: 0 free, 1 S (outer), 2 T (inner), with bit 4 as a mark in
	// scanBlossom; labelend: the endpoint through which the label came.
	label, labelend []int
	inblossom       []int
	blossomparent   []int
	blossomchilds   [][]int
	blossombase     []int
	blossomendps    [][]int
	bestedge        []int
	blossombest     [][]int
	unused          []int
	dualvar         []int64
	allowedge       []bool
	queue           []int
}

func (m *matcher) slack(k int) int64 {
	e := m.edges[k]
	return m.dualvar[e.i] + m.dualvar[e.j] - 2*e.w
}

// leaves returns the vertices of blossom b.
func (m *matcher) leaves(b int) []int {
	if b < m.n {
		return []int{b}
	}
	var out []int
	for _, t := range m.blossomchilds[b] {
		out = append(out, m.leaves(t)...)
	}
	return out
}

// at returns s[j] for j taken modulo len(s) (j may be negative).
func at(s []int, j int) int {
	l := len(s)
	return s[((j%l)+l)%l]
}

func (m *matcher) assignLabel(w, t, p int) {
	b := m.inblossom[w]
	m.label[w], m.label[b] = t, t
	m.labelend[w], m.labelend[b] = p, p
	m.bestedge[w], m.bestedge[b] = -1, -1
	switch t {
	case 1:
		m.queue = append(m.queue, m.leaves(b)...)
	case 2:
		base := m.blossombase[b]
		m.assignLabel(m.endpoint[m.mate[base]], 1, m.mate[base]^1)
	}
}

// scanBlossom traces back from v and w to find a new blossom's base, or
// -1 for an augmenting path.
func (m *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inblossom[v]
		if m.label[b]&4 != 0 {
			base = m.blossombase[b]
			break
		}
		path = append(path, b)
		m.label[b] = 5
		if m.labelend[b] == -1 {
			v = -1
		} else {
			v = m.endpoint[m.labelend[b]]
			b = m.inblossom[v]
			v = m.endpoint[m.labelend[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = 1
	}
	return base
}

// addBlossom makes a new blossom with the given base through edge k.
func (m *matcher) addBlossom(base, k int) {
	v, w := m.edges[k].i, m.edges[k].j
	bb, bv, bw := m.inblossom[base], m.inblossom[v], m.inblossom[w]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.blossombase[b] = base
	m.blossomparent[b] = -1
	m.blossomparent[bb] = b
	var path, endps []int
	for bv != bb {
		m.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelend[bv])
		v = m.endpoint[m.labelend[bv]]
		bv = m.inblossom[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		m.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelend[bw]^1)
		w = m.endpoint[m.labelend[bw]]
		bw = m.inblossom[w]
	}
	m.blossomchilds[b], m.blossomendps[b] = path, endps
	m.label[b] = 1
	m.labelend[b] = m.labelend[bb]
	m.dualvar[b] = 0
	for _, v := range m.leaves(b) {
		if m.label[m.inblossom[v]] == 2 {
			m.queue = append(m.queue, v)
		}
		m.inblossom[v] = b
	}
	bestedgeto := make([]int, 2*m.n)
	for i := range bestedgeto {
		bestedgeto[i] = -1
	}
	for _, bv := range path {
		var lists [][]int
		if m.blossombest[bv] == nil {
			for _, v := range m.leaves(bv) {
				l := make([]int, len(m.neighbend[v]))
				for i, p := range m.neighbend[v] {
					l[i] = p / 2
				}
				lists = append(lists, l)
			}
		} else {
			lists = [][]int{m.blossombest[bv]}
		}
		for _, l := range lists {
			for _, k := range l {
				j := m.edges[k].j
				if m.inblossom[j] == b {
					j = m.edges[k].i
				}
				bj := m.inblossom[j]
				if bj != b && m.label[bj] == 1 && (bestedgeto[bj] == -1 || m.slack(k) < m.slack(bestedgeto[bj])) {
					bestedgeto[bj] = k
				}
			}
		}
		m.blossombest[bv] = nil
		m.bestedge[bv] = -1
	}
	var best []int
	for _, k := range bestedgeto {
		if k != -1 {
			best = append(best, k)
		}
	}
	m.blossombest[b] = best
	m.bestedge[b] = -1
	for _, k := range best {
		if m.bestedge[b] == -1 || m.slack(k) < m.slack(m.bestedge[b]) {
			m.bestedge[b] = k
		}
	}
}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// expandBlossom undoes blossom b: at the end of a stage (endstage), or
// when its dual variable reaches zero while it is a T-blossom.
func (m *matcher) expandBlossom(b int, endstage bool) {
	for _, s := range m.blossomchilds[b] {
		m.blossomparent[s] = -1
		switch {
		case s < m.n:
			m.inblossom[s] = s
		case endstage && m.dualvar[s] == 0:
			m.expandBlossom(s, endstage)
		default:
			for _, v := range m.leaves(s) {
				m.inblossom[v] = s
			}
		}
	}
	if !endstage && m.label[b] == 2 {
		childs, endps := m.blossomchilds[b], m.blossomendps[b]
		entrychild := m.inblossom[m.endpoint[m.labelend[b]^1]]
		j := indexOf(childs, entrychild)
		var jstep, endptrick int
		if j&1 != 0 {
			j -= len(childs)
			jstep, endptrick = 1, 0
		} else {
			jstep, endptrick = -1, 1
		}
		p := m.labelend[b]
		for j != 0 {
			m.label[m.endpoint[p^1]] = 0
			m.label[m.endpoint[at(endps, j-endptrick)^endptrick^1]] = 0
			m.assignLabel(m.endpoint[p^1], 2, p)
			m.allowedge[at(endps, j-endptrick)/2] = true
			j += jstep
			p = at(endps, j-endptrick) ^ endptrick
			m.allowedge[p/2] = true
			j += jstep
		}
		bv := at(childs, j)
		m.label[m.endpoint[p^1]], m.label[bv] = 2, 2
		m.labelend[m.endpoint[p^1]], m.labelend[bv] = p, p
		m.bestedge[bv] = -1
		j += jstep
		for at(childs, j) != entrychild {
			bv := at(childs, j)
			if m.label[bv] == 1 {
				j += jstep
				continue
			}
			v := -1
			for _, x := range m.leaves(bv) {
				v = x
				if m.label[x] != 0 {
					break
				}
			}
			if v >= 0 && m.label[v] != 0 {
				m.label[v] = 0
				m.label[m.endpoint[m.mate[m.blossombase[bv]]]] = 0
				m.assignLabel(v, 2, m.labelend[v])
			}
			j += jstep
		}
	}
	m.label[b], m.labelend[b] = -1, -1
	m.blossomchilds[b], m.blossomendps[b] = nil, nil
	m.blossombase[b] = -1
	m.blossombest[b] = nil
	m.bestedge[b] = -1
	m.unused = append(m.unused, b)
}

func indexOf(s []int, x int) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

// augmentBlossom swaps the matched and unmatched edges of blossom b along
// the path from vertex v to the base, which becomes v.
func (m *matcher) augmentBlossom(b, v int) {
	t := v
	for m.blossomparent[t] != b {
		t = m.blossomparent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	childs, endps := m.blossomchilds[b], m.blossomendps[b]
	i := indexOf(childs, t)
	j := i
	var jstep, endptrick int
	if i&1 != 0 {
		j -= len(childs)
		jstep, endptrick = 1, 0
	} else {
		jstep, endptrick = -1, 1
	}
	for j != 0 {
		j += jstep
		t = at(childs, j)
		p := at(endps, j-endptrick) ^ endptrick
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += jstep
		t = at(childs, j)
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	m.blossomchilds[b] = append(append([]int(nil), childs[i:]...), childs[:i]...)
	m.blossomendps[b] = append(append([]int(nil), endps[i:]...), endps[:i]...)
	m.blossombase[b] = m.blossombase[m.blossomchilds[b][0]]
}

// augmentMatching augments the matching along the path through edge k.
func (m *matcher) augmentMatching(k int) {
	v, w := m.edges[k].i, m.edges[k].j
	for _, sp := range [2][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		s, p := sp[0], sp[1]
		for {
			bs := m.inblossom[s]
			if bs >= m.n {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelend[bs] == -1 {
				break
			}
			t := m.endpoint[m.labelend[bs]]
			bt := m.inblossom[t]
			s = m.endpoint[m.labelend[bt]]
			j := m.endpoint[m.labelend[bt]^1]
			if bt >= m.n {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelend[bt]
			p = m.labelend[bt] ^ 1
		}
	}
}

func (m *matcher) solve() []int {
	n := m.n
	if len(m.edges) == 0 {
		out := make([]int, n)
		for i := range out {
			out[i] = -1
		}
		return out
	}
	var maxweight int64
	for _, e := range m.edges {
		maxweight = max(maxweight, e.w)
	}
	m.endpoint = make([]int, 2*len(m.edges))
	m.neighbend = make([][]int, n)
	for k, e := range m.edges {
		m.endpoint[2*k], m.endpoint[2*k+1] = e.i, e.j
		m.neighbend[e.i] = append(m.neighbend[e.i], 2*k+1)
		m.neighbend[e.j] = append(m.neighbend[e.j], 2*k)
	}
	fill := func(s []int, x int) []int {
		for i := range s {
			s[i] = x
		}
		return s
	}
	m.mate = fill(make([]int, n), -1)
	m.label = make([]int, 2*n)
	m.labelend = fill(make([]int, 2*n), -1)
	m.inblossom = make([]int, n)
	for i := range m.inblossom {
		m.inblossom[i] = i
	}
	m.blossomparent = fill(make([]int, 2*n), -1)
	m.blossomchilds = make([][]int, 2*n)
	m.blossombase = make([]int, 2*n)
	for i := range m.blossombase {
		m.blossombase[i] = i
		if i >= n {
			m.blossombase[i] = -1
		}
	}
	m.blossomendps = make([][]int, 2*n)
	m.bestedge = fill(make([]int, 2*n), -1)
	m.blossombest = make([][]int, 2*n)
	for b := n; b < 2*n; b++ {
		m.unused = append(m.unused, b)
	}
	m.dualvar = make([]int64, 2*n)
	for v := range n {
		m.dualvar[v] = maxweight
	}
	m.allowedge = make([]bool, len(m.edges))

	for range n {
		fill(m.label, 0)
		fill(m.bestedge, -1)
		for b := n; b < 2*n; b++ {
			m.blossombest[b] = nil
		}
		for k := range m.allowedge {
			m.allowedge[k] = false
		}
		m.queue = m.queue[:0]
		for v := range n {
			if m.mate[v] == -1 && m.label[m.inblossom[v]] == 0 {
				m.assignLabel(v, 1, -1)
			}
		}
		augmented := false
		for {
			for len(m.queue) > 0 && !augmented {
				v := m.queue[len(m.queue)-1]
				m.queue = m.queue[:len(m.queue)-1]
				for _, p := range m.neighbend[v] {
					k := p / 2
					w := m.endpoint[p]
					if m.inblossom[v] == m.inblossom[w] {
						continue
					}
					var kslack int64
					if !m.allowedge[k] {
						kslack = m.slack(k)
						if kslack <= 0 {
							m.allowedge[k] = true
						}
					}
					switch {
					case m.allowedge[k]:
						switch {
						case m.label[m.inblossom[w]] == 0:
							m.assignLabel(w, 2, p^1)
						case m.label[m.inblossom[w]] == 1:
							if base := m.scanBlossom(v, w); base >= 0 {
								m.addBlossom(base, k)
							} else {
								m.augmentMatching(k)
								augmented = true
							}
						case m.label[w] == 0:
							m.label[w] = 2
							m.labelend[w] = p ^ 1
						}
					case m.label[m.inblossom[w]] == 1:
						b := m.inblossom[v]
						if m.bestedge[b] == -1 || kslack < m.slack(m.bestedge[b]) {
							m.bestedge[b] = k
						}
					case m.label[w] == 0:
						if m.bestedge[w] == -1 || kslack < m.slack(m.bestedge[w]) {
							m.bestedge[w] = k
						}
					}
					if augmented {
						break
					}
				}
			}
			if augmented {
				break
			}
			deltatype := -1
			var delta int64
			deltaedge, deltablossom := -1, -1
			if !m.maxCardinality {
				deltatype = 1
				delta = m.dualvar[0]
				for v := 1; v < n; v++ {
					delta = min(delta, m.dualvar[v])
				}
			}
			for v := range n {
				if m.label[m.inblossom[v]] == 0 && m.bestedge[v] != -1 {
					if d := m.slack(m.bestedge[v]); deltatype == -1 || d < delta {
						delta, deltatype, deltaedge = d, 2, m.bestedge[v]
					}
				}
			}
			for b := range 2 * n {
				if m.blossomparent[b] == -1 && m.label[b] == 1 && m.bestedge[b] != -1 {
					if d := m.slack(m.bestedge[b]) / 2; deltatype == -1 || d < delta {
						delta, deltatype, deltaedge = d, 3, m.bestedge[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 && m.label[b] == 2 && (deltatype == -1 || m.dualvar[b] < delta) {
					delta, deltatype, deltablossom = m.dualvar[b], 4, b
				}
			}
			if deltatype == -1 {
				// No further improvement: the maximum-cardinality optimum.
				deltatype = 1
				delta = m.dualvar[0]
				for v := 1; v < n; v++ {
					delta = min(delta, m.dualvar[v])
				}
				delta = max(0, delta)
			}
			for v := range n {
				switch m.label[m.inblossom[v]] {
				case 1:
					m.dualvar[v] -= delta
				case 2:
					m.dualvar[v] += delta
				}
			}
			for b := n; b < 2*n; b++ {
				if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 {
					switch m.label[b] {
					case 1:
						m.dualvar[b] += delta
					case 2:
						m.dualvar[b] -= delta
					}
				}
			}
			switch deltatype {
			case 2:
				m.allowedge[deltaedge] = true
				i, j := m.edges[deltaedge].i, m.edges[deltaedge].j
				if m.label[m.inblossom[i]] == 0 {
					i = j
				}
				m.queue = append(m.queue, i)
			case 3:
				m.allowedge[deltaedge] = true
				m.queue = append(m.queue, m.edges[deltaedge].i)
			case 4:
				m.expandBlossom(deltablossom, false)
			}
			if deltatype == 1 {
				break
			}
		}
		if !augmented {
			break
		}
		for b := n; b < 2*n; b++ {
			if m.blossomparent[b] == -1 && m.blossombase[b] >= 0 && m.label[b] == 1 && m.dualvar[b] == 0 {
				m.expandBlossom(b, true)
			}
		}
	}
	out := make([]int, n)
	for v := range n {
		out[v] = -1
		if m.mate[v] >= 0 {
			out[v] = m.endpoint[m.mate[v]]
		}
	}
	return out
}
