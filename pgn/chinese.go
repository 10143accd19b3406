package pgn

import "github.com/goxq/ucci/engine"

// Symbols a Chinese move text is normalised to, one per character.
type cnClass uint8

const (
	cnOther  cnClass = iota
	cnPiece          // 车 马 炮 …
	cnNumber         // 一-九, 1-9, １-９
	cnAction         // 进 退 平
	cnPlace          // 前 后 中
)

// cnSym is one classified character of a Chinese move.
type cnSym struct {
	class cnClass
	value int // PieceType, number 1-9, action byte or place selKind
}

// cnTable maps the characters of Chinese notation, simplified and
// traditional, with their piece-specific variants.
var cnTable = map[rune]cnSym{
	'帅': {cnPiece, int(engine.King)}, '帥': {cnPiece, int(engine.King)},
	'将': {cnPiece, int(engine.King)}, '將': {cnPiece, int(engine.King)},
	'仕': {cnPiece, int(engine.Advisor)}, '士': {cnPiece, int(engine.Advisor)},
	'相': {cnPiece, int(engine.Elephant)}, '象': {cnPiece, int(engine.Elephant)},
	'马': {cnPiece, int(engine.Horse)}, '馬': {cnPiece, int(engine.Horse)}, '傌': {cnPiece, int(engine.Horse)},
	'车': {cnPiece, int(engine.Rook)}, '車': {cnPiece, int(engine.Rook)}, '俥': {cnPiece, int(engine.Rook)},
	'炮': {cnPiece, int(engine.Cannon)}, '砲': {cnPiece, int(engine.Cannon)}, '包': {cnPiece, int(engine.Cannon)},
	'兵': {cnPiece, int(engine.Pawn)}, '卒': {cnPiece, int(engine.Pawn)},
	'进': {cnAction, '+'}, '進': {cnAction, '+'},
	'退': {cnAction, '-'},
	'平': {cnAction, '.'},
	'前': {cnPlace, int(selFront)},
	'后': {cnPlace, int(selRear)}, '後': {cnPlace, int(selRear)},
	'中': {cnPlace, int(selMiddle)},
	'一': {cnNumber, 1}, '二': {cnNumber, 2}, '三': {cnNumber, 3},
	'四': {cnNumber, 4}, '五': {cnNumber, 5}, '六': {cnNumber, 6},
	'七': {cnNumber, 7}, '八': {cnNumber, 8}, '九': {cnNumber, 9},
}

// classify returns the symbol of one character of a Chinese move.
func classify(r rune) cnSym {
	switch {
	case r >= '1' && r <= '9':
		return cnSym{cnNumber, int(r - '0')}
	case r >= '１' && r <= '９':
		return cnSym{cnNumber, int(r - '０')}
	}
	return cnTable[r]
}

// isChinese tells whether the text looks like a Chinese move: it holds at
// least one piece or action character.
func isChinese(s string) bool {
	for _, r := range s {
		if c := classify(r).class; c == cnPiece || c == cnAction || c == cnPlace {
			return true
		}
	}
	return false
}

// parseChinese reads a Chinese move text such as 炮二平五, 马8进7, 前马退五,
// 车前平三, 一兵平五, 前七进一 or 前兵七进一 into a moveSpec.
func parseChinese(s string) (moveSpec, bool) {
	var buf [5]cnSym
	n := 0
	for _, r := range s {
		c := classify(r)
		if c.class == cnOther || n == len(buf) {
			return moveSpec{}, false
		}
		buf[n] = c
		n++
	}
	if n < 4 {
		return moveSpec{}, false
	}
	syms := buf[:n]
	act, tgt := syms[len(syms)-2], syms[len(syms)-1]
	if act.class != cnAction || tgt.class != cnNumber {
		return moveSpec{}, false
	}
	spec := moveSpec{action: byte(act.value), target: tgt.value}
	a, b := syms[0], syms[1]
	switch {
	case len(syms) == 5:
		// 前兵七进一: place, piece, file.
		if a.class != cnPlace || b.class != cnPiece || syms[2].class != cnNumber {
			return moveSpec{}, false
		}
		spec.sel, spec.piece, spec.file = selKind(a.value), engine.PieceType(b.value), syms[2].value
	case a.class == cnPiece && b.class == cnNumber: // 炮二平五
		spec.piece, spec.file = engine.PieceType(a.value), b.value
	case a.class == cnPlace && b.class == cnPiece: // 前炮平五
		spec.sel, spec.piece = selKind(a.value), engine.PieceType(b.value)
	case a.class == cnPiece && b.class == cnPlace: // 车前平三
		spec.piece, spec.sel = engine.PieceType(a.value), selKind(b.value)
	case a.class == cnNumber && b.class == cnPiece && a.value <= 5: // 一兵平五
		spec.sel, spec.ordinal, spec.piece = selOrdinal, a.value, engine.PieceType(b.value)
	case a.class == cnPlace && b.class == cnNumber: // 前七进一 (soldiers)
		spec.sel, spec.file, spec.piece = selKind(a.value), b.value, engine.Pawn
	default:
		return moveSpec{}, false
	}
	return spec, true
}
