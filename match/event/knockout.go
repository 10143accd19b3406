package event

import "errors"

// tieSource is where one side of a knockout tie comes from: a seed, or the
// winner or the loser of an earlier tie.
type tieSource struct {
	seed  int  // 0-based seed when from is nil
	from  *tie // the earlier tie
	loser bool // the loser of from instead of its winner
}

// tie is one knockout match between two players: a match of a set number
// of games, replayed while tied (the extra games of 11.1), then decided by
// lot or, as an option, by an armageddon game. The first game's colours
// are drawn by lot (13.4), every later game of the tie swaps them (13.5).
type tie struct {
	id    int
	stage string // "knockout", "winners", "losers", "grand final"
	round int    // round within the stage, from 1
	board int    // place in the round, from 1
	in    [2]tieSource
	// player holds the two players once known (-1: nobody, a bye).
	player [2]int
	known  [2]bool
	games  []Played
	// matches counts the matches handed out (the first one and the
	// replays), pending the games of the last one not yet recorded.
	matches, pending int
	decided          bool
	winner, loser    int // -1 for nobody
	walkover         bool
	byLot            bool // still tied after the replays: decided by lot
	// resetOf is the grand final this tie replays (double elimination):
	// it is played only when the grand final's second player (who came
	// through the losers' bracket) won it; skipped marks a reset that was
	// not needed (it takes the grand final's result).
	resetOf *tie
	skipped bool
	// level orders eliminations for the places: a player knocked out of a
	// tie of a higher level places higher; out tells whether the loser of
	// the tie is out of the event.
	level int
	out   bool
}

// knockoutEvent is a single or double elimination event.
type knockoutEvent struct {
	double   bool
	players  []int // by seed
	perMatch int   // games of a match (1 or more; colours alternate)
	replays  int   // tied replays before the decider
	// armageddon decides a match still tied after the replays by one
	// game in which a draw sends Black through (else by lot).
	armageddon bool
	seed       uint64
	ties       []*tie
	withdrawn  map[int]bool
	final      *tie // the last tie: its winner is the champion
}

// knockoutOptions are the settings of a knockout event.
type knockoutOptions struct {
	double   bool // double elimination
	perMatch int  // games per match (default 1)
	replays  int  // tied replays before the decider
	// armageddon: the decider is an armageddon game (else the lot).
	armageddon bool
	seed       uint64 // the lots: the colours (猜先) and the decider
	stage      string // prefix of the stage names (groups then final)
}

