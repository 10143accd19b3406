package match

import (
	"context"
	"time"

	"github.com/goxq/ucci/engineproc"
)

// errCancelled is the error of a match cancelled: the one a session's wait
// cut short by the context returns.
var errCancelled = engineproc.ErrCancelled

// session is an engine of the match: an engine process past its handshake
// (engineproc.Session) with what the runner keeps about it between move
// requests.
type session struct {
	*engineproc.Session
	broken  bool              // left in an unknown state: close, do not reuse
	stopped bool              // stop was sent during the last search
	ponder  *ponderState      // the ponder search running, nil when none
	onInfo  func(text string) // sees the info lines of a search (Config.Watch), nil: none
}

// openSession starts the engine of spec and runs the handshake
// (engineproc.OpenSession).
func openSession(ctx context.Context, spec *engineproc.EngineSpec, proto engineproc.Protocol, o engineproc.SessionOptions) (*session, error) {
	s, err := engineproc.OpenSession(ctx, spec, proto, o)
	if err != nil {
		return nil, err
	}
	return &session{Session: s}, nil
}

// newGame forgets the last game's stop and ponder search, tells the engine
// that a new game starts and syncs.
func (s *session) newGame(ctx context.Context, timeout time.Duration) error {
	s.stopped, s.ponder = false, nil
	return s.NewGame(ctx, timeout)
}
