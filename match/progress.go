package match

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Progress shows the state of a running match on a terminal line, redrawn
// in place after every game:
//
//	[=========>          ]  45/100  +12 =20 -13  48.9%  Elo -7.7 ±71.2  ETA 3m20s
//
// or, when the output is not a terminal (a log file), as one line per game.
// The score is the first engine's over all its games.
type Progress struct {
	// Live, when set, adds to the line what it returns for the state r in
	// place of the estimated time left (a match on a broker: its workers,
	// games per minute and its own estimate).
	Live func(r *Result) string

	w     io.Writer
	tty   bool
	width int // bar width in characters
	start time.Time
	last  int // length of the last line drawn
}

// NewProgress returns a progress display on w; tty selects in-place
// redrawing.
func NewProgress(w io.Writer, tty bool) *Progress {
	return &Progress{w: w, tty: tty, width: 24, start: time.Now()}
}

// Update draws the state after game g finished. In an event, where the
// first engine's record means nothing, the line shows the game that ended
// instead (the tables follow each round).
func (p *Progress) Update(g GameResult, r *Result) {
	done, total := len(r.Games), r.Planned
	game := fmt.Sprintf("%s %s %s", r.Names[g.Red], g.Termination.Result(), r.Names[g.Black])
	record := ""
	if r.Event == nil {
		rec := r.Players[0].Record
		elo, lo, hi := rec.Elo()
		margin := (hi - lo) / 2
		record = fmt.Sprintf(" +%d =%d -%d  %.1f%%  Elo %s ±%s", rec.Wins, rec.Draws, rec.Losses, 100*rec.Score(), fmtElo(elo), fmtMargin(margin))
	}
	tail := ""
	if r.SPRT != nil {
		tail += fmt.Sprintf("  LLR %.2f", r.SPRT.LLR)
	}
	switch {
	case p.Live != nil:
		tail += "  " + p.Live(r)
	case done > 0 && done < total:
		eta := time.Since(p.start) / time.Duration(done) * time.Duration(total-done)
		tail += "  ETA " + eta.Round(time.Second).String()
	}
	if !p.tty {
		detail := ""
		if d := g.Termination.Detail; d != "" {
			detail = " (" + d + ")"
		}
		fmt.Fprintf(p.w, "game %d %s %s%s  |  %d/%d%s%s\n", g.Number, game, g.Termination.Reason, detail, done, total, record, tail)
		return
	}
	text := fmt.Sprintf("%4d/%-4d", done, total) + record
	if r.Event != nil {
		text += " " + game
	}
	text += tail
	filled := 0
	if total > 0 {
		filled = p.width * done / total
	}
	bar := strings.Repeat("=", filled)
	if filled < p.width {
		bar += ">" + strings.Repeat(" ", p.width-filled-1)
	}
	out := "[" + bar + "] " + text
	pad := ""
	if n := p.last - len(out); n > 0 {
		pad = strings.Repeat(" ", n)
	}
	p.last = len(out)
	fmt.Fprint(p.w, "\r"+out+pad)
}

// Done ends the in-place line.
func (p *Progress) Done() {
	if p.tty && p.last > 0 {
		fmt.Fprintln(p.w)
	}
}

// fmtMargin prints a half-width of an Elo interval.
func fmtMargin(m float64) string {
	if m > 9999 || m != m {
		return "inf"
	}
	return fmt.Sprintf("%.1f", m)
}
