// Package wdl turns a search score into win, draw and loss probabilities
// for the side to move, with a model fitted to game results (`ucci tune
// wdl`, see tuning/wdlfit). The model is the one Stockfish uses:
//
//	P(win | s, m)  = 1 / (1 + exp((a(m) − s) / b(m)))
//	P(loss | s, m) = 1 / (1 + exp((a(m) + s) / b(m)))
//	P(draw)        = 1 − P(win) − P(loss)
//
// where s is the score in centipawns from the side to move's view, m the
// material on the board (Material) and a, b polynomials in m. a is the
// score at which a win is as likely as not; b spreads the curve. Fitted
// holds the coefficients that `make wdl` generates.
package wdl

import (
	"math"

	"github.com/goxq/ucci/engine"
)

// Degree is the highest power of the material polynomials.
const Degree = 3

// Model is a fitted win/draw/loss model.
type Model struct {
	// A and B are the coefficients of a(x) and b(x), lowest power first, in
	// centipawns, with x = m / StartMaterial.
	A, B [Degree + 1]float64
	// MaterialMin and MaterialMax bound the material the model is used at:
	// counts outside are clamped (few games reach them, so the polynomials
	// are not trusted there).
	MaterialMin, MaterialMax int
}

// Material values of the piece types for the model's material count
// (kings count nothing).
var pieceValue = [engine.NumPieceTypes]int{
	engine.Advisor: 2, engine.Elephant: 2, engine.Horse: 4, engine.Rook: 9, engine.Cannon: 5, engine.Pawn: 1,
}

// StartMaterial is the material of the start position.
const StartMaterial = 2 * (2*2 + 2*2 + 2*4 + 2*9 + 2*5 + 5*1)

// Material counts the material of both sides: chariot 9, cannon 5, horse
// 4, advisor and elephant 2, soldier 1 (98 at the start).
func Material(p *engine.Position) int {
	m := 0
	for t := engine.Advisor; t <= engine.Pawn; t++ {
		n := p.Count(engine.MakePiece(engine.Red, t)) + p.Count(engine.MakePiece(engine.Black, t))
		m += n * pieceValue[t]
	}
	return m
}

// Params returns a(m) and b(m) in centipawns at material m (clamped into
// the model's range).
func (md *Model) Params(material int) (a, b float64) {
	m := min(max(material, md.MaterialMin), md.MaterialMax)
	x := float64(m) / StartMaterial
	for i := Degree; i >= 0; i-- {
		a = a*x + md.A[i]
		b = b*x + md.B[i]
	}
	return a, b
}

// Probabilities returns the probabilities of a win, a draw and a loss for
// the side to move at score (centipawns, not a mate or rule result) and
// material.
func (md *Model) Probabilities(score, material int) (win, draw, loss float64) {
	a, b := md.Params(material)
	s := float64(score)
	win = logistic((s - a) / b)
	loss = logistic((-s - a) / b)
	return win, max(1-win-loss, 0), loss
}

// logistic is 1 / (1 + e^−z).
func logistic(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// PerMille returns the win, draw and loss chances for the side to move in
// per mille, adding up to exactly 1000: a mate or a rule win announced by
// the score is 1000 0 0, a loss 0 0 1000; other scores go through the model.
func (md *Model) PerMille(score, material int) (win, draw, loss int) {
	switch {
	case score >= engine.ScoreDecisive:
		return 1000, 0, 0
	case score <= -engine.ScoreDecisive:
		return 0, 0, 1000
	}
	pw, _, pl := md.Probabilities(score, material)
	win = int(math.Round(1000 * pw))
	// With a draw chance above zero the two rounded chances add up to at
	// most 1000; the bound only guards against floating-point error.
	loss = min(int(math.Round(1000*pl)), 1000-win)
	return win, 1000 - win - loss, loss
}
