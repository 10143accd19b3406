package event

// roundRobinEvent is a round robin as article 13.1 plays it: the rounds of
// the Berger table (single, or double with the colours swapped in the
// second cycle), one game per pairing and round.
type roundRobinEvent struct {
	stage     string
	group     int   // the group's number in a group stage (Fixture.group)
	players   []int // engine indices; table number k+1 is players[k]
	rounds    [][][2]int
	cur       int // rounds handed out
	withdrawn map[int]bool
	games     []Played
}

// newRoundRobinEvent returns the round robin of players over cycles
// cycles of the Berger table.
func newRoundRobinEvent(stage string, players []int, cycles int) *roundRobinEvent {
	return &roundRobinEvent{
		stage:     stage,
		players:   players,
		rounds:    roundRobinRounds(len(players), cycles),
		withdrawn: map[int]bool{},
	}
}

func (e *roundRobinEvent) next() ([]Fixture, error) {
	if e.cur >= len(e.rounds) {
		return nil, nil
	}
	var out []Fixture
	for b, p := range e.rounds[e.cur] {
		out = append(out, Fixture{Red: e.players[p[0]], Black: e.players[p[1]], Stage: e.stage, Round: e.cur + 1, Board: b + 1, group: e.group})
	}
	e.cur++
	return out, nil
}

func (e *roundRobinEvent) record(games []Played) { e.games = append(e.games, games...) }

func (e *roundRobinEvent) withdraw(p int) { e.withdrawn[p] = true }

// cancelled returns the withdrawn players whose results are struck out
// under 20.3: those that met (over the board, forfeits not counted) fewer
// than half of their opponents. The rule counts opponents, not games: in
// a double round robin a player who met every opponent once has met them
// all. The results of a player who met half or more stand, and its
// remaining games are forfeited.
func (e *roundRobinEvent) cancelled() map[int]bool {
	out := map[int]bool{}
	for p := range e.withdrawn {
		met := map[int]bool{}
		for _, g := range e.games {
			if g.has(p) && !g.Forfeit {
				met[g.opponent(p)] = true
			}
		}
		if 2*len(met) < len(e.players)-1 {
			out[p] = true
		}
	}
	return out
}

// standings returns the table by the tie-breaks of 15.1.
func (e *roundRobinEvent) standings(names []string) []Standing {
	return rankPlayers(e.players, names, e.games, tbRoundRobin, e.withdrawn, e.cancelled())
}
