package match

import (
	"fmt"

	"github.com/goxq/ucci/engineproc"
)

// EngineNames returns the names the engines go by in a run's tables,
// reports and PGN: their display names, with the second and later engines
// of one name told apart by a number ("ucci", "ucci (2)", "ucci (3)"). A
// number is never one another engine already goes by: the engines of a
// run always have distinct names.
func EngineNames(engines []engineproc.EngineSpec) []string {
	taken := map[string]bool{}
	for _, e := range engines {
		taken[e.DisplayName()] = true
	}
	seen := map[string]bool{}
	names := make([]string, len(engines))
	for i, e := range engines {
		name := e.DisplayName()
		if seen[name] {
			n := 2
			for taken[numbered(name, n)] {
				n++
			}
			name = numbered(name, n)
			taken[name] = true
		}
		seen[name] = true
		names[i] = name
	}
	return names
}

// numbered returns "NAME (N)".
func numbered(name string, n int) string { return fmt.Sprintf("%s (%d)", name, n) }
