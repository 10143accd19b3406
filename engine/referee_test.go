package engine

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// rulesCase is one row of testdata/rules_cases.tsv.
type rulesCase struct {
	id, title, fen string
	moves          []string
	cxa, axf       string
}

func loadRulesCases(t *testing.T) []rulesCase {
	t.Helper()
	f, err := os.Open("testdata/rules_cases.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []rulesCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 9 || cols[0] == "id" {
			continue
		}
		cases = append(cases, rulesCase{id: cols[0], title: cols[8], fen: cols[2],
			moves: strings.Fields(cols[3]), cxa: cols[4], axf: cols[5]})
	}
	return cases
}

// expectedResult turns a verdict column into a PGN result; ok is false when
// the column does not settle the case ("?" or a tentative "…?").
func expectedResult(col string) (string, bool) {
	if strings.HasSuffix(col, "?") {
		return "", false
	}
	switch col {
	case "=":
		return "1/2-1/2", true
	case "ongoing":
		return "*", true
	}
	return col, true
}

func TestRulesCases(t *testing.T) {
	for _, c := range loadRulesCases(t) {
		for _, rules := range []RuleSet{RulesCXA, RulesAXF} {
			col := c.cxa
			if rules == RulesAXF {
				col = c.axf
			}
			want, settled := expectedResult(col)
			g, err := NewGame(c.fen, rules)
			if err != nil {
				t.Fatalf("%s: %v", c.id, err)
			}
			var v Verdict
			for i, mv := range c.moves {
				if v, err = g.PlayMove(mv); err != nil {
					t.Fatalf("%s/%s: move %d %s: %v", c.id, rules, i+1, mv, err)
				}
			}
			if !settled {
				t.Logf("%s/%s (%s): got %s, rule text unsettled", c.id, rules, c.title, v)
				continue
			}
			if v.Result() != want {
				t.Errorf("%s/%s (%s): got %s, want %s", c.id, rules, c.title, v, want)
			}
		}
	}
}
