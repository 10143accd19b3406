package timeman

import "time"

// Tuning constants of Allocate. The simulation test (sim_test.go) checks
// them against every control of TIMECONTROLS.md.
const (
	// safetyMargin plus Time/marginDivisor stays on the clock beyond the
	// Move Overhead: it absorbs the delay between the search's stop checks
	// and timer jitter.
	safetyMargin  = 5 * time.Millisecond
	marginDivisor = 32
	// minThink is the least a move is assumed to cost beyond the overhead;
	// the reserves for later moves are counted in overhead plus minThink.
	minThink = 2 * time.Millisecond
	// unknownExtra is how many moves past the control a period plan
	// stretches when the next period is unknown (movestogo without the
	// timecontrol option): the reserve carried into the next period, and
	// what stops movestogo 1 from spending the whole clock.
	unknownExtra = 10
	// controlDelay: a known next period's base counts as usable only this
	// many moves after the control move, so that the last moves of a
	// period never plan to use up the clock.
	controlDelay = 3
	// hardRatio bounds the hard limit to this multiple of the target;
	// blindHardRatio applies instead when movestogo comes without the
	// timecontrol option, so that later periods may be poorer than the
	// plan assumes.
	hardRatio      = 2.2
	blindHardRatio = 1.8
	// reserveMoves is how many later moves a sudden-death clock keeps the
	// minimal cost of in hand; it is also the emergency threshold.
	reserveMoves = 4
	// ponderBonus raises the target by this percentage when pondering is
	// on, since ponder hits give back time.
	ponderBonus = 20
	// Expected number of own moves still to come in a game, after k own
	// moves: horizonStart - k*horizonSlopeNum/horizonSlopeDen, but at least
	// horizonMin.
	horizonStart    = 50
	horizonSlopeNum = 1
	horizonSlopeDen = 2
	horizonMin      = 22
	// With an increment the clock cannot run dry, and games rarely last
	// as long as the sudden-death horizon assumes: the horizon is shorter,
	// so that the time is used instead of left on the clock at the end.
	incHorizonStart = 35
	incHorizonMin   = 22
	// A single move never takes more than spikeRatio times the share it
	// would get if the game lasted longGame own moves in all (at least
	// horizonMin more): this keeps the spread even in very long games.
	longGame   = 150
	spikeRatio = 3.5
	// incReserve increments (but at most a quarter of the clock) are kept
	// out of the plan in increment games, so that the clock settles above
	// them instead of near zero.
	incReserve = 2
	// In increment games the Move Overhead is at most 1/overheadShare of
	// the time the clock holds for the next overheadMoves moves (clock
	// plus their increments), and at least minOverhead: a fixed overhead
	// sized for slow games would leave a bullet game (1 s + 0.01 s) almost
	// nothing to think with.
	overheadShare = 100
	overheadMoves = 40
	minOverhead   = 2 * time.Millisecond
)

// overheadFor returns the Move Overhead applied with the clock t and the
// increment inc: the setting o, scaled down for fast increment controls.
// Without an increment the clock only shrinks, and the full overhead
// stays reserved to the end.
func overheadFor(o, t, inc time.Duration) time.Duration {
	if inc <= 0 {
		return o
	}
	return min(o, max((t+overheadMoves*inc)/overheadShare, minOverhead))
}

