//go:build !tune

package engine

// TunableParams is empty in a normal build: the search parameters are
// constants.
var TunableParams []TunableParam
