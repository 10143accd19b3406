package protocol

import (
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/internal/paths"
)

// setEvalFile selects the evaluation named by v: the embedded network
// ("<embedded>"), the classical evaluation ("<classical>"), the default
// one (nnue.DefaultEval, also for an empty value) or the network in a
// file. A file that cannot be used is reported and the current evaluation
// kept.
func (s *Session) setEvalFile(v string) error {
	if v == "" {
		v = nnue.DefaultEval
	}
	name := v
	switch {
	case nnue.IsEmbedded(v):
		name = nnue.EmbeddedName
	case nnue.IsClassical(v):
		name = nnue.ClassicalName
	default:
		v = paths.Resolve(v)
	}
	n, err := nnue.Open(v)
	if err != nil {
		return err
	}
	s.configure(func(st *engine.Settings) { st.Net = n })
	s.evalName = name
	s.evalAnnounced = false
	return nil
}

// announceEval says once, at the first isready or go after the evaluation
// was chosen, which evaluation the engine uses.
func (s *Session) announceEval() {
	if s.evalAnnounced || s.dialect == dialectNone {
		return
	}
	s.evalAnnounced = true
	if n := s.searcher.Settings().Net; n != nil {
		desc := n.Description
		if len(desc) > 120 {
			desc = desc[:117] + "..."
		}
		s.say("evaluation: network " + s.evalName + " (" + desc + ")")
		return
	}
	s.say("evaluation: classical")
}

// staticEval returns the evaluation the search uses of the current
// position, from the side to move.
func (s *Session) staticEval() int {
	return engine.StaticEval(s.pos, s.searcher.Settings())
}
