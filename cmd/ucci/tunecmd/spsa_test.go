package tunecmd

import (
	"strings"
	"testing"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/tuning/spsa"
)

func TestSPSAUsage(t *testing.T) {
	for _, args := range [][]string{{"-iterations", "0"}, {"-pairs", "0"}, {"-c-end", "0"}, {"extra"}} {
		if code, _, _ := run(SPSA, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if len(engine.TunableParams) == 0 {
		code, _, errOut := run(SPSA, "-iterations", "1")
		if code != 2 || !strings.Contains(errOut, "-tags tune") {
			t.Errorf("normal build: exit %d, %q", code, errOut)
		}
	} else if code, _, errOut := run(SPSA, "-params", "NoSuchParam"); code != 2 || !strings.Contains(errOut, "nosuchparam") {
		t.Errorf("unknown parameter: exit %d, %q", code, errOut)
	}
}

func TestSPSAChartAndOptions(t *testing.T) {
	params := []spsa.Param{{Name: "A", Value: 10, Min: 0, Max: 20}, {Name: "B", Value: 1, Min: 1, Max: 3}}
	opts := spsaOptions(params, []int{12, 3})
	if len(opts) != 2 || opts[0].Name != "A" || opts[0].Value != "12" || opts[1].Value != "3" {
		t.Errorf("options %+v", opts)
	}
	res := &spsa.Result{Steps: []spsa.Step{{Iter: 1, Theta: []float64{15, 2}}}}
	c := spsaChart(params, res)
	if len(c.Series) != 2 || c.Series[0].Y[0] != 0.5 || c.Series[0].Y[1] != 0.75 || c.Series[1].Y[1] != 0.5 {
		t.Errorf("chart series %+v", c.Series)
	}
}
