package pgn

import (
	"strings"

	"github.com/goxq/ucci/engine"
)

// ParseMove reads one move in any notation the reader accepts and returns
// it if it is legal in pos:
//
//   - ICCS coordinates: h2e2, H2-E2;
//   - WXF: C2.5, H8+7, R+.3 or +R.3 for the front chariot, P3.4 for the
//     middle of three pawns, ++.4 / --.4 and 3+.4 / 33.4 / 3-.4 for tandem
//     pawns (see parseWXF);
//   - Chinese, simplified or traditional, with ASCII digits, full-width
//     digits or Chinese numerals: 炮二平五, 马8进7, 馬８進７, 前马退五,
//     後炮平四, 车前平三, 中兵进一, 一兵平五 (soldiers numbered across the files
//     that hold two or more, right file first, front to back), 前七进一.
//
// Files count from the mover's right (Red's file 1 is i, Black's is a) and
// "forward" points toward the opponent. Trailing "!" and "?" marks are
// ignored. The error wraps ErrNotation, ErrNoPiece, ErrAmbiguous or
// ErrIllegal.
func ParseMove(pos *engine.Position, text string) (engine.Move, error) {
	s := strings.TrimRight(text, "!?")
	if from, to, ok := parseICCS(s); ok {
		if m := legalMove(pos, from, to); m != engine.NoMove {
			return m, nil
		}
		return engine.NoMove, ErrIllegal
	}
	var spec moveSpec
	var ok bool
	if isChinese(s) {
		spec, ok = parseChinese(s)
	} else {
		spec, ok = parseWXF(s)
	}
	if !ok {
		return engine.NoMove, ErrNotation
	}
	return resolve(pos, spec)
}

// parseICCS reads h2e2 or H2-E2 (either case).
func parseICCS(s string) (from, to engine.Square, ok bool) {
	var second string
	switch {
	case len(s) == 4:
		second = s[2:]
	case len(s) == 5 && s[2] == '-':
		second = s[3:]
	default:
		return engine.NoSquare, engine.NoSquare, false
	}
	from, ok1 := engine.ParseSquare(s[:2])
	to, ok2 := engine.ParseSquare(second)
	return from, to, ok1 && ok2
}
