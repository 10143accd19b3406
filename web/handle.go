package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/pgn"
)

// handle does what one message of the page asks. A message that cannot be
// done is answered with an error and changes nothing; any other is
// answered with the new state (export with the PGN text).
func (s *session) handle(data []byte) {
	if data == nil {
		s.fail("bad message: not a text message")
		return
	}
	m, err := decodeMessage(data)
	if err != nil {
		s.fail(err.Error())
		return
	}
	if err := s.do(m); err != nil {
		s.fail(err.Error())
		return
	}
	if m.T == "export" {
		return
	}
	s.reconcile()
	s.sendState()
}

// do carries out a decoded message.
func (s *session) do(m clientMsg) error {
	switch m.T {
	case "new":
		return s.newGame(m)
	case "move":
		return s.move(m.Move)
	case "undo":
		return s.takeBack()
	case "draw":
		return s.offerDraw()
	case "resign":
		return s.resign()
	case "analyse":
		s.leaveGame()
		s.mode, s.analysing = modeAnalyse, m.On
		return nil
	case "multipv":
		if m.N < 1 || m.N > maxMultiPV {
			return fmt.Errorf("multipv %d: want 1 to %d", m.N, maxMultiPV)
		}
		s.multipv = m.N
		s.rec.version++ // a new search with the new count
		return nil
	case "engine":
		if m.Engine < 0 || m.Engine >= len(s.srv.cfg.Engines) {
			return fmt.Errorf("no engine %d", m.Engine)
		}
		if s.game != nil && !s.game.over {
			return errors.New("the engine cannot change during a game")
		}
		s.engIdx = m.Engine
		s.rec.version++
		return nil
	case "goto":
		if s.mode == modePlay && s.game != nil && !s.game.over {
			return errors.New("the game is in play: analyse or finish it to look back")
		}
		if m.Ply < 0 || m.Ply > s.rec.plies() {
			return fmt.Errorf("ply %d: the line has %d moves", m.Ply, s.rec.plies())
		}
		s.rec.seek(m.Ply)
		return nil
	case "node", "promote", "delete":
		return s.treeEdit(m)
	case "fen":
		rec, err := newRecord(strings.TrimSpace(m.FEN), s.rec.rules)
		if err != nil {
			return fmt.Errorf("FEN: %v", err)
		}
		s.leaveGame()
		s.setRecord(rec)
		s.mode = modeAnalyse
		return nil
	case "import":
		return s.importPGN(m.Data, m.Restore, m.Path, m.Ply)
	case "pick":
		return s.pickGame(m.N)
	case "export":
		return s.exportPGN(m.Notation)
	}
	return fmt.Errorf("bad message: unknown type %q", m.T)
}

// move plays a move of the page at the position shown.
func (s *session) move(text string) error {
	if !s.userMayMove() {
		if v := s.rec.verdict(); v.Over() {
			return errors.New("the game is over: " + verdictWords(v, s.rec.detail))
		}
		return errors.New("not your move")
	}
	m, err := s.rec.position().ParseMove(strings.TrimSpace(text))
	if err != nil {
		return err
	}
	if s.mode == modePlay {
		return s.playerMove(m)
	}
	return s.rec.play(m)
}

// maxListed is the most games of one file listed to pick from.
const maxListed = 2000

// importPGN reads a PGN file: a single game (or, with restore, the first)
// becomes the record, shown at its start (or, with restore, after path and
// ply), for analysis; the games of a file of several are listed for the
// page to pick one.
func (s *session) importPGN(data []byte, restore bool, path string, ply int) error {
	if len(data) == 0 {
		return errors.New("import: empty file")
	}
	rd := pgn.NewReader(bytes.NewReader(data), "import")
	var games []*pgn.Game
	bad := 0
	var firstErr error
	for len(games) < maxListed && !(restore && len(games) == 1) {
		g, err := rd.Next()
		if err == io.EOF {
			break
		}
		var ge *pgn.GameError
		if errors.As(err, &ge) {
			bad++
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("import: %v", err)
		}
		games = append(games, g)
	}
	switch {
	case len(games) == 0 && firstErr != nil:
		return fmt.Errorf("import: %v", firstErr)
	case len(games) == 0:
		return errors.New("import: no game in the file")
	case len(games) > 1:
		s.picks = games
		list := gamesMsg{T: "games", Games: make([]gameSummary, 0, len(games)), Bad: bad}
		for _, g := range games {
			list.Games = append(list.Games, gameSummary{Red: g.Tag("Red"), Black: g.Tag("Black"), Event: g.Tag("Event"),
				Date: g.Tag("Date"), Result: g.Result, Moves: len(g.Moves)})
		}
		s.send(list)
		s.notice = fmt.Sprintf("The file holds %d games: pick one.", len(games))
		return nil
	}
	rec, err := s.recordOf(games[0])
	if err != nil {
		return err
	}
	if restore {
		if err := rec.follow(path, ply); err != nil {
			return fmt.Errorf("restore: %v", err)
		}
	}
	s.showRecord(rec)
	if restore {
		s.notice = "The board as you left it."
	}
	return nil
}