// newKnockoutEvent builds the bracket of players (best seed first): the
// first round pairs seed 1 with the last of the bracket, the byes (when
// the count is not a power of two) going to the best seeds, seeds 1 and 2
// meeting only in the final.
func newKnockoutEvent(players []int, o knockoutOptions) (*knockoutEvent, error) {
	if len(players) < 2 {
		return nil, errors.New("a knockout needs at least two players")
	}
	if o.double && len(players) < 3 {
		return nil, errors.New("a double elimination needs at least three players")
	}
	if o.perMatch <= 0 {
		o.perMatch = 1
	}
	if o.replays < 0 {
		o.replays = 0
	}
	e := &knockoutEvent{double: o.double, players: players, perMatch: o.perMatch, replays: o.replays,
		armageddon: o.armageddon, seed: o.seed, withdrawn: map[int]bool{}}
	size := 1
	for size < len(players) {
		size *= 2
	}
	order := bracketOrder(size)
	wb := "knockout"
	if o.double {
		wb = "winners"
	}
	name := func(s string) string {
		if o.stage != "" {
			return o.stage + " " + s
		}
		return s
	}
	var round []*tie
	for i := 0; i < size/2; i++ {
		round = append(round, e.add(name(wb), 1, i+1, tieSource{seed: order[2*i]}, tieSource{seed: order[2*i+1]}, 1, true))
	}
	wbRounds := [][]*tie{round}
	for r := 2; len(round) > 1; r++ {
		var next []*tie
		for i := 0; i < len(round)/2; i++ {
			next = append(next, e.add(name(wb), r, i+1, tieSource{from: round[2*i]}, tieSource{from: round[2*i+1]}, r, true))
		}
		round = next
		wbRounds = append(wbRounds, round)
	}
	e.final = round[0]
	if !o.double {
		return e, nil
	}
	for _, rs := range wbRounds {
		for _, t := range rs {
			t.out = false
		}
	}
	// The losers' bracket: its first round pairs the losers of the first
	// winners' round; then each winners' round drops its losers into a
	// round against the survivors (in reverse order every second time,
	// against early rematches), with a round among the survivors between.
	lb := name("losers")
	lbRound, level := 1, 1
	var surv []*tie
	for i := 0; i < len(wbRounds[0])/2; i++ {
		surv = append(surv, e.add(lb, lbRound, i+1, tieSource{from: wbRounds[0][2*i], loser: true},
			tieSource{from: wbRounds[0][2*i+1], loser: true}, level, true))
	}
	for j := 1; j < len(wbRounds); j++ {
		drops := wbRounds[j]
		lbRound++
		level++
		var major []*tie
		for i := range surv {
			d := drops[i]
			if j%2 == 1 {
				d = drops[len(drops)-1-i]
			}
			major = append(major, e.add(lb, lbRound, i+1, tieSource{from: d, loser: true}, tieSource{from: surv[i]}, level, true))
		}
		surv = major
		if len(surv) > 1 {
			lbRound++
			level++
			var minor []*tie
			for i := 0; i < len(surv)/2; i++ {
				minor = append(minor, e.add(lb, lbRound, i+1, tieSource{from: surv[2*i]}, tieSource{from: surv[2*i+1]}, level, true))
			}
			surv = minor
		}
	}
	gf := e.add(name("grand final"), 1, 1, tieSource{from: e.final}, tieSource{from: surv[0]}, level+1, true)
	gf.out = false // the winners' champion who loses it gets a second chance
	reset := e.add(name("grand final"), 2, 1, tieSource{from: gf}, tieSource{from: gf, loser: true}, level+2, true)
	reset.resetOf = gf
	e.final = reset
	return e, nil
}

// bracketOrder returns the seeds (0-based) of a bracket of size (a power
// of two) in bracket order: 1 8 4 5 2 7 3 6 for eight, so that seed s
// meets size+1−s first and the best seeds meet last.
func bracketOrder(size int) []int {
	order := []int{0}
	for n := 1; n < size; n *= 2 {
		next := make([]int, 0, 2*n)
		for _, s := range order {
			next = append(next, s, 2*n-1-s)
		}
		order = next
	}
	return order
}

// add appends a tie to the bracket.
func (e *knockoutEvent) add(stage string, round, board int, a, b tieSource, level int, out bool) *tie {
	t := &tie{id: len(e.ties), stage: stage, round: round, board: board, in: [2]tieSource{a, b},
		player: [2]int{-1, -1}, winner: -1, loser: -1, level: level, out: out}
	e.ties = append(e.ties, t)
	return t
}

func (e *knockoutEvent) withdraw(p int) { e.withdrawn[p] = true }

// resolve fills in the players that became known and decides walkovers
// (a bye, a withdrawn player) and unneeded resets; it reports whether
// anything changed.
func (e *knockoutEvent) resolve() bool {
	changed := false
	for _, t := range e.ties {
		for s := range 2 {
			if t.known[s] {
				continue
			}
			src := t.in[s]
			switch {
			case src.from == nil:
				t.player[s], t.known[s] = -1, true
				if src.seed < len(e.players) {
					t.player[s] = e.players[src.seed]
				}
			case src.from.decided && src.loser:
				t.player[s], t.known[s] = src.from.loser, true
			case src.from.decided:
				t.player[s], t.known[s] = src.from.winner, true
			}
			changed = changed || t.known[s]
		}
		if t.decided || !t.known[0] || !t.known[1] || t.pending > 0 {
			continue
		}
		a, b := t.player[0], t.player[1]
		switch {
		case t.resetOf != nil && t.resetOf.winner == t.resetOf.player[0]:
			t.decided, t.skipped, t.winner, t.loser = true, true, t.resetOf.winner, t.resetOf.loser
		case a < 0 || (b >= 0 && e.withdrawn[a] && !e.withdrawn[b]):
			t.decided, t.walkover, t.winner, t.loser = true, true, b, a
		case b < 0 || (e.withdrawn[b] && !e.withdrawn[a]):
			t.decided, t.walkover, t.winner, t.loser = true, true, a, b
		case e.withdrawn[a] && e.withdrawn[b]:
			t.decided, t.walkover, t.winner, t.loser = true, true, -1, -1
		default:
			continue
		}
		changed = true
	}
	return changed
}

