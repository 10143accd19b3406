package web

import (
	"encoding/json"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/match"
)

// feedBuffer is how many messages a viewer may be behind before it is
// dropped (its page then reconnects and starts again from a snapshot).
const feedBuffer = 1024

// Feed is a match as the live page shows it: a match.Watcher that keeps
// the games in progress (position, clocks, each engine's last search
// line), the finished games and the table, and sends every change to the
// pages that watch. Safe for concurrent use.
type Feed struct {
	mu      sync.Mutex
	event   string
	names   []string
	live    map[int]*liveGame
	done    []*doneGame
	table   liveTable
	over    bool
	viewers map[chan []byte]struct{}
}

// NewFeed returns the feed of a match between engines of these names
// (match.EngineNames) under the event's name.
func NewFeed(event string, names []string) *Feed {
	f := &Feed{event: event, names: names, live: map[int]*liveGame{}, viewers: map[chan []byte]struct{}{}}
	f.table = f.tableOf(nil)
	return f
}

// liveGame is a game in progress as the page shows it.
type liveGame struct {
	N      int          `json:"n"`
	Red    string       `json:"red"`
	Black  string       `json:"black"`
	FEN    string       `json:"fen"`
	Moves  []string     `json:"moves"`
	Notes  []string     `json:"notes"`
	Clocks [2]int64     `json:"clocks"` // ms left, index by colour
	Ago    int64        `json:"ago"`    // ms since the clocks were read (snapshots)
	Search [2]*liveInfo `json:"search"` // each side's last search line
	at     time.Time    // when the clocks were read
}

// liveInfo is an engine's search line as the page shows it.
type liveInfo struct {
	N     int      `json:"n"`
	Side  int      `json:"side"`
	Ply   int      `json:"ply"`
	Depth int      `json:"depth"`
	Score string   `json:"score"`
	PV    []string `json:"pv"`
}

// doneGame is a finished game: for the list, and moves for the replay.
type doneGame struct {
	N           int      `json:"n"`
	Red         string   `json:"red"`
	Black       string   `json:"black"`
	Result      string   `json:"result"`
	Termination string   `json:"termination"`
	FEN         string   `json:"fen"`
	Moves       []string `json:"moves"`
	Notes       []string `json:"notes"`
}

// liveTable is the standings and the crosstable.
type liveTable struct {
	Played    int        `json:"played"`
	Planned   int        `json:"planned"` // 0 until the first game ends
	Standings []liveRow  `json:"standings"`
	Names     []string   `json:"names"` // the crosstable's order: the standings'
	Cross     [][]string `json:"cross"` // Cross[i][j]: row i's points against column j, "" for none
}

