package engine

// Scores are centipawns from the side to move's point of view. Mates and
// results decided by the rules (perpetual check or chase) live in bands far
// above any evaluation; both count the distance from the root so that the
// shortest win is preferred.
const (
	// ScoreInfinite bounds every score.
	ScoreInfinite = 32000
	// ScoreMate is the score of mating at the root; mate at ply p scores
	// ScoreMate-p (UCCI prints these as they are).
	ScoreMate = 10000
	// ScoreMateBound: scores at or beyond it are mates.
	ScoreMateBound = ScoreMate - MaxPly
	// ScoreRuleWin is the score of a win by the repetition rules at the
	// root; like mates, it shrinks with the distance. It is kept in its own
	// band so that it is never shown as a mate.
	ScoreRuleWin = 9000
	// ScoreDecisive: scores at or beyond it are mates or rule results.
	ScoreDecisive = ScoreRuleWin - MaxPly
	// maxEval bounds static evaluations well below the decisive bands.
	maxEval = 8000
	// ScoreTBWin is the score of a tablebase win converted at the root;
	// a tablebase win at ply p with its conversion (capture or mate) d
	// plies away scores ScoreTBWin-p-d (d at most MaxTBDistance). The band
	// lies between the evaluations and the decisive bands, so that it
	// sorts above every evaluation and below every proven mate or rule
	// result, and the table's decisive-score adjustment (scoreToTT) leaves
	// it alone: like an evaluation, it is stored as it is.
	ScoreTBWin = 8850
	// MaxTBDistance bounds the conversion distance a tablebase score holds.
	MaxTBDistance = 600
	// ScoreTBBound: scores at or beyond it (and below ScoreDecisive) are
	// tablebase results.
	ScoreTBBound = ScoreTBWin - MaxPly - MaxTBDistance
)

// IsTBScore tells whether a score is a tablebase win or loss (not a mate).
func IsTBScore(score int) bool {
	return score >= ScoreTBBound && score <= ScoreTBWin || score <= -ScoreTBBound && score >= -ScoreTBWin
}

// IsMateScore tells whether a score announces a mate.
func IsMateScore(score int) bool { return score >= ScoreMateBound || score <= -ScoreMateBound }

// MateDistance returns the number of moves (not plies) to the mate a mate
// score announces, negative when the side to move is being mated.
func MateDistance(score int) int {
	if score > 0 {
		return (ScoreMate - score + 1) / 2
	}
	return -(ScoreMate + score) / 2
}

// scoreToTT converts a decisive score to its distance from the node, the
// form stored in the transposition table.
func scoreToTT(score, ply int) int {
	switch {
	case score >= ScoreDecisive:
		return score + ply
	case score <= -ScoreDecisive:
		return score - ply
	}
	return score
}

// scoreFromTT is the inverse of scoreToTT, at a node pliesLeft plies
// before the natural limit. The table's key does not hold the natural-limit
// count, so a win stored by a node further from the limit may not be one
// here: a win farther away than pliesLeft becomes ScoreDecisive − 1, a
// score above any evaluation but no longer a proven result (and a loss
// likewise), as Stockfish treats its 50-move rule.
func scoreFromTT(score, ply, pliesLeft int) int {
	switch {
	case score >= ScoreDecisive:
		if resultDistance(score) > pliesLeft {
			return ScoreDecisive - 1
		}
		return score - ply
	case score <= -ScoreDecisive:
		if resultDistance(-score) > pliesLeft {
			return -ScoreDecisive + 1
		}
		return score + ply
	}
	return score
}

// resultDistance is the number of plies from a node to the mate or rule
// win a positive decisive score (relative to that node) announces.
func resultDistance(score int) int {
	if score >= ScoreMateBound {
		return ScoreMate - score
	}
	return ScoreRuleWin - score
}