// Lots drawn for a tie: the colours of its first game, the winner of a
// tie still level after its replays.
const (
	lotColours = iota
	lotDecider
)

// lot draws lot kind for tie t: true for the tie's first player (Red in
// the first game; through on a decider). The draw is a hash of the
// event's seed, so that a resumed event draws the same.
func (e *knockoutEvent) lot(t *tie, kind int) bool {
	return drawLot(e.seed, lotKnockout, uint64(t.id), uint64(kind))
}

// deciding tells whether the tie's next match comes after the replays:
// an armageddon game with that option (else the tie goes to the lot
// without another game).
func (e *knockoutEvent) deciding(t *tie) bool { return t.matches > e.replays }

func (e *knockoutEvent) next() ([]Fixture, error) {
	for e.resolve() {
	}
	var out []Fixture
	for _, t := range e.ties {
		if t.decided || !t.known[0] || !t.known[1] || t.pending > 0 {
			continue
		}
		n := e.perMatch
		if e.deciding(t) {
			n = 1 // the armageddon game (resolve decided the lot)
		}
		first := e.lot(t, lotColours)
		for g := 0; g < n; g++ {
			game := len(t.games) + t.pending + 1
			red, black := t.player[0], t.player[1]
			if first != (game%2 == 1) { // the first game by lot, then swapped
				red, black = black, red
			}
			out = append(out, Fixture{Red: red, Black: black, Stage: t.stage, Round: t.round, Board: t.board, tie: t,
				Game: game, Tiebreak: t.matches > 0})
			t.pending++
		}
		t.matches++
	}
	if len(out) == 0 && !e.final.decided {
		return nil, errors.New("knockout: no tie can be played but the final is not decided")
	}
	return out, nil
}

func (e *knockoutEvent) record(games []Played) {
	for _, g := range games {
		t := g.tie
		if t == nil || t.pending == 0 {
			continue
		}
		t.games = append(t.games, g)
		if t.pending--; t.pending == 0 {
			e.decide(t)
		}
	}
}

// decide settles the tie after its last match, or leaves it for a replay
// when the match was tied.
func (e *knockoutEvent) decide(t *tie) {
	armageddon := t.matches-1 > e.replays // the last match handed out
	last := e.perMatch
	if armageddon {
		last = 1
	}

	match := t.games[len(t.games)-last:]
	var pts [2]float64
	for _, g := range match {
		for s := range 2 {
			pts[s] += g.pointsOf(t.player[s])
		}
	}
	switch {
	case pts[0] > pts[1]:
		t.winner, t.loser = t.player[0], t.player[1]
	case pts[1] > pts[0]:
		t.winner, t.loser = t.player[1], t.player[0]
	case armageddon:
		// The armageddon game was drawn: Black goes through.
		g := match[0]
		t.winner, t.loser = g.Black, g.Red
	case !e.armageddon && e.deciding(t):
		// Still tied after the replays: the lot decides.
		t.byLot = true
		t.winner, t.loser = t.player[1], t.player[0]
		if e.lot(t, lotDecider) {
			t.winner, t.loser = t.player[0], t.player[1]
		}
	default:
		return
	}
	t.decided = true
}

// tieScore returns the two players' points over all the tie's games.
func (t *tie) tieScore() [2]float64 {
	var pts [2]float64
	for _, g := range t.games {
		for s := range 2 {
			pts[s] += g.pointsOf(t.player[s])
		}
	}
	return pts
}

// places returns each player's place: the champion first, then by the
// level of the tie that knocked them out (later is better), equal levels
// sharing; players not yet out have no place (0).
func (e *knockoutEvent) places() map[int]int {
	out := map[int]int{}
	if !e.final.decided {
		return out
	}
	level := map[int]int{}
	for _, t := range e.ties {
		if t.decided && t.loser >= 0 && t.out {
			level[t.loser] = t.level
		}
	}
	if w := e.final.winner; w >= 0 {
		out[w] = 1
	}
	for p, l := range level {
		better := 1
		for q, m := range level {
			if q != p && m > l {
				better++
			}
		}
		out[p] = better + 1
	}
	return out
}
