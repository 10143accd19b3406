package enginetest

import (
	"fmt"
	"slices"
	"time"
)

// latencyWait bounds each answer of a latency measurement.
const latencyWait = 10 * time.Second

// IsReadyLatency sends isready to an engine that is searching and returns
// the time until readyok; a bestmove before it is an error.
func (p *Proc) IsReadyLatency() (time.Duration, error) {
	p.tb.Helper()
	start := time.Now()
	p.Send("isready")
	_, before := p.Expect(`^readyok$`, latencyWait)
	d := time.Since(start)
	for _, l := range before {
		if isAnswer(l) {
			return d, fmt.Errorf("%q during go infinite", l)
		}
	}
	return d, nil
}

// StopLatency starts go infinite, lets it search for think, sends stop and
// returns the time until bestmove.
func (p *Proc) StopLatency(think time.Duration) time.Duration {
	p.tb.Helper()
	p.Send("position startpos moves h2e2 h9g7", "go infinite")
	time.Sleep(think)
	start := time.Now()
	p.Send("stop")
	p.Expect(`^bestmove [a-i][0-9][a-i][0-9]`, latencyWait)
	return time.Since(start)
}

// Summary returns the median and the worst of latency samples (0, 0 for
// none).
func Summary(d []time.Duration) (median, worst time.Duration) {
	if len(d) == 0 {
		return 0, 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2], s[len(s)-1]
}
