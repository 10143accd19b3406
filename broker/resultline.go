package broker

import (
	"strconv"
	"strings"

	"github.com/goxq/ucci/engine"
)

// resultLine is the line a worker logs for the result res of the game
// work it stored: the run, the games and the two engines' scores in
// them, as in "run R: games 13-14 done: alpha 1.5 - beta 0.5"; a result
// with an error says so instead.
func resultLine(work *Work, res *Result) string {
	var b strings.Builder
	b.WriteString("run " + work.Run + ": ")
	if res.Error != "" {
		b.WriteString("pair " + strconv.Itoa(work.ID) + " not played: " + res.Error)
		return b.String()
	}
	var score [2]float64
	numbers := make([]int, len(res.Games))
	for i, g := range res.Games {
		numbers[i] = g.Number
		red := 0
		if i < len(work.Games) {
			red = work.Games[i].Red
		}
		switch g.Outcome {
		case engine.RedWins:
			score[red]++
		case engine.BlackWins:
			score[1-red]++
		case engine.Draw:
			score[0] += 0.5
			score[1] += 0.5
		}
	}
	b.WriteString(gameNumbers(numbers) + " done: ")
	for i, e := range work.Engines {
		if i > 0 {
			b.WriteString(" - ")
		}
		name := e.Name
		if name == "" {
			name = "engine " + strconv.Itoa(i+1)
		}
		b.WriteString(name + " " + strconv.FormatFloat(score[i], 'f', -1, 64))
	}
	return b.String()
}

// gameNumbers names the games numbered n: "game 7", "games 13-14" (one
// after the other) or "games 3, 9".
func gameNumbers(n []int) string {
	switch {
	case len(n) == 1:
		return "game " + strconv.Itoa(n[0])
	case len(n) == 2 && n[1] == n[0]+1:
		return "games " + strconv.Itoa(n[0]) + "-" + strconv.Itoa(n[1])
	}
	s := make([]string, len(n))
	for i, x := range n {
		s[i] = strconv.Itoa(x)
	}
	return "games " + strings.Join(s, ", ")
}
