package engine

import "math/bits"

// Bitboard is a set of squares: bit s of the 128-bit value (Lo holds squares
// 0-63, Hi squares 64-89).
type Bitboard struct {
	Lo, Hi uint64
}

// squareBB[s] is the set of s alone, for every byte value (the points
// beyond 89 are in neither word): set operations through it need no branch
// on which word holds s, and no bounds check.
var squareBB = func() (t [256]Bitboard) {
	for s := range NumSquares {
		if s < 64 {
			t[s].Lo = 1 << s
		} else {
			t[s].Hi = 1 << (s - 64)
		}
	}
	return t
}()

// Has tells whether s is in the set.
func (b Bitboard) Has(s Square) bool {
	m := &squareBB[s]
	return b.Lo&m.Lo|b.Hi&m.Hi != 0
}

// toggle adds or removes s.
func (b *Bitboard) toggle(s Square) {
	m := &squareBB[s]
	b.Lo ^= m.Lo
	b.Hi ^= m.Hi
}

// set adds s.
func (b *Bitboard) set(s Square) {
	m := &squareBB[s]
	b.Lo |= m.Lo
	b.Hi |= m.Hi
}

// IsEmpty tells whether the set is empty.
func (b Bitboard) IsEmpty() bool { return b.Lo|b.Hi == 0 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(b.Lo) + bits.OnesCount64(b.Hi) }

// PopFirst removes and returns the lowest square of a non-empty set.
func (b *Bitboard) PopFirst() Square {
	if b.Lo != 0 {
		s := Square(bits.TrailingZeros64(b.Lo))
		b.Lo &= b.Lo - 1
		return s
	}
	s := Square(64 + bits.TrailingZeros64(b.Hi))
	b.Hi &= b.Hi - 1
	return s
}

// and returns the squares in both sets.
func (b Bitboard) and(c Bitboard) Bitboard { return Bitboard{b.Lo & c.Lo, b.Hi & c.Hi} }

// or returns the squares in either set.
func (b Bitboard) or(c Bitboard) Bitboard { return Bitboard{b.Lo | c.Lo, b.Hi | c.Hi} }

// andNot returns the squares of b that are not in c.
func (b Bitboard) andNot(c Bitboard) Bitboard { return Bitboard{b.Lo &^ c.Lo, b.Hi &^ c.Hi} }

// shiftDown1 returns the set with every square s+1 moved to s (so it holds
// s exactly when b holds s+1).
func (b Bitboard) shiftDown1() Bitboard { return Bitboard{b.Lo>>1 | b.Hi<<63, b.Hi >> 1} }
