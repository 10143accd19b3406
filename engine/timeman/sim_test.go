package timeman

import (
	"math/rand/v2"
	"testing"
	"time"
)

// The simulation plays whole games against a simulated clock (Clock), with
// a fake search that costs simulated time, and checks that no flag falls
// and that the time is spread over the game. Nothing sleeps.

// simConfig is one simulated setting for one side.
type simConfig struct {
	withOption bool          // the engine knows the schedule (timecontrol option)
	overhead   time.Duration // Move Overhead
	latency    time.Duration // the real latency is below it (0: below the overhead)
	managed    bool          // run the Manager with fake iterations, not fakeSearch
}

// simStats summarises simulated games.
type simStats struct {
	games, moves, flags int
	emergencies         int
	thought             time.Duration // sum of the thinking times (latency excluded)
	minLeft             time.Duration // least time left after any move (before the increment)
	worstRatio          float64       // largest middle-game move over the game's average
	worstGame           int           // length of the game with worstRatio
	used                float64       // sum over games of time used / time given
}

func (s *simStats) merge(o simStats) {
	s.games += o.games
	s.moves += o.moves
	s.flags += o.flags
	s.emergencies += o.emergencies
	s.thought += o.thought
	if s.minLeft < 0 || (o.minLeft >= 0 && o.minLeft < s.minLeft) {
		s.minLeft = o.minLeft
	}
	if o.worstRatio > s.worstRatio {
		s.worstRatio, s.worstGame = o.worstRatio, o.worstGame
	}
	s.used += o.used
}

// simGame plays one side of a game of n own moves under sch.
func simGame(rng *rand.Rand, sch Schedule, n int, cfg simConfig, st *simStats) {
	clk := NewClock(sch, 0)
	set := Settings{MoveOverhead: cfg.overhead, Ponder: rng.IntN(4) == 0}
	if cfg.withOption {
		set.Schedule = sch
	}
	var m *Manager
	var ft *fakeTime
	if cfg.managed {
		m, ft = newFakeManager()
	}
	times := make([]time.Duration, 0, n)
	var total time.Duration
	given := clk.Remaining()
	for k := range n {
		r := clk.Report()
		set.MovesPlayed = k
		b := Allocate(Limits{TimeSet: true, Time: r.Time, Inc: r.Inc, MovesToGo: r.MovesToGo}, set)
		if b.Emergency {
			st.emergencies++
		}
		var think time.Duration
		if cfg.managed {
			think = managedSearch(rng, m, ft, b)
		} else {
			think = fakeSearch(rng, b)
		}
		latency := cfg.latency
		if latency == 0 {
			latency = cfg.overhead
		}
		st.thought += think
		took := think + time.Duration(rng.Int64N(int64(max(latency, 1))))
		before := clk.Remaining()
		if !clk.Punch(took) {
			st.flags++
			return
		}
		if left := before - took; st.minLeft < 0 || left < st.minLeft {
			st.minLeft = left
		}
		given += clk.Remaining() - (before - took) // increments and new periods
		times = append(times, took)
		total += took
	}
	st.games++
	st.moves += n
	if sch.HasClock() {
		st.used += float64(total) / float64(given)
	}
	avg := float64(total) / float64(n)
	for k := 10; k < n-10; k++ { // the middle game: all but the first and last ten moves
		if ratio := float64(times[k]) / avg; ratio > st.worstRatio {
			st.worstRatio, st.worstGame = ratio, n
		}
	}
}

// fakeSearch returns how long a search given b runs: usually it ends an
// iteration somewhere around the target, sometimes anywhere up to the hard
// limit, sometimes it is cut by the hard limit and notices a little late.
// The first iteration (under a millisecond) always completes.
func fakeSearch(rng *rand.Rand, b Budget) time.Duration {
	firstIteration := time.Duration(rng.Int64N(int64(time.Millisecond)))
	if b.Emergency || b.Hard == 0 {
		return firstIteration
	}
	var d time.Duration
	switch x := rng.IntN(100); {
	case x < 50:
		d = time.Duration(float64(b.Soft) * (0.3 + rng.Float64()))
	case x < 85:
		d = b.Soft + time.Duration(rng.Float64()*float64(b.Hard-b.Soft))
	default:
		return max(b.Hard+time.Duration(rng.Int64N(int64(time.Millisecond))), firstIteration)
	}
	return max(min(d, b.Hard), firstIteration)
}

// managedSearch runs iterative deepening in simulated time under a Manager:
// each iteration costs 1.6 to 2.6 times the previous one, the best move
// changes at random (less often at depth), the score drifts, and a
// HardStop is noticed within a millisecond (one node batch).
func managedSearch(rng *rand.Rand, m *Manager, ft *fakeTime, b Budget) time.Duration {
	start := ft.t
	m.Start(b, false)
	rootMoves := 40
	if rng.IntN(20) == 0 {
		rootMoves = 1
	}
	cost := 50*time.Microsecond + time.Duration(rng.Int64N(int64(200*time.Microsecond)))
	best, score := uint32(0), rng.IntN(200)-100
	for depth := 1; depth < 100; depth++ {
		iterStart := ft.t
		ft.advance(cost)
		if depth > 1 && m.HardStop() {
			// HardStop is monotonic within an iteration: find when it
			// turned true, then add the node-batch latency.
			lo, hi := time.Duration(0), cost
			for hi-lo > 50*time.Microsecond {
				mid := (lo + hi) / 2
				ft.t = iterStart.Add(mid)
				if m.HardStop() {
					hi = mid
				} else {
					lo = mid
				}
			}
			ft.t = iterStart.Add(hi + time.Duration(rng.Int64N(int64(time.Millisecond))))
			return ft.t.Sub(start)
		}
		if rng.Float64() < 1/float64(depth+1) {
			best = uint32(rng.IntN(rootMoves))
		}
		score += rng.IntN(41) - 20
		if m.IterationDone(Iteration{Depth: depth, Best: best, Score: score, RootMoves: rootMoves}) {
			break
		}
		cost = time.Duration(float64(cost) * (1.6 + rng.Float64()))
	}
	return ft.t.Sub(start)
}

