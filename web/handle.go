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
		s.mode, s.analysing = "analyse", m.On
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
		if s.mode == "play" && s.game != nil && !s.game.over {
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
		s.mode = "analyse"
		return nil
	case "import":
		return s.importPGN(m.Data)
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
	if s.mode == "play" {
		return s.playerMove(m)
	}
	return s.rec.play(m)
}

// importPGN reads the first game of a PGN file into a new record, shown at
// its start, for analysis.
func (s *session) importPGN(data []byte) error {
	if len(data) == 0 {
		return errors.New("import: empty file")
	}
	g, err := pgn.NewReader(bytes.NewReader(data), "import").Next()
	switch {
	case err == io.EOF:
		return errors.New("import: no game in the file")
	case err != nil:
		return fmt.Errorf("import: %v", err)
	}
	rules := s.rec.rules
	if r, err := engine.ParseRuleSet(g.Tag("Rules")); err == nil {
		rules = r
	}
	rec, err := fromGame(g, rules)
	if err != nil {
		return fmt.Errorf("import: %v", err)
	}
	s.leaveGame()
	s.setRecord(rec)
	s.mode = "analyse"
	s.notice = fmt.Sprintf("Imported %d moves.", rec.plies())
	return nil
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
	red, black := "", ""
	if g := s.game; g != nil {
		red, black = "Player", g.engineName
		if g.player == engine.Black {
			red, black = black, red
		}
	}
	tags := []pgn.Tag{{Name: "Event", Value: "GoXQ board"}, {Name: "Date", Value: time.Now().Format("2006.01.02")},
		{Name: "Red", Value: red}, {Name: "Black", Value: black}, {Name: "Rules", Value: s.rec.rules.String()}}
	if g := s.game; g != nil {
		tags = append(tags, pgn.Tag{Name: "TimeControl", Value: g.tc})
	}
	var b bytes.Buffer
	if err := (pgn.WriteOptions{Notation: n}).Write(&b, s.rec.pgnGame(tags)); err != nil {
		return err
	}
	s.send(pgnMsg{T: "pgn", Text: b.String(), Name: "goxq-" + time.Now().Format("20060102-150405") + ".pgn"})
	return nil
}

// controlNames returns the named time controls with their descriptions.
func controlNames() []string { return timeman.Names() }
