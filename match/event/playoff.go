package event

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// PlayoffRule is how an event settles a place that must not be shared
// (15.6: the champion, and the places the organiser names), when the
// tie-breaks leave it shared.
type PlayoffRule uint8

const (
	// PlayoffGames plays a playoff (加赛) among those level: a round robin
	// of Options.PlayoffGames games per pairing (the numbers by lot,
	// the colours swapped from game to game), at PlayoffControl; those
	// still level on its points are parted by lot.
	PlayoffGames PlayoffRule = iota
	// PlayoffLot parts them by lot at once.
	PlayoffLot
	// PlayoffShare leaves the place shared.
	PlayoffShare
)

// String returns games, lot or share.
func (p PlayoffRule) String() string {
	switch p {
	case PlayoffLot:
		return "lot"
	case PlayoffShare:
		return "share"
	}
	return "games"
}

// ParsePlayoffRule reads games, lot or share.
func ParsePlayoffRule(s string) (PlayoffRule, error) {
	for _, p := range []PlayoffRule{PlayoffGames, PlayoffLot, PlayoffShare} {
		if strings.EqualFold(s, p.String()) {
			return p, nil
		}
	}
	return 0, fmt.Errorf("playoff %q: want games, lot or share", s)
}

// placeRow is an entry of a table as the playoff sees it: a player or a
// team, its place, and whether it shares it.
type placeRow struct {
	id     int
	rank   int
	shared bool
}

// playoffEvent plays an event, then the playoffs of its places that must
// not be shared.
type playoffEvent struct {
	main     eventFormat
	rule     PlayoffRule
	games    int // games per pairing of a playoff
	places   int // places 1..places must not be shared
	seed     uint64
	mainDone bool
	// rows returns the main table in order; playoff builds the round
	// robin of a playoff among ids (named for place).
	rows    func() []placeRow
	playoff func(ids []int, place int) eventFormat
	stages  []*playoffStage
	cur     *playoffStage
}

// playoffStage is the settling of one shared place.
type playoffStage struct {
	place    int
	entrants []int // by their order in the main table
	games    eventFormat
	// points returns each entrant's playoff points (nil for a lot).
	points func() map[int]float64
	// order is the entrants' final order, lot those parted by lot.
	order []int
	lot   map[int]bool
}

// stageName returns the stage of a playoff for place: "playoff", or
// "playoff 3" for a place other than the first.
func stageName(place int) string {
	if place == 1 {
		return "playoff"
	}
	return "playoff " + strconv.Itoa(place)
}

func (e *playoffEvent) next() ([]Fixture, error) {
	if !e.mainDone {
		fs, err := e.main.next()
		if err != nil || len(fs) > 0 {
			return fs, err
		}
		e.mainDone = true
	}
	for {
		if e.cur != nil {
			fs, err := e.cur.games.next()
			if err != nil {
				return nil, err
			}
			if len(fs) > 0 {
				for i := range fs {
					fs[i].playoff = e.cur
				}
				return fs, nil
			}
			e.settle(e.cur)
			e.cur = nil
		}
		s := e.nextStage()
		if s == nil {
			return nil, nil
		}
		e.stages = append(e.stages, s)
		if e.rule == PlayoffLot {
			e.settle(s)
			continue
		}
		s.games = e.playoff(drawNumbers(s.entrants, e.seed, lotPlayoff, uint64(s.place)), s.place)
		s.points = s.stagePoints
		e.cur = s
	}
}

// nextStage returns the next place to settle: the best shared place
// within the places that must not be shared, as the table stands with
// the playoffs so far; nil for none.
func (e *playoffEvent) nextStage() *playoffStage {
	rows := e.decided()
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].rank == rows[i].rank {
			j++
		}
		if rows[i].rank > e.places || rows[i].rank == 0 {
			return nil
		}
		if j-i > 1 {
			s := &playoffStage{place: rows[i].rank, lot: map[int]bool{}}
			for _, r := range rows[i:j] {
				s.entrants = append(s.entrants, r.id)
			}
			return s
		}
		i = j
	}
	return nil
}

// settle orders a stage's entrants: by playoff points, those still level
// (or all, for a lot) by lot.
func (e *playoffEvent) settle(s *playoffStage) {
	pts := map[int]float64{}
	if s.games != nil {
		pts = s.points()
	}
	lots := drawNumbers(s.entrants, e.seed, lotPlayoff, uint64(s.place), 1)
	pos := map[int]int{}
	for i, id := range lots {
		pos[id] = i
	}
	s.order = append([]int(nil), s.entrants...)
	sort.SliceStable(s.order, func(i, j int) bool {
		a, b := s.order[i], s.order[j]
		if pts[a] != pts[b] {
			return pts[a] > pts[b]
		}
		return pos[a] < pos[b]
	})
	for i, id := range s.order {
		level := func(k int) bool { return k >= 0 && k < len(s.order) && pts[s.order[k]] == pts[id] }
		if level(i-1) || level(i+1) {
			s.lot[id] = true
		}
	}
}

