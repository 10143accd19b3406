package event

// System is the way an event is played: Berger, a round robin by the
// round-robin order table (13.1); Swiss (积分编排制); Knockout and
// DoubleElimination; Groups, seeded groups then a final.
type System uint8

// The systems.
const (
	Berger System = iota
	Swiss
	Knockout
	DoubleElimination
	Groups
)

var systemNames = [...]string{"berger", "swiss", "knockout", "double", "groups"}

// String returns the system's name as match.ParseFormat reads it.
func (s System) String() string {
	if int(s) < len(systemNames) {
		return systemNames[s]
	}
	return "berger"
}