// Allocate computes the time budget of one move from what arrived with go
// and from the engine's settings. It never allocates memory and accepts any
// input (negative or huge figures are clamped).
//
// Cases, in order:
//   - MoveTime: Fixed; Soft = Hard = MoveTime minus the overhead (at least a
//     quarter of MoveTime), also bounded by the clock and the cap.
//   - No clock figure: unlimited, unless a move cap is set (cap budget:
//     Hard = cap minus overhead and margin, Soft = Hard/2).
//   - A timecontrol option with only a move cap: the cap budget, also
//     bounded by the time sent.
//   - Otherwise the clock is planned (see plan.fairShare): the fair share
//     is the most a move may take so that, for every horizon of h moves, h
//     moves fit in the time available for them. Soft is the fair share
//     (plus ponderBonus when pondering is on). Hard is the least of
//     hardRatio × the fair share (blindHardRatio when movestogo comes
//     without the option), spikeRatio × the fair share of a long game, and
//     the clock minus margin, Move Overhead, the increment reserve and the
//     minimal cost of the moves that must still be made before new time
//     arrives; it is capped by the move cap. When the clock is below the
//     emergency line (overhead, margin and the minimal cost of a few
//     moves, scaled down for games with a tiny base) the budget is an
//     Emergency one: Soft 0, Hard a fifth of what is left.
func Allocate(l Limits, s Settings) Budget {
	l = l.clamped()
	o := clampDuration(s.MoveOverhead)
	moveCap := clampDuration(minPositive(s.MoveCap, s.Schedule.MoveCap))
	t := l.Time

	if l.MoveTime > 0 {
		hard := max(l.MoveTime-o, l.MoveTime/4)
		if moveCap > 0 {
			hard = min(hard, capLimit(moveCap, o))
		}
		if l.TimeSet {
			hard = min(hard, max(t-o-margin(t), 0))
		}
		return Budget{Limited: true, Soft: hard, Hard: hard, Fixed: true}
	}
	if !l.TimeSet {
		if moveCap > 0 {
			h := capLimit(moveCap, o)
			return Budget{Limited: true, Soft: h / 2, Hard: h}
		}
		return Budget{}
	}
	if moveCap > 0 && !s.Schedule.HasClock() && !s.Schedule.IsZero() {
		// The option says there is no game clock, only the cap; the time
		// sent is that cap (e.g. go time 150000 movestogo 1).
		h := min(capLimit(moveCap, o), max(t-o-margin(t), 0))
		return Budget{Limited: true, Soft: h / 2, Hard: h, Emergency: h == 0}
	}

	p := newPlan(l, s, t, overheadFor(o, t, l.Inc))
	o = p.o
	fair := p.fairShare(p.horizon)
	// The spike bound needs a long game's share; when the overheads of so
	// many moves alone exceed the clock (little time, no increment), that
	// share is zero and only the fair share bounds the move.
	spike := time.Duration(float64(fair) * ratioFor(p))
	if long := p.fairShare(p.longHorizon); long > 0 {
		spike = min(spike, time.Duration(float64(long)*spikeRatio))
	}
	floor := max(o+minThink-p.inc, 0) // net cost of one quick move
	reserveFor := reserveMoves
	if p.mtg > 0 {
		reserveFor = p.mtg - 1
	}
	room := t - o - p.margin - p.keep // most this move may take
	hard := min(spike, room-floor*time.Duration(reserveFor))
	if moveCap > 0 {
		hard = min(hard, capLimit(moveCap, o))
	}
	hard = max(hard, 0)
	soft := fair
	if s.Ponder {
		soft += soft * ponderBonus / 100
	}
	soft = min(soft, hard)

	// Emergency: the clock no longer covers this move and the reserve.
	line := o + minThink + p.margin + floor*time.Duration(min(reserveFor, reserveMoves))
	if base := p.firstBase(); base > 0 {
		// Scale to the game's base time, so that very fast games (1 s +
		// 0.01 s) do not spend most moves in emergency mode.
		line = min(line, max(base/8, o+minThink))
	}
	if t < line || hard == 0 {
		// Answer from the first completed iteration, within a fraction of
		// what is left.
		quick := max(room, 0) / time.Duration(reserveMoves+1)
		if hard > 0 {
			quick = min(quick, hard)
		}
		return Budget{Limited: true, Hard: quick, Emergency: true}
	}
	return Budget{Limited: true, Soft: soft, Hard: hard}
}

// maxDuration bounds every time figure Allocate works with, so that sums
// over a plan cannot overflow.
const maxDuration = MaxSeconds * time.Second

// clampDuration limits d to [0, maxDuration].
func clampDuration(d time.Duration) time.Duration { return min(max(d, 0), maxDuration) }

// clamped returns l with every figure within the ranges Allocate plans for.
func (l Limits) clamped() Limits {
	l.Time = clampDuration(l.Time)
	l.Inc = clampDuration(l.Inc)
	l.MoveTime = clampDuration(l.MoveTime)
	l.MovesToGo = min(max(l.MovesToGo, 0), MaxPeriodMoves)
	return l
}

// margin is the safety margin kept on a clock showing t.
func margin(t time.Duration) time.Duration { return safetyMargin + t/marginDivisor }

// capLimit is the hard limit a per-move cap allows.
func capLimit(moveCap, o time.Duration) time.Duration {
	return max(moveCap-o-margin(moveCap), 0)
}

// minPositive returns the smaller of the positive values among a and b, or 0
// if neither is positive.
func minPositive(a, b time.Duration) time.Duration {
	switch {
	case a <= 0:
		return max(b, 0)
	case b <= 0:
		return a
	default:
		return min(a, b)
	}
}

// ratioFor returns the hard limit's multiple of the fair share.
func ratioFor(p plan) float64 {
	if p.mtg > 0 && !p.known {
		return blindHardRatio
	}
	return hardRatio
}

// longMoves is the pessimistic number of own moves still to come after
// played own moves.
func longMoves(played int) int { return max(longGame-max(played, 0), horizonMin) }

// expectedMoves estimates how many own moves are still to come after
// played own moves, with or without an increment.
func expectedMoves(played int, increment bool) int {
	played = max(played, 0)
	if increment {
		return max(incHorizonStart-played*horizonSlopeNum/horizonSlopeDen, incHorizonMin)
	}
	return max(horizonStart-played*horizonSlopeNum/horizonSlopeDen, horizonMin)
}
