package event

import "slices"

// WithdrawalEffect says what became of the results of withdrawn engine p
// in the event, by the table it was last in: cancelled or standing in a
// round robin (20.3), standing in a Swiss (20.4), a walkover in a
// knockout.
func (ev *Event) WithdrawalEffect(p int) string {
	effect := "its remaining games were forfeited"
	for _, t := range ev.Tables() {
		for _, r := range t.Teams {
			if !slices.Contains(ev.teams[r.Team].Engines, p) {
				continue
			}
			switch {
			case r.Cancelled:
				effect = "its team " + r.Name + " withdrew; its results are cancelled (20.3: it met fewer than half of its opponents)"
			case r.Withdrawn && t.Title == "teams swiss":
				effect = "its team " + r.Name + " withdrew; its results stand (20.4) and it was not paired again"
			case r.Withdrawn:
				effect = "its team " + r.Name + " withdrew; its results stand and its remaining matches were forfeited (20.3)"
			default:
				effect = "its boards were forfeited; its team " + r.Name + " played on"
			}
		}
		for _, r := range t.Standings {
			if r.Player != p {
				continue
			}
			switch {
			case r.Cancelled:
				effect = "its results are cancelled (20.3: it met fewer than half of its opponents)"
			case t.System == "round robin":
				effect = "its results stand and its remaining games were forfeited (20.3)"
			case t.System == "swiss":
				effect = "its results stand (20.4) and it was not paired again"
			case t.System == "knockout":
				effect = "it lost its next match by walkover"
			}
		}
	}
	return effect
}
