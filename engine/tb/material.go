package tb

import (
	"errors"
	"fmt"
	"strings"
)

// Material is the piece set of an ending: how many of each piece type the
// attacking side (Strong) and the defending side (Weak) have, generals
// included. Only the strong side has chariots, horses, cannons or soldiers.
type Material struct {
	Strong, Weak [NumPieceTypes]uint8
}

// ErrMaterial reports a material string or position the tables do not cover.
var ErrMaterial = errors.New("not a one-sided tablebase material")

// letterOrder is the order of the piece letters in a material's name.
var letterOrder = [...]int{Rook, Horse, Cannon, Pawn, Advisor, Elephant}

// attackers are the piece types that can give check.
var attackers = [...]int{Rook, Horse, Cannon, Pawn}

// pieceLimit is how many pieces of each type a side may have.
var pieceLimit = [NumPieceTypes]uint8{King: 1, Advisor: 2, Elephant: 2, Horse: 2, Rook: 2, Cannon: 2, Pawn: 5}

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
		side[King] = 1
		for j := 0; j < len(part); j++ {
			t := typeOf(part[j])
			if t == 0 || t == King {
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

// typeOf returns the piece type of an upper-case FEN letter, 0 for none.
func typeOf(c byte) int {
	switch c {
	case 'K':
		return King
	case 'A':
		return Advisor
	case 'B', 'E':
		return Elephant
	case 'N', 'H':
		return Horse
	case 'R':
		return Rook
	case 'C':
		return Cannon
	case 'P':
		return Pawn
	}
	return 0
}

// pieceLetters are the FEN letters of the piece types (Red's).
const pieceLetters = " KABNRCP"

// valid tells whether the strong side has an attacking piece and the weak
// side none.
func (m Material) valid() bool {
	return m.attacking(&m.Strong) > 0 && m.attacking(&m.Weak) == 0
}

// attacking counts a side's attacking pieces.
func (Material) attacking(side *[NumPieceTypes]uint8) int {
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

func appendSide(b []byte, side *[NumPieceTypes]uint8) []byte {
	for _, t := range letterOrder {
		for range side[t] {
			b = append(b, pieceLetters[t])
		}
	}
	return b
}

// Pieces returns the number of pieces of the material, generals included.
func (m Material) Pieces() int {
	n := 0
	for t := range NumPieceTypes {
		n += int(m.Strong[t]) + int(m.Weak[t])
	}
	return n
}

// Subsets returns the materials one capture away that still have an
// attacking piece: the tables a build of m needs first.
func (m Material) Subsets() []Material {
	var out []Material
	for side := range 2 {
		for t := Advisor; t <= Pawn; t++ {
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
	k = k*3 + int(m.Weak[Advisor])
	return k*3 + int(m.Weak[Elephant])
}

// numKeys is the number of distinct Material keys.
const numKeys = 3 * 3 * 3 * 6 * 3 * 3 * 3 * 3

// materialOf returns the material of a placement and its attacking side;
// ok is false when both sides or neither have attacking pieces.
func materialOf(pl *Placement) (m Material, strong uint8, ok bool) {
	for t := King; t <= Pawn; t++ {
		m.Strong[t], m.Weak[t] = pl.Count[t], pl.Count[t|8]
	}
	if m.attacking(&m.Strong) == 0 {
		m.Strong, m.Weak = m.Weak, m.Strong
		strong = Black
	}
	return m, strong, m.valid() && m.Strong[King] == 1 && m.Weak[King] == 1
}

// noAttackers tells whether neither side of a placement has an attacking
// piece: a draw, since no side can ever give check.
func noAttackers(pl *Placement) bool {
	for _, t := range attackers {
		if pl.Count[t]|pl.Count[t|8] != 0 {
			return false
		}
	}
	return true
}