// liveRow is one line of the standings.
type liveRow struct {
	Rank   int     `json:"rank"`
	Name   string  `json:"name"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Points float64 `json:"points"`
	SB     float64 `json:"sb"`
}

// The messages sent to the page; "t" says which.
type (
	snapshotMsg struct {
		T     string      `json:"t"` // "snapshot"
		Event string      `json:"event"`
		Names []string    `json:"names"`
		Live  []*liveGame `json:"live"`
		Done  []*doneGame `json:"done"`
		Table liveTable   `json:"table"`
		Over  bool        `json:"over"`
	}
	startMsg struct {
		T    string    `json:"t"` // "start"
		Game *liveGame `json:"game"`
	}
	moveMsg struct {
		T      string   `json:"t"` // "move"
		N      int      `json:"n"`
		Ply    int      `json:"ply"`
		Move   string   `json:"move"`
		Note   string   `json:"note"`
		Clocks [2]int64 `json:"clocks"`
	}
	infoMsg struct {
		T string `json:"t"` // "info"
		*liveInfo
	}
	endMsg struct {
		T     string    `json:"t"` // "end"
		Game  *doneGame `json:"game"`
		Table liveTable `json:"table"`
	}
	overMsg struct {
		T     string    `json:"t"` // "over"
		Table liveTable `json:"table"`
	}
)

// GameStarted implements match.Watcher.
func (f *Feed) GameStarted(s match.LiveStart) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g := &liveGame{N: s.Number, Red: f.name(s.Red), Black: f.name(s.Black), FEN: s.StartFEN,
		Moves: append([]string{}, s.Moves...), Clocks: millis(s.Clocks), at: time.Now()}
	g.Notes = make([]string, len(g.Moves))
	for i := range g.Notes {
		g.Notes[i] = "book"
	}
	f.live[s.Number] = g
	f.broadcast(startMsg{T: "start", Game: g})
}

// Moved implements match.Watcher.
func (f *Feed) Moved(m match.LiveMove) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g := f.live[m.Number]
	if g == nil || m.Ply != len(g.Moves) {
		return
	}
	note := m.Note.Comment()
	g.Moves, g.Notes = append(g.Moves, m.Move), append(g.Notes, note)
	g.Clocks, g.at = millis(m.Clocks), time.Now()
	f.broadcast(moveMsg{T: "move", N: m.Number, Ply: m.Ply, Move: m.Move, Note: note, Clocks: g.Clocks})
}

// Searching implements match.Watcher.
func (f *Feed) Searching(i match.LiveInfo) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g := f.live[i.Number]
	if g == nil {
		return
	}
	in := &liveInfo{N: i.Number, Side: int(i.Side), Ply: i.Ply, Depth: i.Depth, PV: i.PV}
	if i.HasScore {
		in.Score = match.ScoreText(i.Score)
	}
	g.Search[i.Side&1] = in
	f.broadcast(infoMsg{T: "info", liveInfo: in})
}

// GameEnded implements match.Watcher.
func (f *Feed) GameEnded(g match.GameResult, r *match.Result) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.live, g.Number)
	d := &doneGame{N: g.Number, Red: f.name(g.Red), Black: f.name(g.Black), Result: g.Termination.Result(),
		Termination: g.Termination.Reason.String(), FEN: g.StartFEN}
	if g.Termination.Detail != "" {
		d.Termination += ": " + g.Termination.Detail
	}
	for i, m := range g.Moves {
		d.Moves = append(d.Moves, m.String())
		note := ""
		if i < len(g.Notes) {
			note = g.Notes[i].Comment()
		}
		d.Notes = append(d.Notes, note)
	}
	f.done = append(f.done, d)
	sort.Slice(f.done, func(a, b int) bool { return f.done[a].N < f.done[b].N })
	f.table = f.tableOf(r)
	f.broadcast(endMsg{T: "end", Game: d, Table: f.table})
}

// MatchEnded implements match.Watcher.
func (f *Feed) MatchEnded(r *match.Result) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.over = true
	clear(f.live) // games abandoned by an interruption
	f.table = f.tableOf(r)
	f.broadcast(overMsg{T: "over", Table: f.table})
}

// name returns the name of engine e.
func (f *Feed) name(e int) string {
	if e >= 0 && e < len(f.names) {
		return f.names[e]
	}
	return "engine " + strconv.Itoa(e+1)
}

// tableOf returns the standings and the crosstable of r (nil: no game
// yet), rows in the standings' order.
func (f *Feed) tableOf(r *match.Result) liveTable {
	if r == nil {
		r = &match.Result{Names: f.names}
	}
	t := liveTable{Played: len(r.Games), Planned: r.Planned}
	rows := r.Standings()
	pos := make(map[int]int, len(rows))
	for i, s := range rows {
		rank := i + 1
		if i > 0 && s.Points == rows[i-1].Points && s.SB == rows[i-1].SB {
			rank = t.Standings[i-1].Rank
		}
		t.Standings = append(t.Standings, liveRow{Rank: rank, Name: s.Name, Games: s.Games(), Wins: s.Wins,
			Draws: s.Draws, Losses: s.Losses, Points: s.Points, SB: s.SB})
		t.Names = append(t.Names, s.Name)
		pos[s.Engine] = i
	}
	points := make([][]float64, len(rows))
	games := make([][]int, len(rows))
	for i := range rows {
		points[i], games[i] = make([]float64, len(rows)), make([]int, len(rows))
	}
	for _, g := range r.Games {
		red, rok := pos[g.Red]
		black, bok := pos[g.Black]
		if !rok || !bok || red == black {
			continue
		}
		points[red][black] += g.Score(g.Red)
		points[black][red] += g.Score(g.Black)
		games[red][black]++
		games[black][red]++
	}
	t.Cross = make([][]string, len(rows))
	for i := range rows {
		t.Cross[i] = make([]string, len(rows))
		for j := range rows {
			if games[i][j] > 0 {
				t.Cross[i][j] = strconv.FormatFloat(points[i][j], 'f', -1, 64) + "/" + strconv.Itoa(games[i][j])
			}
		}
	}
	return t
}

// subscribe returns a viewer's channel, with the snapshot of the match
// as its first message.
func (f *Feed) subscribe() chan []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	ch := make(chan []byte, feedBuffer)
	snap := snapshotMsg{T: "snapshot", Event: f.event, Names: f.names, Done: f.done, Table: f.table, Over: f.over}
	if snap.Done == nil {
		snap.Done = []*doneGame{}
	}
	snap.Live = []*liveGame{}
	now := time.Now()
	for _, g := range f.live {
		g.Ago = now.Sub(g.at).Milliseconds()
		snap.Live = append(snap.Live, g)
	}
	sort.Slice(snap.Live, func(a, b int) bool { return snap.Live[a].N < snap.Live[b].N })
	data, _ := json.Marshal(snap)
	for _, g := range f.live {
		g.Ago = 0
	}
	ch <- data
	f.viewers[ch] = struct{}{}
	return ch
}

// unsubscribe forgets a viewer (its channel may already be closed).
func (f *Feed) unsubscribe(ch chan []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.viewers[ch]; ok {
		delete(f.viewers, ch)
		close(ch)
	}
}

// broadcast sends a message to every viewer; one too far behind is
// dropped (its channel closed). Called with f.mu held.
func (f *Feed) broadcast(msg any) {
	if len(f.viewers) == 0 {
		return
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return
	}
	for ch := range f.viewers {
		select {
		case ch <- data:
		default:
			delete(f.viewers, ch)
			close(ch)
		}
	}
}

// millis returns durations in milliseconds.
func millis(d [2]time.Duration) [2]int64 {
	return [2]int64{d[engine.Red].Milliseconds(), d[engine.Black].Milliseconds()}
}
