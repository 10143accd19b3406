package web

import (
	"errors"
	"fmt"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/pgn"
)

// node is a position of the record's tree: the start (the root, no move)
// or the position after move. kids[0] goes on along the line the node is
// on; the others are variations, alternatives to kids[0].
type node struct {
	id     int // unique in the record, 0 for the root
	move   engine.Move
	text   moveText
	eval   evalPoint // the score after the move, Red's view
	parent *node
	kids   []*node
}

// depth returns the number of moves from the root to n.
func (n *node) depth() int {
	d := 0
	for p := n; p.parent != nil; p = p.parent {
		d++
	}
	return d
}

// kid returns the child of n reached by m, nil when none.
func (n *node) kid(m engine.Move) *node {
	for _, k := range n.kids {
		if k.move == m {
			return k
		}
	}
	return nil
}

// within tells whether n is a or lies below it.
func (n *node) within(a *node) bool {
	for p := n; p != nil; p = p.parent {
		if p == a {
			return true
		}
	}
	return false
}

// find returns the node of the subtree of n with the id, nil when none.
func (n *node) find(id int) *node {
	if n.id == id {
		return n
	}
	for _, k := range n.kids {
		if f := k.find(id); f != nil {
			return f
		}
	}
	return nil
}

// remove takes n (a node with a parent) and its subtree out of the tree.
func (n *node) remove() {
	p := n.parent
	for i, k := range p.kids {
		if k == n {
			p.kids = append(p.kids[:i], p.kids[i+1:]...)
			return
		}
	}
}

// promote makes n the first of its siblings: the line goes on through it
// and the move it replaced becomes a variation.
func (n *node) promote() {
	p := n.parent
	for i, k := range p.kids {
		if k == n {
			copy(p.kids[1:i+1], p.kids[:i])
			p.kids[0] = n
			return
		}
	}
}

// treeMove is a move of the record's tree as the page shows it: Vars are
// its alternatives, each a line from the position before it.
type treeMove struct {
	ID  int `json:"id"`
	Ply int `json:"ply"` // moves from the start, this one included
	moveText
	Vars [][]treeMove `json:"vars,omitempty"`
}

// treeLine returns the line that starts with n (n, then each first child),
// with the alternatives of each move after the first: the alternatives of
// n itself belong to the line that n is a variation of.
func treeLine(n *node, ply int) []treeMove {
	out := []treeMove{}
	for first := true; n != nil; first = false {
		tm := treeMove{ID: n.id, Ply: ply, moveText: n.text}
		if !first || n.parent.kids[0] == n {
			for _, alt := range n.parent.kids[1:] {
				tm.Vars = append(tm.Vars, treeLine(alt, ply))
			}
		}
		out = append(out, tm)
		ply++
		n = firstKid(n)
	}
	return out
}

// firstKid returns the first child of n, nil when it has none.
func firstKid(n *node) *node {
	if len(n.kids) == 0 {
		return nil
	}
	return n.kids[0]
}

// pgnLine returns the line that starts with the move of n as PGN moves and
// variations; the alternatives of n itself are in it only when n is the
// first move of the game's line (else they belong to the line that n is a
// variation of).
func pgnLine(n *node) pgn.Line {
	var l pgn.Line
	for i := 0; n != nil; i++ {
		l.Moves = append(l.Moves, n.move)
		if (i > 0 || n.parent.parent == nil && n.parent.kids[0] == n) && len(n.parent.kids) > 1 {
			for len(l.Variations) < i {
				l.Variations = append(l.Variations, nil)
			}
			alts := make([]pgn.Line, 0, len(n.parent.kids)-1)
			for _, alt := range n.parent.kids[1:] {
				alts = append(alts, pgnLine(alt))
			}
			l.Variations = append(l.Variations, alts)
		}
		n = firstKid(n)
	}
	return l
}

// lineIDs returns the ids of the moves of the line shown.
func (r *record) lineIDs() []int {
	out := make([]int, 0, r.plies())
	for _, nd := range r.line[1:] {
		out = append(out, nd.id)
	}
	return out
}

// treeEdit does a message about a move of the tree (Node is its id): node
// shows the position after it (its line becomes the line shown), promote
// makes the variation it starts the line its parent goes on with, delete
// removes it and all below it. None is allowed while a game is in play.
func (s *session) treeEdit(m clientMsg) error {
	if s.mode == modePlay && s.game != nil && !s.game.over {
		return errors.New("the game is in play: analyse or finish it to change the moves")
	}
	n := s.rec.node(m.Node)
	if n == nil || n.parent == nil {
		return fmt.Errorf("no move %d in the record", m.Node)
	}
	switch m.T {
	case "node":
		s.rec.show(n)
	case "promote":
		if n.parent.kids[0] == n {
			return errors.New("that move is not a variation")
		}
		n.promote()
		s.rec.version++
	case "delete":
		s.rec.deleteMove(n)
	}
	return nil
}