// pickGame shows game n of the list last sent.
func (s *session) pickGame(n int) error {
	if n < 0 || n >= len(s.picks) {
		return fmt.Errorf("no game %d in the list (%d games)", n+1, len(s.picks))
	}
	rec, err := s.recordOf(s.picks[n])
	if err != nil {
		return err
	}
	s.showRecord(rec)
	return nil
}

// recordOf makes a record of a PGN game, with its headers (the tags but
// those of the position, the notation and the rules), under the rules of
// its Rules tag (else those of the board).
func (s *session) recordOf(g *pgn.Game) (*record, error) {
	rules := s.rec.rules
	if r, err := engine.ParseRuleSet(g.Tag("Rules")); err == nil {
		rules = r
	}
	rec, err := fromGame(g, rules)
	if err != nil {
		return nil, fmt.Errorf("import: %v", err)
	}
	for _, t := range g.Tags {
		switch t.Name {
		case "FEN", "SetUp", "Format", "Rules": // the record's own
		default:
			rec.tags = append(rec.tags, t)
		}
	}
	return rec, nil
}

// showRecord puts an imported record on the board for analysis.
func (s *session) showRecord(rec *record) {
	s.leaveGame()
	s.setRecord(rec)
	s.mode = modeAnalyse
	s.notice = fmt.Sprintf("Imported %d moves.", rec.plies())
}

// exportPGN sends the record as PGN in the notation (Chinese in GBK, as
// XQWizard reads it, is left to the file's reader: the text is UTF-8).
func (s *session) exportPGN(notation string) error {
	n, err := pgn.ParseNotation(notation)
	if notation == "" {
		n, err = pgn.Chinese, nil
	}
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := (pgn.WriteOptions{Notation: n}).Write(&b, s.rec.pgnGame(s.exportTags())); err != nil {
		return err
	}
	s.send(pgnMsg{T: "pgn", Text: b.String(), Name: "goxq-" + time.Now().Format("20060102-150405") + ".pgn"})
	return nil
}

// exportTags returns the tags of the exported record: an imported game's
// own (with the rules); for a game against the engine the player and the
// engine, the time control and the strength; for free moves on the board
// "Red" and "Black" (nobody in particular), never empty names.
func (s *session) exportTags() []pgn.Tag {
	g := &pgn.Game{Tags: append([]pgn.Tag(nil), s.rec.tags...)}
	if len(g.Tags) == 0 {
		g.SetTag("Event", "GoXQ board")
		g.SetTag("Date", time.Now().Format("2006.01.02"))
	}
	if p := s.game; p != nil && s.rec.tags == nil {
		red, black := "Player", p.engineName
		if p.player == engine.Black {
			red, black = black, red
		}
		g.SetTag("Red", red)
		g.SetTag("Black", black)
		g.SetTag("TimeControl", p.tc)
		g.SetTag("Level", p.level)
	}
	if g.Tag("Red") == "" {
		g.SetTag("Red", "Red")
	}
	if g.Tag("Black") == "" {
		g.SetTag("Black", "Black")
	}
	g.SetTag("Rules", s.rec.rules.String())
	return g.Tags
}

// controlNames returns the named time controls the page offers; the whole
// game one with 15 minutes.
func controlNames() []control {
	var out []control
	for _, n := range timeman.NamedControls() {
		out = append(out, control{Value: strings.Replace(n.ID, "=SECONDS", "=900", 1), Label: n.Note})
	}
	return out
}
