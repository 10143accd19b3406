package engine

// Precomputed geometry: where each piece can step from each square, the legs
// and eyes that block horses and elephants, and the blockers along a rank or
// file for every occupancy pattern (for chariots, cannons and flying generals).

// lineSpan holds, for a point on a rank or file and an occupancy pattern of
// that line, the indices of the nearest and second-nearest occupied points
// below (lo) and above (hi) it; lo is -1 and hi is the line length when there
// is none, so that the empty points strictly between lo1 and hi1 are the
// quiet moves of a chariot or cannon.
type lineSpan struct {
	lo1, hi1, lo2, hi2 int8
}

var (
	// rankSpans[file][occupancy of the rank] for a point on that rank.
	rankSpans [NumFiles][1 << NumFiles]lineSpan
	// fileSpans[rank][occupancy of the file] for a point on that file.
	fileSpans [NumRanks][1 << NumRanks]lineSpan
)

// stepTarget is a destination with the square that must be empty to reach it
// (the horse's leg or the elephant's eye); block is NoSquare when nothing can block.
type stepTarget struct {
	to, block Square
}

// stepList is a short fixed list of targets.
type stepList struct {
	n       uint8
	targets [8]stepTarget
}

func (l *stepList) add(to, block Square) {
	l.targets[l.n] = stepTarget{to, block}
	l.n++
}

// horseLeg is one leg point of a horse and the targets it holds back.
type horseLeg struct {
	leg     Square
	targets Bitboard
}

// horseAttack lists the horses that can attack a square through one leg point.
type horseAttack struct {
	leg  Square
	from [2]Square // NoSquare when off the board
}

var (
	kingSteps     [NumSquares]stepList
	advisorSteps  [NumSquares]stepList
	elephantSteps [NumSquares]stepList
	horseSteps    [NumSquares]stepList
	// horseLegs[s] groups the targets of horseSteps[s] by leg. Near the
	// edge the unused entries have the leg s itself (where the horse
	// stands, never empty) and no targets.
	horseLegs [NumSquares][4]horseLeg
	pawnSteps [2][NumSquares]stepList
	// horseAttacks[s] lists, per diagonal neighbour (the leg), the horse
	// squares from which a horse attacks s.
	horseAttacks [NumSquares][4]horseAttack
	// horseAttackCount[s] is the number of valid entries in horseAttacks[s].
	horseAttackCount [NumSquares]uint8

	// stepBlock[from][to] is the horse leg or elephant eye of the step
	// from..to (the two pieces' steps from one point never share a target).
	stepBlock [NumSquares][NumSquares]Square

	// crossedRiverSet[c] is the enemy half of the board for colour c.
	crossedRiverSet [2]Bitboard
	// enemyPalaceZone[c] is files c-g of the enemy's three back ranks.
	enemyPalaceZone [2]Bitboard
	// notLastFile is every point except those on file i.
	notLastFile Bitboard
	// fileSet[f] is every point of file f.
	fileSet [NumFiles]Bitboard

	// The targets of each step table as sets, for capture generation:
	// targets & enemy pieces, then the block test per capture.
	kingTargets, advisorTargets, elephantTargets, horseTargets [NumSquares]Bitboard
	pawnTargets                                                [2][NumSquares]Bitboard
)

// stepSet returns the targets of a step list as a set.
func stepSet(l *stepList) Bitboard {
	var b Bitboard
	for i := uint8(0); i < l.n; i++ {
		b.set(l.targets[i].to)
	}
	return b
}

func onBoard(f, r int) bool { return f >= 0 && f < NumFiles && r >= 0 && r < NumRanks }

func init() {
	initLineSpans()
	initSteps()
	initZones()
	for s := Square(0); s < NumSquares; s++ {
		kingTargets[s] = stepSet(&kingSteps[s])
		advisorTargets[s] = stepSet(&advisorSteps[s])
		elephantTargets[s] = stepSet(&elephantSteps[s])
		horseTargets[s] = stepSet(&horseSteps[s])
		for _, l := range []*stepList{&horseSteps[s], &elephantSteps[s]} {
			for _, t := range l.targets[:l.n] {
				stepBlock[s][t.to] = t.block
			}
		}
		pawnTargets[Red][s] = stepSet(&pawnSteps[Red][s])
		pawnTargets[Black][s] = stepSet(&pawnSteps[Black][s])
	}
}

func computeSpan(i, n int, occ uint32) lineSpan {
	span := lineSpan{-1, int8(n), -1, int8(n)}
	found := 0
	for j := i - 1; j >= 0 && found < 2; j-- {
		if occ>>uint(j)&1 != 0 {
			if found == 0 {
				span.lo1 = int8(j)
			} else {
				span.lo2 = int8(j)
			}
			found++
		}
	}
	found = 0
	for j := i + 1; j < n && found < 2; j++ {
		if occ>>uint(j)&1 != 0 {
			if found == 0 {
				span.hi1 = int8(j)
			} else {
				span.hi2 = int8(j)
			}
			found++
		}
	}
	return span
}

func initLineSpans() {
	for f := 0; f < NumFiles; f++ {
		for occ := 0; occ < 1<<NumFiles; occ++ {
			rankSpans[f][occ] = computeSpan(f, NumFiles, uint32(occ))
		}
	}
	for r := 0; r < NumRanks; r++ {
		for occ := 0; occ < 1<<NumRanks; occ++ {
			fileSpans[r][occ] = computeSpan(r, NumRanks, uint32(occ))
		}
	}
}

