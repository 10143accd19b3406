package match

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/goxq/ucci/engine"
)

// WriteReport writes the summary of the match: per pairing W/D/L, score,
// Elo with its 95% interval, LOS, draw ratio and game-pair counts; per
// engine points, time losses and average time left; the ponder hits of
// engines that ponder; the termination
// counts; the SPRT state; and for a round robin the table with its
// tie-breaks.
func (r *Result) WriteReport(w io.Writer) error {
	var b strings.Builder
	state := ""
	if r.Interrupted {
		state = " (interrupted)"
	}
	if r.SPRT != nil && r.SPRT.Decision != "" {
		state = " (SPRT decided)"
	}
	if r.Unplayed > 0 {
		state += fmt.Sprintf(" (%d unplayed: both engines absent)", r.Unplayed)
	}
	fmt.Fprintf(&b, "Games: %d of %d%s\n", len(r.Games), r.Planned, state)
	for _, p := range r.Pairings {
		if r.Event != nil && p.Games() == 0 {
			continue // the pairings of an event that did not meet
		}
		fmt.Fprintf(&b, "%s vs %s: %s\n", r.Names[p.First], r.Names[p.Second], p.Record.Summary())
		if pairs := p.Penta[0] + p.Penta[1] + p.Penta[2] + p.Penta[3] + p.Penta[4]; pairs > 0 {
			fmt.Fprintf(&b, "  game pairs by %s's points 0/0.5/1/1.5/2: %d %d %d %d %d\n",
				r.Names[p.First], p.Penta[0], p.Penta[1], p.Penta[2], p.Penta[3], p.Penta[4])
		}
	}
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Engine\tGames\tW\tD\tL\tPoints\tTime losses\tAvg time left")
	for _, p := range r.Players {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%.1f\t%d\t%.2f s\n", p.Name, p.Games(), p.Wins, p.Draws, p.Losses,
			p.Points(), p.TimeLosses, p.AverageLeft().Seconds())
	}
	tw.Flush()
	for _, p := range r.Players {
		if n := p.PonderHits + p.PonderMisses; n > 0 {
			fmt.Fprintf(&b, "Pondering: %s %d hits, %d misses (%.1f%% hits)\n", p.Name, p.PonderHits, p.PonderMisses, 100*float64(p.PonderHits)/float64(n))
		}
	}
	for e, p := range r.Players {
		if p.Withdrawn {
			effect := "its remaining games were forfeited"
			if r.Event != nil {
				effect = r.Event.WithdrawalEffect(e)
			}
			fmt.Fprintf(&b, "Withdrawn: %s, %s; %s\n", p.Name, p.Withdrawal, effect)
		}
	}
	for _, a := range r.AbsentAtStart {
		fmt.Fprintf(&b, "Absent at the start (20.2): %s, %s; the event was drawn among the %d others\n", a.Name, a.Cause, len(r.Players))
	}
	b.WriteString("Terminations:" + r.terminations() + "\n")
	if s := r.SPRT; s != nil {
		model := "trinomial"
		if s.Test.Pentanomial {
			model = "pentanomial"
		}
		verdict := "continue"
		switch s.Decision {
		case "H0", "H1":
			verdict = fmt.Sprintf("%s accepted after %d games", s.Decision, s.DecidedAt)
		}
		if n := s.Test.Prior.Games(); n > 0 {
			verdict += fmt.Sprintf(" (%d games of earlier sittings counted)", n)
		}
		fmt.Fprintf(&b, "SPRT (%s) elo0 %g elo1 %g alpha %g beta %g: LLR %.2f [%.2f, %.2f] %s\n",
			model, s.Test.Elo0, s.Test.Elo1, s.Test.Alpha, s.Test.Beta, s.LLR, s.Lower, s.Upper, verdict)
	}
	if r.Event != nil {
		b.WriteString("Event:\n")
		r.Event.WriteText(&b)
	}
	if r.Format == RoundRobin {
		b.WriteString("Table:\n")
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "#\tEngine\tGames\tPoints\tSB\tWins\tH2H")
		for i, s := range r.Standings() {
			fmt.Fprintf(tw, "%d\t%s\t%d\t%.1f\t%.2f\t%d\t%.1f\n", i+1, s.Name, s.Games(), s.Points, s.SB, s.Wins, s.HeadToHead)
		}
		tw.Flush()
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// terminations lists the reason counts, most frequent first.
func (r *Result) terminations() string {
	type kv struct {
		reason engine.Reason
		n      int
	}
	var list []kv
	for k, n := range r.Terminations {
		list = append(list, kv{k, n})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].n != list[j].n {
			return list[i].n > list[j].n
		}
		return list[i].reason < list[j].reason
	})
	var b strings.Builder
	for _, e := range list {
		fmt.Fprintf(&b, " %s %d", e.reason, e.n)
	}
	return b.String()
}

// Summary formats the record as
// "W 40 D 20 L 40, score 50.0%, Elo +0.0 [-60.5, +60.5], LOS 50.0%, draws 20.0%".
func (r Record) Summary() string {
	elo, lo, hi := r.Elo()
	return fmt.Sprintf("W %d D %d L %d, score %.1f%%, Elo %s [%s, %s], LOS %.1f%%, draws %.1f%%",
		r.Wins, r.Draws, r.Losses, 100*r.Score(), fmtElo(elo), fmtElo(lo), fmtElo(hi), 100*r.LOS(), 100*r.DrawRatio())
}

// fmtElo prints an Elo figure with its sign, "+inf"/"-inf" at the ends.
func fmtElo(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	case e == 0:
		return "+0.0"
	}
	return fmt.Sprintf("%+.1f", e)
}
