package match

// job is one scheduled game.
type job struct {
	number  int // 1-based game number in schedule order
	pairing int // index into the pairings
	pair    int // game pair id: the two games of one opening in one pairing
	red     int // engine index of Red
	black   int // engine index of Black
	opening int // index into the openings
	// cfg, when set, replaces the match's configuration for this game (a
	// knockout replay at the tie-break control).
	cfg *Config
}

// pairings returns the engine pairs that meet: (0, i) for every other
// engine in a gauntlet, every (i, j) with i < j in a round robin.
func pairings(f Format, engines int) [][2]int {
	var out [][2]int
	if f == Gauntlet {
		for i := 1; i < engines; i++ {
			out = append(out, [2]int{0, i})
		}
		return out
	}
	for i := 0; i < engines; i++ {
		for j := i + 1; j < engines; j++ {
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// schedule lists the games: each pairing plays games games; the games of
// a pairing go in pairs on one opening with colours swapped, the first
// engine of the pairing taking Red in the first game of each pair; the
// openings follow in order, wrapping around; pairs of the pairings are
// interleaved so that partial results cover every pairing.
func schedule(pairs [][2]int, games, openings int) []job {
	var out []job
	rounds := (games + 1) / 2
	for r := 0; r < rounds; r++ {
		for p, pr := range pairs {
			for k := 2 * r; k < 2*r+2 && k < games; k++ {
				j := job{
					number:  len(out) + 1,
					pairing: p,
					pair:    p*rounds + r,
					red:     pr[0],
					black:   pr[1],
					opening: r % openings,
				}
				if k%2 == 1 {
					j.red, j.black = pr[1], pr[0]
				}
				out = append(out, j)
			}
		}
	}
	return out
}