// elephantPoint tells whether an elephant of colour c may stand on s.
func elephantPoint(c Color, s Square) bool {
	f, r := s.File(), s.Rank()
	if c == Black {
		r = NumRanks - 1 - r
	}
	switch r {
	case 0, 4:
		return f == 2 || f == 6
	case 2:
		return f == 0 || f == 4 || f == 8
	}
	return false
}

// advisorPoint tells whether an advisor of colour c may stand on s.
func advisorPoint(c Color, s Square) bool {
	f, r := s.File(), s.Rank()
	if c == Black {
		r = NumRanks - 1 - r
	}
	switch r {
	case 0, 2:
		return f == 3 || f == 5
	case 1:
		return f == 4
	}
	return false
}

// pawnPoint tells whether a soldier of colour c may stand on s: on its own
// half only on the five soldier files of ranks 3-4 (Red's view), anywhere
// beyond the river.
func pawnPoint(c Color, s Square) bool {
	f, r := s.File(), s.Rank()
	if c == Black {
		r = NumRanks - 1 - r
	}
	if r >= 5 {
		return true
	}
	return (r == 3 || r == 4) && f%2 == 0
}

func initZones() {
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for c := Red; c <= Black; c++ {
			if crossedRiver(c, r) {
				crossedRiverSet[c].set(s)
			}
			own := r
			if c == Black {
				own = NumRanks - 1 - r
			}
			if f >= 2 && f <= 6 && own >= 7 {
				enemyPalaceZone[c].set(s)
			}
		}
		if f < NumFiles-1 {
			notLastFile.set(s)
		}
		fileSet[f].set(s)
	}
}

func initSteps() {
	orth := [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diag := [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	for sq := Square(0); sq < NumSquares; sq++ {
		f, r := sq.File(), sq.Rank()
		for _, d := range orth {
			nf, nr := f+d[0], r+d[1]
			if onBoard(nf, nr) {
				to := MakeSquare(nf, nr)
				if inPalace(Red, sq) && inPalace(Red, to) || inPalace(Black, sq) && inPalace(Black, to) {
					kingSteps[sq].add(to, NoSquare)
				}
			}
		}
		for _, d := range diag {
			nf, nr := f+d[0], r+d[1]
			if onBoard(nf, nr) {
				to := MakeSquare(nf, nr)
				for c := Red; c <= Black; c++ {
					if advisorPoint(c, sq) && advisorPoint(c, to) {
						advisorSteps[sq].add(to, NoSquare)
					}
				}
			}
			ef, er := f+2*d[0], r+2*d[1]
			if onBoard(ef, er) {
				to := MakeSquare(ef, er)
				for c := Red; c <= Black; c++ {
					if elephantPoint(c, sq) && elephantPoint(c, to) {
						elephantSteps[sq].add(to, MakeSquare(nf, nr))
					}
				}
			}
		}
		// Horse: one orthogonal step (the leg), then one diagonal step outwards.
		nLegs := 0
		for i := range horseLegs[sq] {
			horseLegs[sq][i] = horseLeg{leg: sq}
		}
		for _, d := range orth {
			lf, lr := f+d[0], r+d[1]
			if !onBoard(lf, lr) {
				continue
			}
			leg := MakeSquare(lf, lr)
			hl := horseLeg{leg: leg}
			legs := &horseLegs[sq]
			for _, side := range [2]int{1, -1} {
				var tf, tr int
				if d[0] != 0 {
					tf, tr = f+2*d[0], r+side
				} else {
					tf, tr = f+side, r+2*d[1]
				}
				if onBoard(tf, tr) {
					horseSteps[sq].add(MakeSquare(tf, tr), leg)
					hl.targets.set(MakeSquare(tf, tr))
				}
			}
			if !hl.targets.IsEmpty() {
				legs[nLegs] = hl
				nLegs++
			}
		}
		// Horses attacking sq: through each diagonal neighbour (the leg).
		for _, d := range diag {
			lf, lr := f+d[0], r+d[1]
			if !onBoard(lf, lr) {
				continue
			}
			ha := horseAttack{leg: MakeSquare(lf, lr), from: [2]Square{NoSquare, NoSquare}}
			if onBoard(f+2*d[0], r+d[1]) {
				ha.from[0] = MakeSquare(f+2*d[0], r+d[1])
			}
			if onBoard(f+d[0], r+2*d[1]) {
				ha.from[1] = MakeSquare(f+d[0], r+2*d[1])
			}
			if ha.from[0] != NoSquare || ha.from[1] != NoSquare {
				horseAttacks[sq][horseAttackCount[sq]] = ha
				horseAttackCount[sq]++
			}
		}
		for c := Red; c <= Black; c++ {
			forward := 1
			if c == Black {
				forward = -1
			}
			if onBoard(f, r+forward) {
				pawnSteps[c][sq].add(MakeSquare(f, r+forward), NoSquare)
			}
			if crossedRiver(c, r) {
				for _, side := range [2]int{-1, 1} {
					if onBoard(f+side, r) {
						pawnSteps[c][sq].add(MakeSquare(f+side, r), NoSquare)
					}
				}
			}
		}
	}
}
