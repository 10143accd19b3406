package timeman

import "time"

// plan describes the clock ahead of the engine for one move: what is on the
// clock, what each later move adds, and how far ahead to look.
type plan struct {
	t, o, margin time.Duration
	keep         time.Duration // kept on the clock in increment games
	inc          time.Duration // increment after this move
	mtg          int           // moves to go in the running period (0 = sudden death)
	horizon      int           // longest horizon planned for, in moves
	longHorizon  int           // pessimistic horizon, for the spike limit
	sch          Schedule      // the timecontrol option's schedule, if it has a clock
	known        bool          // later periods are known (sch is set)
	period       int           // index of the running period in sch
}

// newPlan gathers the figures of go and the timecontrol option.
func newPlan(l Limits, s Settings, t, o time.Duration) plan {
	p := plan{t: t, o: o, margin: margin(t), inc: l.Inc, mtg: l.MovesToGo}
	if s.Schedule.HasClock() {
		idx, mtg := s.Schedule.locate(s.MovesPlayed)
		// The option is trusted only where it agrees with the GUI: a
		// different movestogo means it does not describe this game (or the
		// move count is off), and its later periods are then ignored.
		if l.MovesToGo <= 0 || l.MovesToGo == mtg {
			p.sch, p.known, p.period = s.Schedule, true, idx
			p.mtg = min(max(mtg, 0), MaxPeriodMoves)
			if p.inc == 0 {
				p.inc = clampDuration(s.Schedule.period(idx).Inc)
			}
		}
	}
	p.keep = min(p.inc*incReserve, p.t/4)
	switch {
	case p.mtg == 0:
		p.horizon = expectedMoves(s.MovesPlayed, p.inc > 0)
		p.longHorizon = longMoves(s.MovesPlayed)
	case p.known:
		p.horizon = max(expectedMoves(s.MovesPlayed, p.inc > 0), p.mtg+unknownExtra)
		p.longHorizon = max(longMoves(s.MovesPlayed), p.mtg+unknownExtra)
	default:
		// The next period is unknown: assume it brings as much time as it
		// needs, and carry a reserve of unknownExtra moves into it.
		p.horizon = p.mtg + unknownExtra
		p.longHorizon = p.horizon
	}
	return p
}

// fairShare returns the time one move may take so that, for every h up to
// the horizon, h moves fit in the time available for them: the clock,
// minus the margin and h overheads, plus the increments of the first h-1
// moves and the bases of the periods that start early enough (controlDelay
// moves after their control move). It is never negative.
func (p *plan) fairShare(horizon int) time.Duration {
	avail := p.t - p.margin - p.keep
	inc := p.inc
	mtg := p.mtg // moves left in the period of move h
	period := p.period
	var pending [controlDelay]time.Duration // bases waiting out controlDelay
	best := time.Duration(-1)
	for h := 1; h <= horizon; h++ {
		// The overhead is reserved in full for this move and the next few;
		// later moves are charged half of it, the latency to expect.
		if h <= reserveMoves+1 {
			avail -= p.o
		} else {
			avail -= p.o / 2
		}
		if share := avail / time.Duration(h); best < 0 || share < best {
			best = share
		}
		// Move h is made: its increment arrives, and if it completes a
		// period the next base is queued.
		avail += inc + pending[0]
		copy(pending[:], pending[1:])
		pending[controlDelay-1] = 0
		if mtg > 0 {
			mtg--
			if mtg == 0 && p.known {
				period++
				next := p.sch.period(period)
				pending[controlDelay-1] = clampDuration(next.Base)
				mtg, inc = min(max(next.Moves, 0), MaxPeriodMoves), clampDuration(next.Inc)
			}
		}
	}
	return max(best, 0)
}

// firstBase returns the base of the option's first period, or 0 if unknown.
func (p *plan) firstBase() time.Duration {
	if !p.known {
		return 0
	}
	return p.sch.Periods[0].Base
}
