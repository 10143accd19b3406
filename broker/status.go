package broker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/goxq/ucci/match"
)

// The states of a run.
const (
	StateRunning     = "running"
	StateFinished    = "finished"
	StateInterrupted = "interrupted" // stopped before its end: it can be resumed
	StateFailed      = "failed"
)

// Status is the state of a run as its coordinator keeps it on the broker
// (the key-value bucket XQ_RUNS under the run id), updated as games are
// counted, for `ucci match status`.
type Status struct {
	Run string `json:"run"`
	// Fingerprint digests the engines, the rules and the schedule: a run
	// is resumed only by the same match.
	Fingerprint string `json:"fingerprint"`
	State       string `json:"state"`
	Error       string `json:"error,omitempty"`
	// Engines are the engines' names; the record is the first one's.
	Engines []string     `json:"engines"`
	Planned int          `json:"planned"`
	Games   int          `json:"games"`
	Record  match.Record `json:"record"`
	// SPRT is the state of the test, nil without one.
	SPRT *match.SPRTStatus `json:"sprt,omitempty"`
	// Workers are the workers heard of lately (of any run: they share the
	// queue), with their game pair slots and the slots playing.
	Workers int `json:"workers"`
	Slots   int `json:"slots"`
	Busy    int `json:"busy"`
	// GamesPerMinute is the rate at which the workers finished this run's
	// games over the last minutes (games read back on a resume aside).
	GamesPerMinute float64 `json:"gpm"`
	// Starts counts the coordinators that ran the run (1 + resumes).
	Starts  int       `json:"starts"`
	Started time.Time `json:"started"`
	Resumed time.Time `json:"resumed,omitzero"`
	Updated time.Time `json:"updated"`
	// Problem, set by ReadStatus only, says why the run's entry cannot be
	// used (it cannot be read, or its numbers are impossible); Run is then
	// the entry's key and the other fields are unset.
	Problem string `json:"-"`
}

// check rejects a status whose fields no coordinator writes: an unknown
// state, negative or impossible counts, rates and SPRT figures that are
// not finite, a missing time.
func (s *Status) check() error {
	switch {
	case s.State != StateRunning && s.State != StateFinished && s.State != StateInterrupted && s.State != StateFailed:
		return fmt.Errorf("unknown state %q", s.State)
	case s.Planned < 0 || s.Games < 0 || s.Games > s.Planned:
		return fmt.Errorf("%d of %d games", s.Games, s.Planned)
	case s.Record.Wins < 0 || s.Record.Draws < 0 || s.Record.Losses < 0 ||
		s.Record.Wins+s.Record.Draws+s.Record.Losses > s.Games:
		return fmt.Errorf("record W %d D %d L %d in %d games", s.Record.Wins, s.Record.Draws, s.Record.Losses, s.Games)
	case s.Workers < 0 || s.Slots < 0 || s.Busy < 0 || s.Busy > s.Slots:
		return fmt.Errorf("%d workers, %d slots, %d playing", s.Workers, s.Slots, s.Busy)
	case !(s.GamesPerMinute >= 0) || math.IsInf(s.GamesPerMinute, 0):
		return fmt.Errorf("%v games a minute", s.GamesPerMinute)
	case s.Starts < 0:
		return fmt.Errorf("%d starts", s.Starts)
	case s.Started.IsZero() || s.Updated.IsZero():
		return errors.New("no start or update time")
	}
	if t := s.SPRT; t != nil {
		for _, v := range []float64{t.Test.Elo0, t.Test.Elo1, t.Test.Alpha, t.Test.Beta, t.LLR, t.Lower, t.Upper} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return errors.New("SPRT figures that are not finite")
			}
		}
		if t.Decision != "" && t.Decision != "H0" && t.Decision != "H1" {
			return fmt.Errorf("SPRT decision %q", t.Decision)
		}
	}
	return nil
}

// statusBoard keeps a run's Status on the broker.
type statusBoard struct {
	kv   jetstream.KeyValue
	mu   sync.Mutex
	doc  Status
	last time.Time // of the last update sent
	warn bool      // a failed update was logged
}

