package match

import "github.com/goxq/ucci/match/event"

// EventOptions are the settings of an event (Config.Format one of the
// event formats): the event's own (event.Options, which the event's
// system reads) and the runner's.
type EventOptions struct {
	event.Options
	// Resume, when set, is the record of an interrupted run of the same
	// event (read back from its PGN with ReadResume): its games are taken
	// as played, each replayed through the referee first; a record that
	// does not fit the event stops it with a *ResumeError (CheckResume
	// finds it without playing).
	Resume *Resume
	// CrashLimit withdraws an engine that loses this many games in a row
	// by a crash, a failed start included (default 3).
	CrashLimit int
	// OnRound, if set, is called after each round with the result so far
	// (Result.Event holds the tables).
	OnRound func(*Result)
}

// system returns the event system of an event format.
func (f Format) system() event.System {
	return event.System(f - Berger)
}
