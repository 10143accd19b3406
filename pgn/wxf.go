package pgn

import "github.com/goxq/ucci/engine"

// wxfPiece maps a WXF piece letter (either case) to its type. Besides the
// WXF letters K A E H R C P it accepts B and N (elephant and horse as in
// FEN), G (general) and S (soldier).
func wxfPiece(c byte) engine.PieceType {
	switch c | 0x20 {
	case 'k', 'g':
		return engine.King
	case 'a':
		return engine.Advisor
	case 'e', 'b':
		return engine.Elephant
	case 'h', 'n':
		return engine.Horse
	case 'r':
		return engine.Rook
	case 'c':
		return engine.Cannon
	case 'p', 's':
		return engine.Pawn
	}
	return engine.NoPieceType
}

func isDigit19(c byte) bool { return c >= '1' && c <= '9' }

// wxfAction maps the WXF direction sign; "=" is a common variant of ".".
func wxfAction(c byte) byte {
	switch c {
	case '+', '-', '.':
		return c
	case '=':
		return '.'
	}
	return 0
}

// wxfSign maps "+" and "-" in place of a file to the front and rear piece.
func wxfSign(c byte) selKind {
	switch c {
	case '+':
		return selFront
	case '-':
		return selRear
	}
	return selNone
}

// parseWXF reads a four-character WXF move: C2.5, H8+7, R+.3 (front
// chariot), +R.3 (the same, sign first), P3.4 (the middle of three pawns on
// a file), ++.4 / --.4 (the foremost / rearmost of four or five pawns), and,
// with tandem pawns on two files, 3+.4, 33.4 and 3-.4 (front, middle and
// rear pawn of the third file). It also reads the forms XQWizard writes:
// P.+1 for the middle of three pawns and Pa+1 .. Pe+1 for four or five
// pawns numbered across their files (right file first, front to back).
func parseWXF(s string) (moveSpec, bool) {
	if len(s) != 4 {
		return moveSpec{}, false
	}
	act := wxfAction(s[2])
	if act == 0 || !isDigit19(s[3]) {
		return moveSpec{}, false
	}
	spec := moveSpec{action: act, target: int(s[3] - '0'), wxf: true}
	a, b := s[0], s[1]
	switch {
	case wxfPiece(a) != engine.NoPieceType && isDigit19(b): // C2.5
		spec.piece, spec.file = wxfPiece(a), int(b-'0')
	case wxfPiece(a) != engine.NoPieceType && wxfSign(b) != selNone: // R+.3
		spec.piece, spec.sel = wxfPiece(a), wxfSign(b)
	case wxfSign(a) != selNone && wxfPiece(b) != engine.NoPieceType: // +R.3
		spec.piece, spec.sel = wxfPiece(b), wxfSign(a)
	case wxfPiece(a) != engine.NoPieceType && b == '.': // P.+1
		spec.piece, spec.sel = wxfPiece(a), selMiddle
	case wxfPiece(a) != engine.NoPieceType && b >= 'a' && b <= 'e': // Pa+1
		spec.piece, spec.sel, spec.ordinal = wxfPiece(a), selOrdinal, int(b-'a'+1)
	case a == '+' && b == '+':
		spec.piece, spec.sel = engine.Pawn, selForemost
	case a == '-' && b == '-':
		spec.piece, spec.sel = engine.Pawn, selRearmost
	case isDigit19(a) && wxfSign(b) != selNone: // 3+.4
		spec.piece, spec.file, spec.sel = engine.Pawn, int(a-'0'), wxfSign(b)
	case isDigit19(a) && a == b: // 33.4
		spec.piece, spec.file, spec.sel = engine.Pawn, int(a-'0'), selMiddle
	default:
		return moveSpec{}, false
	}
	return spec, true
}
