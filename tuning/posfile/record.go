// Package posfile is the binary format of the positions the neural network
// is trained on: each a 32-byte record of the board, the side to move, a
// search score and the game's result.
//
// # File format
//
// A file is a 16-byte header followed by records:
//
//	header:  "GXQPOS" (6 bytes), version (uint16 LE, 1), record count
//	         (uint64 LE; 0 when not recorded, as in the files of earlier
//	         builds and of NewWriter)
//	record:  bytes 0-11   occupancy: bit s (LSB first) set when square s
//	                      (rank*9+file, 0-89) holds a piece
//	         bytes 12-27  the pieces of the occupied squares in square
//	                      order, one engine.Piece code per nibble (low
//	                      nibble first; at most 32 pieces)
//	         bytes 28-29  score: int16 LE, centipawns from the side to move
//	         byte  30     bits 0-1 result for the side to move (0 loss,
//	                      1 draw, 2 win); bit 7 set when Black is to move
//	         byte  31     ply of the position in its game (255 = 255 or more)
//
// A file that ends inside a record, holds another number of records than
// its header records, or a record that does not describe a legal
// placement (unknown piece codes, more than 32 pieces, not one general per
// side), is an error naming the file and the offset.
package posfile

import (
	"encoding/binary"
	"errors"

	"github.com/goxq/ucci/engine"
)

// RecordSize is the size of one record in bytes.
const RecordSize = 32

// Result is a game's result for the side to move.
type Result uint8

// The results.
const (
	Loss Result = 0
	Draw Result = 1
	Win  Result = 2
)

// Score returns the result as a score: 0, 0.5 or 1.
func (r Result) Score() float32 { return float32(r) / 2 }

// Record is one position with its labels, in file layout.
type Record [RecordSize]byte

// PieceSquare is one piece on the board.
type PieceSquare struct {
	Piece  engine.Piece
	Square engine.Square
}

// MaxPieces is the most pieces a record holds.
const MaxPieces = 32

// ScoreLimit bounds the stored score (scores beyond it are clamped): the
// largest score the search gives that is not a mate or a result of the
// repetition rules. Those depend on the line that led to the position, not
// on the position, and are no training targets (see Decisive).
const ScoreLimit = engine.ScoreDecisive - 1

// Encode fills the record for p with a score (from the side to move, in
// centipawns), the game's result for the side to move and the position's
// ply in its game.
func Encode(p *engine.Position, score int, result Result, ply int) Record {
	var r Record
	n := 0
	for s := engine.Square(0); s < engine.NumSquares; s++ {
		pc := p.Board(s)
		if pc == engine.NoPiece {
			continue
		}
		r[s/8] |= 1 << (s % 8)
		r[12+n/2] |= byte(pc) << (4 * (n % 2))
		n++
	}
	score = min(max(score, -ScoreLimit), ScoreLimit)
	binary.LittleEndian.PutUint16(r[28:], uint16(int16(score)))
	r[30] = byte(result & 3)
	if p.SideToMove() == engine.Black {
		r[30] |= 0x80
	}
	r[31] = byte(min(max(ply, 0), 255))
	return r
}

// Side returns the side to move.
func (r *Record) Side() engine.Color {
	if r[30]&0x80 != 0 {
		return engine.Black
	}
	return engine.Red
}

// Score returns the search score from the side to move, in centipawns.
func (r *Record) Score() int { return int(int16(binary.LittleEndian.Uint16(r[28:]))) }

// Decisive tells whether a score is a mate or a rule result (beyond
// ScoreLimit), which data generation drops.
func Decisive(score int) bool { return score > ScoreLimit || score < -ScoreLimit }

// Result returns the game's result for the side to move.
func (r *Record) Result() Result { return Result(r[30] & 3) }

// SetResult sets the game's result for the side to move.
func (r *Record) SetResult(res Result) { r[30] = r[30]&^3 | byte(res&3) }

// Ply returns the position's ply in its game (at most 255).
func (r *Record) Ply() int { return int(r[31]) }

// Pieces writes the pieces of the record to out in square order and
// returns how many there are. It does not check the record (see Check).
func (r *Record) Pieces(out *[MaxPieces]PieceSquare) int {
	n := 0
	for b := 0; b < 12; b++ {
		bits := r[b]
		for bits != 0 && n < MaxPieces {
			i := trailingZeros8(bits)
			bits &= bits - 1
			out[n] = PieceSquare{engine.Piece(r[12+n/2] >> (4 * (n % 2)) & 15), engine.Square(b*8 + i)}
			n++
		}
	}
	return n
}

func trailingZeros8(b byte) int {
	n := 0
	for b&1 == 0 {
		b >>= 1
		n++
	}
	return n
}

// Errors of Check.
var (
	errSquares = errors.New("occupancy beyond square 89 or more than 32 pieces")
	errPiece   = errors.New("unknown piece code")
	errKings   = errors.New("not one general per side")
	errResult  = errors.New("result out of range")
	errPadding = errors.New("piece codes beyond the last piece")
)

// Check tells whether the record describes a usable position: known piece
// codes on at most 32 squares of the board, one general per side, a valid
// result.
func (r *Record) Check() error {
	if r[11]&^0x03 != 0 { // squares 88 and 89 are the last bits
		return errSquares
	}
	count := 0
	for b := 0; b < 12; b++ {
		count += popcount8(r[b])
	}
	if count > MaxPieces {
		return errSquares
	}
	var kings [2]int
	for i := range count {
		pc := engine.Piece(r[12+i/2] >> (4 * (i % 2)) & 15)
		if pc.Type() == engine.NoPieceType {
			return errPiece
		}
		if pc.Type() == engine.King {
			kings[pc.Color()]++
		}
	}
	for i := count; i < MaxPieces; i++ {
		if r[12+i/2]>>(4*(i%2))&15 != 0 {
			return errPadding
		}
	}
	if kings != [2]int{1, 1} {
		return errKings
	}
	if r.Result() > Win || r[30]&0x7c != 0 {
		return errResult
	}
	return nil
}

func popcount8(b byte) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// Position returns the record's position (counters zero, no history), an
// error when the record does not describe a valid one.
func (r *Record) Position() (*engine.Position, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	var board [engine.NumSquares]engine.Piece
	var ps [MaxPieces]PieceSquare
	for _, x := range ps[:r.Pieces(&ps)] {
		board[x.Square] = x.Piece
	}
	return engine.NewPositionFromBoard(&board, r.Side())
}
