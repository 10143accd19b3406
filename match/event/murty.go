package event

import "container/heap"

// Murty's ranking of assignments, for perfect matchings of a general
// graph: the perfect matchings in decreasing weight, each one the best
// of a part of the space (some edges forced, some forbidden) that the
// previous ones leave. The Swiss pairing takes the first that passes its
// look-ahead.

// murtyNode is a part of the space and its best perfect matching.
type murtyNode struct {
	forced, forbidden []bool // by edge index
	mate              []int
	weight            int64
	order             int // creation order: ties go to the older
}

// murty ranks the perfect matchings of n vertices over edges.
type murty struct {
	n     int
	edges []wedge
	queue murtyQueue
	made  int
}

// newMurty returns the ranking of the perfect matchings of the graph.
func newMurty(n int, edges []wedge) *murty {
	m := &murty{n: n, edges: edges}
	root := &murtyNode{forced: make([]bool, len(edges)), forbidden: make([]bool, len(edges))}
	if m.solve(root) {
		heap.Push(&m.queue, root)
	}
	return m
}

// next returns the next perfect matching (mate[v]), heaviest first; nil
// when there is none left.
func (m *murty) next() []int {
	if m.queue.Len() == 0 {
		return nil
	}
	best := heap.Pop(&m.queue).(*murtyNode)
	// The space of best less best itself: for its free edges e1..et,
	// part i forces e1..e(i-1) and forbids ei.
	forced := append([]bool(nil), best.forced...)
	for k, e := range m.edges {
		if best.forced[k] || best.mate[e.i] != e.j {
			continue
		}
		child := &murtyNode{forced: append([]bool(nil), forced...), forbidden: append([]bool(nil), best.forbidden...)}
		child.forbidden[k] = true
		if m.solve(child) {
			heap.Push(&m.queue, child)
		}
		forced[k] = true
	}
	return best.mate
}

// solve finds the best perfect matching of a part: false when it has
// none.
func (m *murty) solve(node *murtyNode) bool {
	taken := make([]bool, m.n)
	var total int64
	mate := make([]int, m.n)
	for i := range mate {
		mate[i] = -1
	}
	for k, e := range m.edges {
		if node.forced[k] {
			taken[e.i], taken[e.j] = true, true
			mate[e.i], mate[e.j] = e.j, e.i
			total += e.w
		}
	}
	var sub []wedge
	for k, e := range m.edges {
		if !node.forced[k] && !node.forbidden[k] && !taken[e.i] && !taken[e.j] {
			sub = append(sub, e)
		}
	}
	got := maxWeightMatching(m.n, sub, true)
	for _, e := range sub {
		if got[e.i] == e.j {
			mate[e.i], mate[e.j] = e.j, e.i
			total += e.w
		}
	}
	for _, x := range mate {
		if x < 0 {
			return false
		}
	}
	node.mate, node.weight = mate, total
	m.made++
	node.order = m.made
	return true
}

// murtyQueue is a max-heap of parts by the weight of their matching.
type murtyQueue []*murtyNode

func (q murtyQueue) Len() int { return len(q) }
func (q murtyQueue) Less(i, j int) bool {
	if q[i].weight != q[j].weight {
		return q[i].weight > q[j].weight
	}
	return q[i].order < q[j].order
}
func (q murtyQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *murtyQueue) Push(x any)   { *q = append(*q, x.(*murtyNode)) }
func (q *murtyQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}
