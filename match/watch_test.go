package match

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/engineproc"
)

// recorder is a Watcher that keeps what it is told.
type recorder struct {
	mu      sync.Mutex
	starts  map[int]LiveStart
	moves   map[int][]LiveMove
	infos   map[int][]LiveInfo
	ended   []int
	counted []int // games counted in the result at each GameEnded
	final   *Result
}

func newRecorder() *recorder {
	return &recorder{starts: map[int]LiveStart{}, moves: map[int][]LiveMove{}, infos: map[int][]LiveInfo{}}
}

func (r *recorder) GameStarted(g LiveStart) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.starts[g.Number] = g
}

func (r *recorder) Moved(m LiveMove) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.moves[m.Number] = append(r.moves[m.Number], m)
}

func (r *recorder) Searching(i LiveInfo) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.infos[i.Number] = append(r.infos[i.Number], i)
}

func (r *recorder) GameEnded(g GameResult, res *Result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ended = append(r.ended, g.Number)
	r.counted = append(r.counted, len(res.Games))
}

func (r *recorder) MatchEnded(res *Result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.final = res
}

// TestWatch follows a two-game match with a Watcher: each game's start
// with its opening and clocks (5+0), every move the engines played in order with
// its note and the clocks, the engines' info lines as they came, each end
// with the result counted, then the end of the match.
func TestWatch(t *testing.T) {
	o, _ := parseOpeningLine("startpos moves h2e2 h9g7")
	rec := newRecorder()
	ctl, err := timeman.Parse("5+0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{
		Engines:          []engineproc.EngineSpec{fake("a", "-printscore", "-score", "35"), fake("b", "-proto", "uci", "-printscore", "-score", "-20")},
		Games:            2,
		Control:          ctl,
		Openings:         []Opening{o},
		MaxPlies:         12,
		Concurrency:      2,
		QuitTimeout:      200 * time.Millisecond,
		HandshakeTimeout: 2 * time.Second,
		Watch:            rec,
	}
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rec.final != res || len(res.Games) != 2 {
		t.Fatalf("MatchEnded with %p, Run returned %p (%d games)", rec.final, res, len(res.Games))
	}
	if !slices.Equal(rec.counted, []int{1, 2}) || len(rec.ended) != 2 {
		t.Errorf("GameEnded saw %v games counted (games %v)", rec.counted, rec.ended)
	}
	for _, g := range res.Games {
		s, ok := rec.starts[g.Number]
		if !ok || s.Red != g.Red || s.Black != g.Black || s.StartFEN != g.StartFEN || !slices.Equal(s.Moves, []string{"h2e2", "h9g7"}) {
			t.Fatalf("game %d: start %+v, game red %d black %d", g.Number, s, g.Red, g.Black)
		}
		if s.Clocks[0] != 5*time.Second || s.Clocks[1] != 5*time.Second {
			t.Errorf("game %d: clocks at the start %v", g.Number, s.Clocks)
		}
		moves := rec.moves[g.Number]
		if len(moves) != len(g.Moves)-2 {
			t.Fatalf("game %d: %d moves watched, the game has %d after the opening", g.Number, len(moves), len(g.Moves)-2)
		}
		for i, m := range moves {
			ply := i + 2
			if m.Ply != ply || m.Move != g.Moves[ply].String() || m.Note != g.Notes[ply] || int(m.Side) != ply%2 {
				t.Errorf("game %d move %d: watched %+v, played %s %+v", g.Number, i, m, g.Moves[ply], g.Notes[ply])
			}
			if m.Clocks[m.Side] > s.Clocks[m.Side] || m.Clocks[m.Side] <= 0 {
				t.Errorf("game %d ply %d: clocks %v after the move, %v at the start", g.Number, ply, m.Clocks, s.Clocks)
			}
		}
		if last := moves[len(moves)-1]; last.Clocks != g.Left {
			t.Errorf("game %d: clocks %v after the last move, %v left at the end", g.Number, last.Clocks, g.Left)
		}
		infos := rec.infos[g.Number]
		if len(infos) != len(moves) {
			t.Fatalf("game %d: %d info lines watched for %d moves", g.Number, len(infos), len(moves))
		}
		for i, in := range infos {
			want := 35
			if (in.Side == 0) != (g.Red == 0) {
				want = -20
			}
			if in.Ply != i+2 || in.Depth == 0 || !in.HasScore || in.Score != want || len(in.PV) != 1 || in.PV[0] != moves[i].Move {
				t.Errorf("game %d: info %+v before move %+v (want score %d)", g.Number, in, moves[i], want)
			}
		}
	}
}
