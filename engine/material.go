package engine

// drawLevel grades positions without soldiers by how certain a draw is.
type drawLevel uint8

const (
	noDraw drawLevel = iota
	certainDraw
	// conditionalDraw is a draw unless the side to move has no legal move
	// or can leave the opponent without one.
	conditionalDraw
)

// materialDraw applies the concrete reading of "neither side can win"
// (RULES.md §4), only when no soldier is left: no chariot, horse or cannon
// at all; a single cannon whose side has no advisor against few defenders;
// or one cannon each with no advisors.
func (p *Position) materialDraw() drawLevel {
	if p.Count(RedPawn)+p.Count(BlackPawn) != 0 {
		return noDraw
	}
	var rooksHorses, cannons [2]int
	for c := Red; c <= Black; c++ {
		rooksHorses[c] = p.Count(MakePiece(c, Rook)) + p.Count(MakePiece(c, Horse))
		cannons[c] = p.Count(MakePiece(c, Cannon))
	}
	if rooksHorses[Red]+rooksHorses[Black] != 0 {
		return noDraw
	}
	advisors := func(c Color) int { return p.Count(MakePiece(c, Advisor)) }
	elephants := func(c Color) int { return p.Count(MakePiece(c, Elephant)) }
	switch {
	case cannons[Red]+cannons[Black] == 0:
		return certainDraw
	case cannons[Red]+cannons[Black] == 1:
		s := Red
		if cannons[Black] == 1 {
			s = Black
		}
		o := s.Opponent()
		if advisors(s) != 0 {
			return noDraw
		}
		switch advisors(o) {
		case 0:
			return certainDraw
		case 1:
			if elephants(s) == 0 {
				return certainDraw
			}
			return conditionalDraw
		default:
			if elephants(s) == 0 {
				return conditionalDraw
			}
		}
	case cannons[Red] == 1 && cannons[Black] == 1 && advisors(Red)+advisors(Black) == 0:
		if elephants(Red)+elephants(Black) == 0 {
			return certainDraw
		}
		return conditionalDraw
	}
	return noDraw
}

// insufficientMaterial tells whether the position is drawn for lack of
// mating material. The caller has already found that the side to move has a
// legal move.
func (p *Position) insufficientMaterial() bool {
	switch p.materialDraw() {
	case certainDraw:
		return true
	case conditionalDraw:
		return !p.hasMateInOne()
	}
	return false
}
