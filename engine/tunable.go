package engine

// TunableParam is a search parameter that a tuning build exposes as an
// engine option with its range.
type TunableParam struct {
	Name     string
	Value    *int
	Min, Max int
}
