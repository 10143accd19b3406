package engine

//go:generate go run ./internal/searchparams

// TunableParam is a search parameter that a tuning build exposes as an
// engine option with its range. The parameters come from one list,
// internal/searchparams/table.go, which go generate turns into
// searchparams.go (constants) and searchparams_tune.go (the variables of
// a tuning build and their TunableParams).
type TunableParam struct {
	Name     string
	Value    *int
	Min, Max int
}