// decided returns the main table with the places the playoffs settled:
// a settled stage's entrants take its place and the next ones in their
// order, those still level on playoff points beyond the places that must
// not be shared sharing theirs.
func (e *playoffEvent) decided() []placeRow {
	rows := e.rows()
	for _, s := range e.stages {
		if s.order == nil {
			continue
		}
		in := map[int]bool{}
		for _, id := range s.entrants {
			in[id] = true
		}
		var pts map[int]float64
		if s.games != nil {
			pts = s.points()
		}
		rank := map[int]int{}
		for i, id := range s.order {
			rank[id] = s.place + i
			// Level on playoff points beyond the places that must not be
			// shared: they share the place of the first of them.
			if i > 0 && rank[s.order[i-1]] > e.places && (s.games == nil || pts[id] == pts[s.order[i-1]]) {
				rank[id] = rank[s.order[i-1]]
			}
		}
		for k := range rows {
			if r, ok := rank[rows[k].id]; ok {
				rows[k].rank = r
			}
		}
		sort.SliceStable(rows, func(i, j int) bool {
			ri, rj := rows[i].rank, rows[j].rank
			if (ri == 0) != (rj == 0) {
				return rj == 0
			}
			return ri < rj
		})
	}
	for i := range rows {
		rows[i].shared = rows[i].rank != 0 && (i > 0 && rows[i-1].rank == rows[i].rank || i+1 < len(rows) && rows[i+1].rank == rows[i].rank)
	}
	return rows
}

func (e *playoffEvent) record(games []Played) {
	var main []Played
	for _, g := range games {
		if g.playoff != nil {
			g.playoff.games.record([]Played{g})
			continue
		}
		main = append(main, g)
	}
	if len(main) > 0 {
		e.main.record(main)
	}
}

func (e *playoffEvent) withdraw(p int) {
	e.main.withdraw(p)
	if e.cur != nil {
		e.cur.games.withdraw(p)
	}
}

// newPlayoffEvent wraps an individual event whose final table is table:
// its playoffs are round robins of names' players.
func newPlayoffEvent(main eventFormat, o *Options, table func() []Standing) eventFormat {
	e := &playoffEvent{main: main, rule: o.Playoff, games: o.PlayoffGameCount(), places: o.PlayoffPlaceCount(), seed: o.Seed}
	e.rows = func() []placeRow {
		var out []placeRow
		for _, r := range table() {
			out = append(out, placeRow{id: r.Player, rank: r.Rank, shared: r.Shared})
		}
		return out
	}
	e.playoff = func(ids []int, place int) eventFormat {
		return newRoundRobinEvent(stageName(place), ids, e.games)
	}
	return e
}

// newTeamPlayoffEvent wraps a team event: its playoffs are team round
// robins among the teams level.
func newTeamPlayoffEvent(main *teamEvent, o *Options) eventFormat {
	e := &playoffEvent{main: main, rule: o.Playoff, games: o.PlayoffGameCount(), places: o.PlayoffPlaceCount(), seed: o.Seed}
	e.rows = func() []placeRow {
		var out []placeRow
		for _, r := range main.standings() {
			out = append(out, placeRow{id: r.Team, rank: r.Rank, shared: r.Shared})
		}
		return out
	}
	e.playoff = func(ids []int, place int) eventFormat {
		return main.playoff(ids, place, e.games)
	}
	return e
}

// stagePoints returns the points of each entrant in a stage's games.
func (s *playoffStage) stagePoints() map[int]float64 {
	out := map[int]float64{}
	switch g := s.games.(type) {
	case *roundRobinEvent:
		for _, x := range g.games {
			out[x.Red] += x.Points[0]
			out[x.Black] += x.Points[1]
		}
	case *teamEvent:
		for _, m := range g.matches {
			if m.boards == g.perMatch() && m.second >= 0 {
				out[m.first] += m.points[0]
				out[m.second] += m.points[1]
			}
		}
	}
	return out
}

// mark returns how a stage settled an entrant's place: its playoff points,
// "lot" when a lot parted it from others level; "" when the stage has not
// settled it.
func (s *playoffStage) mark(id int) string {
	switch {
	case s.order == nil:
		return ""
	case s.games == nil:
		return "lot"
	}
	m := fmtG(s.points()[id])
	if s.lot[id] {
		m += ", lot"
	}
	return m
}

// playoffTables returns the tables of the event: the main event's, its final
// table in the order the playoffs settled, then the playoffs' own.
func (ev *Event) playoffTables(e *playoffEvent) []Table {
	tables := e.main.tables(ev)
	rows := e.decided()
	place := map[int]placeRow{}
	for _, r := range rows {
		place[r.id] = r
	}
	mark := func(id int) string {
		m := ""
		for _, s := range e.stages {
			if x := s.mark(id); x != "" && slices.Contains(s.entrants, id) {
				m = x
			}
		}
		return m
	}
	for i := len(tables) - 1; i >= 0; i-- {
		t := &tables[i]
		if len(t.Standings) == 0 && len(t.Teams) == 0 {
			continue
		}
		for k := range t.Standings {
			r := &t.Standings[k]
			if p, ok := place[r.Player]; ok && !r.Cancelled {
				r.Rank, r.Shared, r.Playoff = p.rank, p.shared, mark(r.Player)
			}
		}
		sort.SliceStable(t.Standings, func(a, b int) bool { return rankBefore(t.Standings[a].Rank, t.Standings[b].Rank) })
		for k := range t.Teams {
			r := &t.Teams[k]
			if p, ok := place[r.Team]; ok && !r.Cancelled {
				r.Rank, r.Shared, r.Playoff = p.rank, p.shared, mark(r.Team)
			}
		}
		sort.SliceStable(t.Teams, func(a, b int) bool { return rankBefore(t.Teams[a].Rank, t.Teams[b].Rank) })
		break
	}
	for _, s := range e.stages {
		if s.games == nil {
			continue
		}
		for _, t := range s.games.tables(ev) {
			t.Title = stageName(s.place)
			tables = append(tables, t)
		}
	}
	return tables
}

// rankBefore orders ranks, 0 (no rank) last.
func rankBefore(a, b int) bool {
	if (a == 0) != (b == 0) {
		return b == 0
	}
	return a < b
}