// simControl plays games of 20 to 150 own moves per side under c and
// returns the statistics of Red and Black.
func simControl(c Control, games int, seed uint64, cfg simConfig) [2]simStats {
	rng := rand.New(rand.NewPCG(seed, 0x7133))
	st := [2]simStats{{minLeft: -1}, {minLeft: -1}}
	for range games {
		n := 20 + rng.IntN(131)
		simGame(rng, c.Red, n, cfg, &st[0])
		simGame(rng, c.Black, n-rng.IntN(2), cfg, &st[1])
	}
	return st
}

// timeControlIDs are the controls of TIMECONTROLS.md that Parse accepts.
var timeControlIDs = []string{
	"CXA-6.1", "CXA-6.2", "CXA-6.3", "CXA-6.4", "CXA-6.5=900",
	"NAT-15", "NAT-25", "NAT-30", "NAT-45", "MOVE-150", "SWISS-25/30",
	"LEAGUE-SLOW", "LEAGUE-FAST",
}

func TestSimulatedGames(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 30
	}
	controls := append(timeControlIDs[:len(timeControlIDs):len(timeControlIDs)],
		"10+0.1", "60+0.6", "60", "10/10", "3+2") // engine-match controls
	for i, name := range controls {
		c := mustParse(t, name)
		for _, cfg := range []simConfig{
			{withOption: false, overhead: DefaultMoveOverhead},
			{withOption: true, overhead: DefaultMoveOverhead},
			{withOption: false, overhead: DefaultMoveOverhead, managed: true},
			{withOption: true, overhead: DefaultMoveOverhead, managed: true},
		} {
			n := games
			if cfg.managed {
				n = games / 2
			}
			st := simControl(c, n, uint64(i+1), cfg)
			for side, s := range st {
				t.Logf("%-11s option=%-5v managed=%-5v side=%d games=%d flags=%d emergencies=%d minLeft=%v worst=%.2f (n=%d) used=%.2f",
					name, cfg.withOption, cfg.managed, side, s.games, s.flags, s.emergencies, s.minLeft.Round(time.Millisecond),
					s.worstRatio, s.worstGame, s.used/float64(max(s.games, 1)))
				if s.flags > 0 {
					t.Errorf("%s %+v side %d: %d flag falls in %d games", name, cfg, side, s.flags, n)
				}
				if s.worstRatio > 4 {
					t.Errorf("%s %+v side %d: a middle-game move took %.2f times the average (game of %d moves)",
						name, cfg, side, s.worstRatio, s.worstGame)
				}
				// Emergency mode is for the last moves of long games on a
				// short clock, never a way of life.
				if s.emergencies*100 > s.moves {
					t.Errorf("%s %+v side %d: %d emergency moves in %d", name, cfg, side, s.emergencies, s.moves)
				}
			}
		}
	}
}

// TestSimulatedBullet plays 1 s + 0.01 s games. With a real latency of up
// to 5 ms (a GUI or match runner on the same machine) no flag may fall,
// with a 10 ms Move Overhead or the default, and a move thinks 10 ms or
// more on average: the default overhead scales down with the control. With
// a latency as large as the default overhead (30 ms, more than the
// increment) long games cannot be saved; the emergency mode must still not
// take over the game.
func TestSimulatedBullet(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 30
	}
	c := mustParse(t, "1+0.01")
	for _, cfg := range []simConfig{
		{overhead: 10 * time.Millisecond, latency: 5 * time.Millisecond},
		{overhead: 10 * time.Millisecond, latency: 5 * time.Millisecond, managed: true},
		{overhead: DefaultMoveOverhead, latency: 5 * time.Millisecond},
		{overhead: DefaultMoveOverhead, latency: 5 * time.Millisecond, managed: true},
		{overhead: DefaultMoveOverhead},
	} {
		var all simStats
		all.minLeft = -1
		for _, s := range simControl(c, games, 99, cfg) {
			all.merge(s)
		}
		share := float64(all.emergencies) / float64(max(all.moves, 1))
		avg := all.thought / time.Duration(max(all.moves, 1))
		t.Logf("1+0.01 overhead=%v latency=%v managed=%v: games=%d flags=%d emergency share=%.3f minLeft=%v worst=%.2f thinking %v a move",
			cfg.overhead, cfg.latency, cfg.managed, all.games, all.flags, share, all.minLeft, all.worstRatio, avg)
		if cfg.latency > 0 && all.flags > 0 {
			t.Errorf("overhead %v, latency %v: %d flag falls", cfg.overhead, cfg.latency, all.flags)
		}
		if cfg.latency > 0 && avg < 10*time.Millisecond {
			t.Errorf("overhead %v, latency %v: %v of thought a move on average, want 10 ms or more", cfg.overhead, cfg.latency, avg)
		}
		if share > 0.5 {
			t.Errorf("overhead %v: %.0f%% of the moves in emergency mode", cfg.overhead, share*100)
		}
	}
}