// statusEvery is the shortest time between two updates of a run's status
// while games are counted; statusRefresh is how often it is sent while
// none is, so that a run with long games still shows as alive.
const (
	statusEvery   = time.Second
	statusRefresh = 30 * time.Second
)

// openStatus creates the status of a new run, or checks that a resumed run
// is on the broker and was started by the same match (fingerprint).
func openStatus(ctx context.Context, js jetstream.JetStream, run, fingerprint string, resume bool) (*statusBoard, error) {
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: runsBucket, TTL: keepResults})
	if err != nil {
		return nil, fmt.Errorf("run status bucket: %w", err)
	}
	b := &statusBoard{kv: kv}
	now := time.Now().UTC()
	if !resume {
		b.doc = Status{Run: run, Fingerprint: fingerprint, State: StateRunning, Starts: 1, Started: now, Updated: now}
		data, _ := json.Marshal(b.doc)
		switch _, err := kv.Create(ctx, run, data); {
		case errors.Is(err, jetstream.ErrKeyExists):
			return nil, fmt.Errorf("run %s is on the broker already: resume it instead", run)
		case err != nil:
			return nil, fmt.Errorf("run status: %w", err)
		}
		return b, nil
	}
	e, err := kv.Get(ctx, run)
	switch {
	case errors.Is(err, jetstream.ErrKeyNotFound):
		return nil, fmt.Errorf("run %s is not on the broker (no such run, or older than %d days)", run, keepResults/(24*time.Hour))
	case err != nil:
		return nil, fmt.Errorf("run status: %w", err)
	}
	if err := json.Unmarshal(e.Value(), &b.doc); err != nil {
		return nil, fmt.Errorf("run %s: unreadable status: %v", run, err)
	}
	if b.doc.Fingerprint != fingerprint {
		return nil, fmt.Errorf("run %s was started with other engines, games, openings or rules: resume it with the settings it was started with", run)
	}
	b.doc.State, b.doc.Error, b.doc.Resumed, b.doc.Updated = StateRunning, "", now, now
	b.doc.Starts++
	data, _ := json.Marshal(b.doc)
	// Update, not Put: of two coordinators resuming the run at once, one
	// is refused.
	if _, err := kv.Update(ctx, run, data, e.Revision()); err != nil {
		return nil, fmt.Errorf("run %s: another coordinator took the run over just now (%v)", run, err)
	}
	return b, nil
}

// Counted updates the run's status after game g was counted in r (a
// match.Config.OnGame); updates are sent at most every statusEvery, and
// after the last game.
func (c *Coordinator) Counted(_ match.GameResult, r *match.Result) {
	c.status.mu.Lock()
	c.status.doc.fill(r)
	send := len(r.Games) >= r.Planned || time.Since(c.status.last) >= statusEvery
	c.status.mu.Unlock()
	if send {
		c.sendStatus()
	}
}

// Finish records how the run ended: the result r (nil when the match did
// not start) and the error that stopped it.
func (c *Coordinator) Finish(r *match.Result, err error) {
	c.status.mu.Lock()
	d := &c.status.doc
	d.State = StateFinished
	if r != nil {
		d.fill(r)
		if r.Interrupted {
			d.State = StateInterrupted
		}
	}
	if err != nil {
		d.State, d.Error = StateFailed, err.Error()
	}
	c.status.mu.Unlock()
	c.sendStatus()
}

// fill copies the tallies of r.
func (d *Status) fill(r *match.Result) {
	d.Engines = r.Names
	d.Planned, d.Games = r.Planned, len(r.Games)
	if len(r.Players) > 0 {
		d.Record = r.Players[0].Record
	}
	d.SPRT = nil
	if r.SPRT != nil && !math.IsNaN(r.SPRT.LLR) && !math.IsInf(r.SPRT.LLR, 0) {
		s := *r.SPRT
		d.SPRT = &s
	}
}

