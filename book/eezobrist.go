package book

import "github.com/goxq/ucci/engine"

// ElephantEye's Zobrist numbers come from RC4 with a four-byte all-zero key
// (BOOK.md §4). Each entry takes three little-endian 32-bit words from the
// keystream: key, lock0, lock1. The player entry comes first, then one entry
// for each of 14 piece indexes (outer) and 256 squares of its 16x16 board
// (inner), off-board squares included.

// rc4 is the RC4 keystream generator.
type rc4 struct {
	s    [256]byte
	x, y byte
}

// newZeroKeyRC4 runs the key schedule with the key 00 00 00 00.
func newZeroKeyRC4() *rc4 {
	r := new(rc4)
	for i := range r.s {
		r.s[i] = byte(i)
	}
	var j byte
	for i := range r.s {
		j += r.s[i] // the key bytes are all zero
		r.s[i], r.s[j] = r.s[j], r.s[i]
	}
	return r
}

// next returns the next keystream byte.
func (r *rc4) next() byte {
	r.x++
	r.y += r.s[r.x]
	r.s[r.x], r.s[r.y] = r.s[r.y], r.s[r.x]
	return r.s[r.s[r.x]+r.s[r.y]]
}

// nextLong assembles four keystream bytes, the first one lowest.
func (r *rc4) nextLong() uint32 {
	var v uint32
	for i := 0; i < 4; i++ {
		v |= uint32(r.next()) << (8 * i)
	}
	return v
}

// eeZobrist is one entry of ElephantEye's table: key, lock0, lock1.
type eeZobrist [3]uint32

// eeNumPieces is the number of ElephantEye piece indexes: Red K A B N R C P
// are 0-6, Black's the same plus 7.
const eeNumPieces = 14

// eeTables regenerates ElephantEye's player entry and piece-square table.
func eeTables() (player eeZobrist, table *[eeNumPieces][256]eeZobrist) {
	r := newZeroKeyRC4()
	entry := func() eeZobrist { return eeZobrist{r.nextLong(), r.nextLong(), r.nextLong()} }
	player = entry()
	table = new([eeNumPieces][256]eeZobrist)
	for pt := range table {
		for sq := range table[pt] {
			table[pt][sq] = entry()
		}
	}
	return player, table
}

// eeLocks holds the lock1 words, the only part BOOK.DAT stores.
var eeLocks = func() (l struct {
	player uint32
	table  [eeNumPieces][256]uint32
}) {
	player, table := eeTables()
	l.player = player[2]
	for pt := range table {
		for sq := range table[pt] {
			l.table[pt][sq] = table[pt][sq][2]
		}
	}
	return l
}()

// eePieceIndex maps an engine piece to ElephantEye's piece index.
func eePieceIndex(pc engine.Piece) int {
	i := int(pc.Type()) - int(engine.King)
	if pc.Color() == engine.Black {
		i += 7
	}
	return i
}

// eeSquare maps an engine file (0-8) and rank (0-9) to ElephantEye's 16x16
// square: x = file+3, y = 12-rank, square = x + 16*y.
func eeSquare(file, rank int) int { return file + 3 + (12-rank)<<4 }

// eeLock1 returns ElephantEye's lock1 of pos and of its mirror image.
func eeLock1(pos *engine.Position) (lock, mirrored uint32) {
	for s := engine.Square(0); s < engine.NumSquares; s++ {
		pc := pos.Board(s)
		if pc == engine.NoPiece {
			continue
		}
		row := &eeLocks.table[eePieceIndex(pc)]
		f, r := s.File(), s.Rank()
		lock ^= row[eeSquare(f, r)]
		mirrored ^= row[eeSquare(engine.NumFiles-1-f, r)]
	}
	if pos.SideToMove() == engine.Black {
		lock ^= eeLocks.player
		mirrored ^= eeLocks.player
	}
	return lock, mirrored
}

// eeDecodeSquare maps an ElephantEye square back to an engine square,
// false when it is off the board.
func eeDecodeSquare(sq int) (engine.Square, bool) {
	f, r := sq&15-3, 12-sq>>4
	if f < 0 || f >= engine.NumFiles || r < 0 || r >= engine.NumRanks {
		return engine.NoSquare, false
	}
	return engine.MakeSquare(f, r), true
}
