package tb

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goxq/ucci/engine"
)

// Material is the piece set of an ending: how many of each piece type the
// attacking side (Strong) and the defending side (Weak) have, generals
// included. Only the strong side has chariots, horses, cannons or soldiers.
type Material struct {
	Strong, Weak [engine.NumPieceTypes]uint8
}

// ErrMaterial reports a material string or position the tables do not cover.
var ErrMaterial = errors.New("not a one-sided tablebase material")

// letterOrder is the order of the piece letters in a material's name.
var letterOrder = [...]engine.PieceType{engine.Rook, engine.Horse, engine.Cannon, engine.Pawn, engine.Advisor, engine.Elephant}

// attackers are the piece types that can give check.
var attackers = [...]engine.PieceType{engine.Rook, engine.Horse, engine.Cannon, engine.Pawn}

// pieceLimit is how many pieces of each type a side may have.
var pieceLimit = [engine.NumPieceTypes]uint8{engine.King: 1, engine.Advisor: 2, engine.Elephant: 2, engine.Horse: 2, engine.Rook: 2, engine.Cannon: 2, engine.Pawn: 5}

// ParseMaterial reads a material in FEN letters, the attacking side first
// and each side's general included: KRK, KNKA, KRKAABB, KCPKAABB. Upper or
// lower case is accepted; the pieces of a side may come in any order.
func ParseMaterial(s string) (Material, error) {
	var m Material
	u := strings.ToUpper(s)
	if len(u) < 2 || len(u) > 16 || u[0] != 'K' {
		return m, fmt.Errorf("%w: %q (want e.g. KRK or KNKAABB)", ErrMaterial, s)
	}
	k := strings.IndexByte(u[1:], 'K')
	if k < 0 {
		return m, fmt.Errorf("%w: %q has one general", ErrMaterial, s)
	}
	sides := [2]string{u[1 : k+1], u[k+2:]}
	for i, part := range sides {
		side := &m.Strong
		if i == 1 {
			side = &m.Weak
		}
		side[engine.King] = 1
		for j := 0; j < len(part); j++ {
			t := typeOf(part[j])
			if t == engine.NoPieceType || t == engine.King {
				return m, fmt.Errorf("%w: %q", ErrMaterial, s)
			}
			side[t]++
			if side[t] > pieceLimit[t] {
				return m, fmt.Errorf("%w: %q has too many %c", ErrMaterial, s, part[j])
			}
		}
	}
	if !m.valid() {
		return m, fmt.Errorf("%w: %q", ErrMaterial, s)
	}
	return m, nil
}

// typeOf returns the piece type of an upper-case FEN letter.
func typeOf(c byte) engine.PieceType {
	switch c {
	case 'K':
		return engine.King
	case 'A':
		return engine.Advisor
	case 'B', 'E':
		return engine.Elephant
	case 'N', 'H':
		return engine.Horse
	case 'R':
		return engine.Rook
	case 'C':
		return engine.Cannon
	case 'P':
		return engine.Pawn
	}
	return engine.NoPieceType
}

// valid tells whether the strong side has an attacking piece and the weak
// side none.
func (m Material) valid() bool {
	return m.attacking(&m.Strong) > 0 && m.attacking(&m.Weak) == 0
}

// attacking counts a side's attacking pieces.
func (Material) attacking(side *[engine.NumPieceTypes]uint8) int {
	n := 0
	for _, t := range attackers {
		n += int(side[t])
	}
	return n
}

// String returns the material's name: KRKAABB.
func (m Material) String() string {
	b := []byte{'K'}
	b = appendSide(b, &m.Strong)
	b = append(b, 'K')
	return string(appendSide(b, &m.Weak))
}

func appendSide(b []byte, side *[engine.NumPieceTypes]uint8) []byte {
	for _, t := range letterOrder {
		for range side[t] {
			b = append(b, engine.MakePiece(engine.Red, t).Letter())
		}
	}
	return b
}

// Pieces returns the number of pieces of the material, generals included.
func (m Material) Pieces() int {
	n := 0
	for t := range engine.NumPieceTypes {
		n += int(m.Strong[t]) + int(m.Weak[t])
	}
	return n
}

// Subsets returns the materials one capture away that still have an
// attacking piece: the tables a build of m needs first.
func (m Material) Subsets() []Material {
	var out []Material
	for side := range 2 {
		for t := engine.Advisor; t <= engine.Pawn; t++ {
			s := m
			arr := &s.Strong
			if side == 1 {
				arr = &s.Weak
			}
			if arr[t] == 0 {
				continue
			}
			arr[t]--
			if s.valid() {
				out = append(out, s)
			}
		}
	}
	return out
}

// key is a dense number for a material (see numKeys), for the probe's
// table lookup without a map.
func (m Material) key() int {
	k := 0
	for _, t := range letterOrder {
		k = k*int(pieceLimit[t]+1) + int(m.Strong[t])
	}
	k = k*3 + int(m.Weak[engine.Advisor])
	return k*3 + int(m.Weak[engine.Elephant])
}

// numKeys is the number of distinct Material keys.
const numKeys = 3 * 3 * 3 * 6 * 3 * 3 * 3 * 3

// materialOf returns the material of a position and its attacking side;
// ok is false when both sides or neither have attacking pieces.
func materialOf(p *engine.Position) (m Material, strong engine.Color, ok bool) {
	var counts [2][engine.NumPieceTypes]uint8
	for c := engine.Red; c <= engine.Black; c++ {
		for t := engine.King; t <= engine.Pawn; t++ {
			counts[c][t] = uint8(p.Count(engine.MakePiece(c, t)))
		}
	}
	m.Strong, m.Weak = counts[engine.Red], counts[engine.Black]
	if m.attacking(&m.Strong) == 0 {
		m.Strong, m.Weak = m.Weak, m.Strong
		strong = engine.Black
	}
	return m, strong, m.valid() && m.Strong[engine.King] == 1 && m.Weak[engine.King] == 1
}

// noAttackers tells whether neither side of a position has an attacking
// piece: a draw, since no side can ever give check.
func noAttackers(p *engine.Position) bool {
	for c := engine.Red; c <= engine.Black; c++ {
		for _, t := range attackers {
			if p.Count(engine.MakePiece(c, t)) > 0 {
				return false
			}
		}
	}
	return true
}