// sendStatus puts the run's status, with the workers and the rate of now,
// on the broker.
func (c *Coordinator) sendStatus() {
	now := time.Now()
	w, slots, busy := c.link.workers.count(now)
	b := c.status
	b.mu.Lock()
	b.doc.Workers, b.doc.Slots, b.doc.Busy = w, slots, busy
	b.doc.GamesPerMinute = c.rate.perMinute(now)
	b.doc.Updated = now.UTC()
	b.last = now
	data, err := json.Marshal(b.doc)
	b.mu.Unlock()
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err = b.kv.Put(ctx, c.run, data)
		cancel()
	}
	b.mu.Lock()
	warn := err != nil && !b.warn
	b.warn = b.warn || warn
	b.mu.Unlock()
	if warn {
		c.log.Warn().Err(err).Msg("updating the run's status on the broker")
	}
}

// refresh sends the run's status every statusRefresh until the returned
// stop is called.
func (c *Coordinator) refresh() (stop func()) { return every(statusRefresh, c.sendStatus) }

// Live returns the workers, the rate of games and the time left at that
// rate for the progress line of the match state r (a
// match.Progress.Live): "3 workers (6 slots)  41.2 games/min  ETA 2m7s".
// Games read back on a resume do not count in the rate.
func (c *Coordinator) Live(r *match.Result) string {
	now := time.Now()
	w, slots, _ := c.link.workers.count(now)
	gpm := c.rate.perMinute(now)
	text := fmt.Sprintf("%d %s (%d slots)  %.1f games/min", w, plural(w, "worker"), slots, gpm)
	if left := r.Planned - len(r.Games); left > 0 && gpm > 0 {
		eta := time.Duration(float64(left) / gpm * float64(time.Minute))
		text += "  ETA " + eta.Round(time.Second).String()
	}
	return text
}

// plural returns word for n == 1, word+"s" otherwise.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// ErrNoRun is returned by ReadStatus for a run that is not on the broker.
var ErrNoRun = errors.New("no such run on the broker")

// ReadStatus returns the status of run, or of every run on the broker
// (oldest first) when run is "". An entry that cannot be read, or whose
// numbers are impossible (Status.check), comes back with only Run and
// Problem set, and the others are read all the same.
func ReadStatus(ctx context.Context, nc *nats.Conn, run string) ([]Status, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	kv, err := js.KeyValue(ctx, runsBucket)
	switch {
	case errors.Is(err, jetstream.ErrBucketNotFound):
		if run != "" {
			return nil, fmt.Errorf("run %s: %w", run, ErrNoRun)
		}
		return nil, nil
	case err != nil:
		return nil, noJetStream(nc, fmt.Errorf("run status bucket: %w", err))
	}
	var keys []string
	if run != "" {
		keys = []string{run}
	} else {
		lister, err := kv.ListKeys(ctx)
		if err != nil {
			return nil, fmt.Errorf("runs: %w", err)
		}
		for k := range lister.Keys() {
			keys = append(keys, k)
		}
	}
	var out []Status
	for _, k := range keys {
		e, err := kv.Get(ctx, k)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound) && run != "":
			return nil, fmt.Errorf("run %s: %w", run, ErrNoRun)
		case errors.Is(err, jetstream.ErrKeyNotFound):
			continue // removed meanwhile
		case err != nil:
			return nil, fmt.Errorf("run %s: %w", k, err)
		}
		var s Status
		if err := json.Unmarshal(e.Value(), &s); err != nil {
			out = append(out, Status{Run: k, Problem: "unreadable: " + err.Error()})
			continue
		}
		if err := s.check(); err != nil {
			out = append(out, Status{Run: k, Problem: "impossible: " + err.Error()})
			continue
		}
		if s.Run != k {
			out = append(out, Status{Run: k, Problem: fmt.Sprintf("the entry names another run, %q", s.Run)})
			continue
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Status) int {
		if c := a.Started.Compare(b.Started); c != 0 {
			return c
		}
		return strings.Compare(a.Run, b.Run)
	})
	return out, nil
}
