package pgn

import (
	"fmt"
	"strings"

	"github.com/goxq/ucci/engine"
)

// Notation is a move notation the writer uses.
type Notation uint8

// The notations, as XQWizard and the UCCI league write them:
//
//   - ICCS: coordinates, uppercase with a dash (H2-E2), [Format "ICCS"];
//   - WXF: C2.5, H8+7, C+.5 / C-.5 for the front and rear of two pieces on a
//     file, P+ / P. / P- for three soldiers, Pa..Pe for four or five
//     soldiers numbered across their files (right file first, front to
//     back), [Format "WXF"];
//   - Chinese: 炮二平五 for Red (Chinese numerals) and 马２进３ for Black
//     (full-width digits), 前 / 中 / 后 and 一..五 as in WXF; no Format tag.
const (
	ICCS Notation = iota
	WXF
	Chinese
)

// String returns "iccs", "wxf" or "chinese".
func (n Notation) String() string {
	switch n {
	case WXF:
		return "wxf"
	case Chinese:
		return "chinese"
	}
	return "iccs"
}

// ParseNotation reads "iccs", "wxf" or "chinese" (case-insensitive).
func ParseNotation(s string) (Notation, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "iccs":
		return ICCS, nil
	case "wxf":
		return WXF, nil
	case "chinese":
		return Chinese, nil
	}
	return ICCS, fmt.Errorf("unknown notation %q (want iccs, wxf or chinese)", s)
}

// Characters of the Chinese notation: pieces by colour and type, numbers by
// colour (Red's Chinese numerals, Black's full-width digits), the actions,
// the places and the ordinals of tandem soldiers.
var (
	cnPieces = [2][engine.NumPieceTypes]string{
		{engine.King: "帅", engine.Advisor: "仕", engine.Elephant: "相", engine.Horse: "马", engine.Rook: "车", engine.Cannon: "炮", engine.Pawn: "兵"},
		{engine.King: "将", engine.Advisor: "士", engine.Elephant: "象", engine.Horse: "马", engine.Rook: "车", engine.Cannon: "炮", engine.Pawn: "卒"},
	}
	cnNumbers = [2][10]string{
		{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"},
		{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"},
	}
	cnActions  = map[byte]string{'+': "进", '.': "平", '-': "退"}
	cnPlaces   = map[selKind]string{selFront: "前", selMiddle: "中", selRear: "后"}
	cnOrdinals = [6]string{"", "一", "二", "三", "四", "五"}
	wxfLetters = [engine.NumPieceTypes]byte{engine.King: 'K', engine.Advisor: 'A', engine.Elephant: 'E',
		engine.Horse: 'H', engine.Rook: 'R', engine.Cannon: 'C', engine.Pawn: 'P'}
	wxfPlaces = map[selKind]byte{selFront: '+', selMiddle: '.', selRear: '-'}
)

// FormatMove writes m, a legal move in pos, in notation n. ParseMove reads
// every such text back as m.
func FormatMove(pos *engine.Position, m engine.Move, n Notation) string {
	if n == ICCS {
		s := strings.ToUpper(m.String())
		return s[:2] + "-" + s[2:]
	}
	spec := describe(pos, m)
	us := pos.SideToMove()
	if n == WXF {
		b := []byte{wxfLetters[spec.piece], 0, spec.action, byte('0' + spec.target)}
		switch spec.sel {
		case selNone:
			b[1] = byte('0' + spec.file)
		case selOrdinal:
			b[1] = byte('a' + spec.ordinal - 1)
		default:
			b[1] = wxfPlaces[spec.sel]
		}
		return string(b)
	}
	var b strings.Builder
	switch spec.sel {
	case selNone:
		b.WriteString(cnPieces[us][spec.piece] + cnNumbers[us][spec.file])
	case selOrdinal:
		b.WriteString(cnOrdinals[spec.ordinal] + cnPieces[us][spec.piece])
	default:
		b.WriteString(cnPlaces[spec.sel] + cnPieces[us][spec.piece])
	}
	b.WriteString(cnActions[spec.action] + cnNumbers[us][spec.target])
	return b.String()
}

// describe returns the relative description of m, legal in pos. Kings,
// advisors and elephants are named by file (their direction tells two on
// a file apart); the other pieces by file when alone on it, otherwise by
// their place among all the pieces of their kind on files that hold two or
// more: front and rear of two, front, middle and rear of three, numbered
// (right file first, front to back) when there are four or five.
func describe(pos *engine.Position, m engine.Move) moveSpec {
	us := pos.SideToMove()
	from, to := m.From(), m.To()
	t := pos.Board(from).Type()
	spec := moveSpec{piece: t, file: fileNumber(us, from.File())}
	ahead := (to.Rank() - from.Rank()) * forward(us)
	switch {
	case ahead > 0:
		spec.action = '+'
	case ahead < 0:
		spec.action = '-'
	default:
		spec.action = '.'
	}
	switch {
	case t == engine.Advisor || t == engine.Elephant || t == engine.Horse || spec.action == '.':
		spec.target = fileNumber(us, to.File())
	default:
		spec.target = max(ahead, -ahead)
	}
	if t == engine.King || t == engine.Advisor || t == engine.Elephant {
		return spec
	}
	var g fileGroups
	groupByFile(pos, t, &g)
	if len(g.file(from.File())) < 2 {
		return spec
	}
	// Count the pieces on files with two or more, right file first, front
	// first, and find the one that moves.
	count, index := 0, 0
	for n := 1; n <= engine.NumFiles; n++ {
		group := g.file(fileIndex(us, n))
		if len(group) < 2 {
			continue
		}
		for _, s := range group {
			if s == from {
				index = count
			}
			count++
		}
	}
	spec.file = 0
	switch {
	case count == 2:
		spec.sel = [2]selKind{selFront, selRear}[index]
	case count == 3:
		spec.sel = [3]selKind{selFront, selMiddle, selRear}[index]
	default:
		spec.sel, spec.ordinal = selOrdinal, index+1
	}
	return spec
}

// fileNumber returns the number (1-9, from the mover's right) of engine
// file f; the inverse of fileIndex.
func fileNumber(c engine.Color, f int) int {
	if c == engine.Red {
		return engine.NumFiles - f
	}
	return f + 1
}
