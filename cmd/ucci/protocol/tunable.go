package protocol

import (
	"strconv"

	"github.com/goxq/ucci/engine"
)

// In a tuning build (-tags tune) every search parameter is also an option,
// under the same name in both dialects, so external tuners can drive it.
func init() {
	for _, tp := range engine.TunableParams {
		options = append(options, option{ucci: tp.Name, uci: tp.Name, kind: kindSpin,
			def: strconv.Itoa(*tp.Value), min: tp.Min, max: tp.Max,
			apply: func(_ *Session, v string) error { return setInt(tp.Value, v, tp.Min, tp.Max) }})
	}
}
