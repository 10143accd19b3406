package texel

import (
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/tuning/data"
)

// LoadOptions configures Load.
type LoadOptions struct {
	// Valid is the fraction of games whose positions are held out for
	// validation (0 holds out none).
	Valid float64
	// Seed chooses the held-out games.
	Seed uint64
	// Limit stops after this many samples (0: all).
	Limit int
	// Progress, if set, is called every 4096 samples with the count so far.
	Progress func(samples int)
}

// Load reads a sample file (see package data) into a training and a
// validation dataset, splitting by game so that positions of one game
// never land on both sides.
func Load(path string, opt LoadOptions) (train, valid *Dataset, err error) {
	train, valid = NewDataset(engine.NumEvalParams), NewDataset(engine.NumEvalParams)
	coef := make([]int32, engine.NumEvalParams)
	n := 0
	errStop := errLimit{}
	err = data.EachFile(path, func(s data.Sample, pos *engine.Position) error {
		if opt.Limit > 0 && n >= opt.Limit {
			return errStop
		}
		d := train
		if heldOut(s.Game, opt.Valid, opt.Seed) {
			d = valid
		}
		if err := d.AddPosition(pos, s.Result, coef); err != nil {
			return err
		}
		n++
		if opt.Progress != nil && n%4096 == 0 {
			opt.Progress(n)
		}
		return nil
	})
	if err == errStop {
		err = nil
	}
	if opt.Progress != nil {
		opt.Progress(n)
	}
	return train, valid, err
}

// errLimit stops reading at the sample limit.
type errLimit struct{}

// Error describes the stop.
func (errLimit) Error() string { return "sample limit reached" }

// heldOut tells whether a game belongs to the validation split: a hash of
// the game number and seed, compared with the fraction.
func heldOut(game int, frac float64, seed uint64) bool {
	if frac <= 0 {
		return false
	}
	h := uint64(game) ^ seed*0x9e3779b97f4a7c15
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return float64(h>>11)/(1<<53) < frac
}
