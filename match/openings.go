package match

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/internal/safefile"
	"github.com/goxq/ucci/pgn"
)

// Opening is a start position for a pair of games: a FEN and moves played
// from it before the engines take over (the engines receive them as
// history, and the PGN records them).
type Opening struct {
	FEN     string        // normalized start FEN
	Moves   []engine.Move // legal moves from FEN, possibly none
	Comment string        // the text after ';' in an openings file
}

// End returns the FEN of the position the engines start from.
func (o Opening) End() string {
	p, err := engine.NewPosition(o.FEN)
	if err != nil {
		return o.FEN
	}
	for _, m := range o.Moves {
		p.PlayGameMove(m)
	}
	return p.FEN()
}

//go:embed openings.txt
var defaultOpenings []byte

// DefaultOpenings returns the built-in balanced opening set: positions 6 to
// 10 plies into frequently played master games whose results were balanced
// (generated from the CCPD master games, CC BY 4.0; see openings.txt).
func DefaultOpenings() ([]Opening, error) {
	return ParseOpenings(bytes.NewReader(defaultOpenings), "openings.txt")
}

// MaxOpeningsFile is the largest openings file LoadOpenings reads (256
// MiB: a PGN of every CCPD master game is about a tenth of it); the file is
// read whole.
const MaxOpeningsFile = 256 << 20

// LoadOpenings reads an openings file (see ParseOpenings): only a regular
// file of at most MaxOpeningsFile bytes, checked before it is opened (a
// FIFO or a device is refused without blocking: safefile).
func LoadOpenings(path string) ([]Opening, error) {
	data, err := safefile.ReadFile(path, MaxOpeningsFile)
	if err != nil {
		return nil, err
	}
	return ParseOpenings(bytes.NewReader(data), path)
}

// ParseOpenings reads openings in either of two forms. PGN (the text starts
// with a tag or a move number): every game is an opening, its start
// position plus its moves. Otherwise one opening per line:
//
//	FEN [moves M1 M2 ...] [; comment]
//	startpos [moves M1 M2 ...] [; comment]
//
// where ';' starts a comment and blank lines are skipped. Games and lines
// that cannot be used are errors naming their place.
func ParseOpenings(r io.Reader, name string) ([]Opening, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if looksLikePGN(data) {
		return parsePGNOpenings(data, name)
	}
	var out []Opening
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		text, comment, _ := strings.Cut(sc.Text(), ";")
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		o, err := parseOpeningLine(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		o.Comment = strings.TrimSpace(comment)
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no openings", name)
	}
	return out, nil
}

// looksLikePGN tells whether the first meaningful line is a tag or starts
// with a move number.
func looksLikePGN(data []byte) bool {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		t := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if t == "" || strings.HasPrefix(t, ";") {
			continue
		}
		return t[0] == '[' || strings.HasPrefix(t, "1.")
	}
	return false
}

// parseOpeningLine reads "FEN|startpos [moves ...]".
func parseOpeningLine(text string) (Opening, error) {
	fen, moves, _ := strings.Cut(text, " moves")
	fen = strings.TrimSpace(fen)
	if fen == "startpos" {
		fen = engine.StartFEN
	}
	pos, err := engine.NewPosition(fen)
	if err != nil {
		return Opening{}, err
	}
	o := Opening{FEN: pos.FEN()}
	for _, s := range strings.Fields(moves) {
		m, err := pos.ParseMove(s)
		if err != nil {
			return Opening{}, err
		}
		pos.PlayGameMove(m)
		o.Moves = append(o.Moves, m)
	}
	return o, nil
}

// parsePGNOpenings reads every game of a PGN text as an opening.
func parsePGNOpenings(data []byte, name string) ([]Opening, error) {
	rd := pgn.NewReader(bytes.NewReader(data), name)
	var out []Opening
	for {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		pos, err := engine.NewPosition(g.StartFEN())
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", name, len(out)+1, err)
		}
		out = append(out, Opening{FEN: pos.FEN(), Moves: g.Moves, Comment: g.Tag("Event")})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no games", name)
	}
	return out, nil
}

// ShuffleOpenings returns the openings in an order drawn from seed; seed 0
// keeps the given order.
func ShuffleOpenings(ops []Opening, seed uint64) []Opening {
	out := append([]Opening(nil), ops...)
	if seed == 0 {
		return out
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
