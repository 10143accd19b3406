package engine

import (
	"fmt"
	"strings"

	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/engine/tb"
)

// Level is a UCCI level of a search feature: none, small, medium, large.
type Level uint8

// The levels.
const (
	LevelNone Level = iota
	LevelSmall
	LevelMedium
	LevelLarge
)

var levelNames = [...]string{"none", "small", "medium", "large"}

// LevelNames returns the level words in order (the UCCI combo values).
func LevelNames() []string { return levelNames[:] }

// String returns the level's UCCI word.
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", l)
}

// ParseLevel reads a level word (any case).
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if strings.EqualFold(s, n) {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not one of %s", s, strings.Join(levelNames[:], ", "))
}

// Settings is how a Searcher plays: set between searches with Configure.
type Settings struct {
	Rules        RuleSet
	NaturalLimit int // natural-move limit in plies; 0 = off
	// Pruning: none is plain alpha-beta with quiescence (no null move,
	// no futility, razoring, late-move or history pruning, no reductions,
	// no singular extensions and multi-cut, no delta pruning or lazy
	// evaluation in quiescence; check extensions stay); small keeps
	// everything but the null move; medium and large everything.
	Pruning Level
	// Knowledge: none evaluates material only, small material and
	// piece-square values, medium and large everything (the network when
	// one is set).
	Knowledge Level
	// Idle makes the search sleep now and then to leave that much CPU
	// free: none, about 10%, 25% and 50%.
	Idle Level
	// Net is the evaluation network; nil selects the classical evaluation.
	Net *nnue.Net
	// Tablebases are probed by the search (see tbprobe.go); nil for none.
	Tablebases *tb.Tables
}

// DefaultSettings returns the settings of a new Searcher: the Chinese
// rules, the 120-ply natural limit, full pruning and knowledge, no idling,
// the classical evaluation.
func DefaultSettings() Settings {
	return Settings{Rules: RulesCXA, NaturalLimit: DefaultNaturalLimit, Pruning: LevelLarge, Knowledge: LevelLarge}
}

// Configure sets how the searcher plays; changing the evaluation clears
// the table, whose stored evaluations came from the other one. Not during
// a search.
func (s *Searcher) Configure(st Settings) {
	if st.Net != s.cfg.Net && s.ttUsed {
		s.tt.Clear()
		s.ttUsed = false
	}
	s.cfg = st
}

// Settings returns how the searcher plays.
func (s *Searcher) Settings() Settings { return s.cfg }
