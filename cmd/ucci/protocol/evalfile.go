package protocol

import (
	"strings"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/internal/paths"
)

// classicalEval is the evalfile value that selects the classical
// evaluation.
const classicalEval = "<classical>"

// setEvalFile loads the evaluation network named by v (a net file) or
// selects the classical evaluation ("<classical>", "classical", empty). A
// file that cannot be used is reported and the current evaluation kept.
func (s *Session) setEvalFile(v string) error {
	if v == "" || strings.EqualFold(strings.Trim(v, "<>"), "classical") {
		s.configure(func(st *engine.Settings) { st.Net = nil })
		s.evalName = classicalEval
		s.evalAnnounced = false
		return nil
	}
	n, err := nnue.Load(paths.Resolve(v))
	if err != nil {
		return err
	}
	s.configure(func(st *engine.Settings) { st.Net = n })
	s.evalName = v
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

// staticEval returns the evaluation in use of the current position, from
// the side to move.
func (s *Session) staticEval() int {
	if n := s.searcher.Settings().Net; n != nil {
		return s.pos.EvaluateNet(n)
	}
	return s.pos.Evaluate()
}
