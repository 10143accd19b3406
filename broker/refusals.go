package broker

import (
	"sync"

	"github.com/rs/zerolog"

	"github.com/goxq/ucci/internal/quote"
)

// refusals tells of the workers' refusals of work under a run's name,
// once per worker and signer.
type refusals struct {
	run    string
	signer string // the coordinator's public key
	log    zerolog.Logger
	mu     sync.Mutex
	told   map[[2]string]bool
}

// tell says what the refusal r means.
func (f *refusals) tell(r *Result) {
	f.mu.Lock()
	key := [2]string{r.Worker, r.Refused.Signer}
	told := f.told[key]
	if f.told == nil {
		f.told = map[[2]string]bool{}
	}
	f.told[key] = true
	f.mu.Unlock()
	if told {
		return
	}
	worker := quote.Input(r.Worker)
	switch {
	case r.Refused.Signer == f.signer:
		f.log.Warn().Msgf("worker %s refused work item %d of run %s signed by this coordinator's key: %s",
			worker, r.ID, f.run, quote.Input(r.Refused.Reason))
	case r.Refused.Signer == "":
		f.log.Warn().Msgf("worker %s refused unsigned work under the name of run %s (item %d): someone publishes work on the broker without a key",
			worker, f.run, r.ID)
	default:
		f.log.Warn().Msgf("worker %s refused work under the name of run %s (item %d) signed by %s, which is not this coordinator's key",
			worker, f.run, r.ID, quote.Input(r.Refused.Signer))
	}
}
