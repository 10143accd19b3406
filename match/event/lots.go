package event

// The lots an event draws (猜先, 制签) are hashes of the event's seed
// (Options.Seed) and of what is drawn, so that a resumed event draws
// the same whatever the Go version.

// Lot keys: what a lot is drawn for.
const (
	lotNumbers  = 1 + iota // the numbers of a round robin's table (制签)
	lotKnockout            // a knockout tie's colours and decider (猜先)
	lotPlayoff             // a playoff's numbers and its last resort
	lotLineup              // a team's board order for a match (12.3)
)

// mix is the SplitMix64 finaliser.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// lotStream returns the successive draws of the lot keyed by keys.
func lotStream(seed uint64, keys ...uint64) func() uint64 {
	x := mix(seed + 0x9e3779b97f4a7c15)
	for _, k := range keys {
		x = mix(x ^ mix(k+0x9e3779b97f4a7c15))
	}
	return func() uint64 {
		x += 0x9e3779b97f4a7c15
		return mix(x)
	}
}

// drawNumbers returns players in the order of a drawing of lots (制签): a
// Fisher-Yates shuffle by lotStream(seed, keys...). The first of the
// result takes number 1 of the table.
func drawNumbers(players []int, seed uint64, keys ...uint64) []int {
	out := append([]int(nil), players...)
	next := lotStream(seed, keys...)
	for i := len(out) - 1; i > 0; i-- {
		j := int(next() % uint64(i+1))
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// drawLot draws a lot of two sides: true or false, by lotStream(seed,
// keys...).
func drawLot(seed uint64, keys ...uint64) bool { return lotStream(seed, keys...)()&1 == 0 }
