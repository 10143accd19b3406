package match

import (
	"strings"
	"testing"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engineproc"
)

// TestConfigSettings: zero takes each default, Off (any negative value)
// turns off the settings that can be off and stays negative, and a
// negative value for a setting that cannot be off is an error.
func TestConfigSettings(t *testing.T) {
	base := Config{Engines: []engineproc.EngineSpec{{Cmd: "a"}, {Cmd: "b"}}, Openings: []Opening{{FEN: engine.StartFEN}}}
	c, err := base.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if c.Games != 2 || c.Grace != 200*time.Millisecond || c.NaturalLimit != engine.DefaultNaturalLimit || c.Folds != 3 ||
		c.MaxPlies != 0 || c.Concurrency != 1 || c.HandshakeTimeout != 10*time.Second || c.QuitTimeout != time.Second ||
		c.Event != "Engine match" || c.Control.String() != "10+0.1" {
		t.Errorf("defaults: %+v", c)
	}
	off := base
	off.Grace, off.NaturalLimit, off.MaxPlies = Off, Off, Off
	off.Adjudication = ScoreRules{ResignMoves: Off, DrawMoves: Off}
	if c, err = off.withDefaults(); err != nil {
		t.Fatal(err)
	}
	if c.grace() != 0 || c.NaturalLimit != Off || c.MaxPlies != Off {
		t.Errorf("off: grace %v, natural limit %d, max plies %d", c.grace(), c.NaturalLimit, c.MaxPlies)
	}
	if g, err := c.newReferee(engine.StartFEN); err != nil || g == nil {
		t.Errorf("referee with the natural limit off: %v", err)
	}
	for name, mod := range map[string]func(*Config){
		"games":       func(c *Config) { c.Games = -1 },
		"concurrency": func(c *Config) { c.Concurrency = Off },
		"folds 1":     func(c *Config) { c.Folds = 1 },
		"folds":       func(c *Config) { c.Folds = Off },
		"handshake":   func(c *Config) { c.HandshakeTimeout = Off },
		"quit":        func(c *Config) { c.QuitTimeout = Off },
		"resign 0":    func(c *Config) { c.Adjudication.ResignMoves = 3 },
		"draw score":  func(c *Config) { c.Adjudication = ScoreRules{DrawScore: -1, DrawMoves: 3} },
	} {
		bad := base
		mod(&bad)
		if _, err := bad.withDefaults(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestChainOrder: the rules ending of the last move comes before the ply
// limit, and the ply limit applies after the move that reaches it.
func TestChainOrder(t *testing.T) {
	cfg := testConfig(t, mateFEN, fake("red", "-script", "b0b9"), fake("black"))
	cfg.MaxPlies = 1
	if g := playOne(t, cfg); g.Termination.String() != "1-0 checkmate" || g.Termination.Detail != "" {
		t.Errorf("mate on the last ply: %s (%s)", g.Termination, g.Termination.Detail)
	}
	cfg = testConfig(t, engine.StartFEN, fake("red", "-printscore", "-score", "5"), fake("black", "-printscore", "-score", "5"))
	cfg.MaxPlies = 4
	cfg.Adjudication = ScoreRules{DrawScore: 10, DrawMoves: 2}
	g := playOne(t, cfg)
	if g.Termination.Reason != engine.Adjudication || !strings.Contains(g.Termination.Detail, "score") || len(g.Moves) != 4 {
		t.Errorf("score rule and ply limit on the same ply: %s (%s) after %d plies", g.Termination, g.Termination.Detail, len(g.Moves))
	}
}
