package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/goxq/ucci/book"
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/engine/tb"
	"github.com/goxq/ucci/engine/timeman"
	"github.com/goxq/ucci/internal/quote"
)

// settings holds the option values.
type settings struct {
	useMillisec  bool
	batch        bool
	debug        bool
	ponder       bool
	useBook      bool
	bookFiles    string
	bookDepth    int
	multiPV      int
	randomness   book.Randomness
	moveOverhead time.Duration
	timeControl  timeman.Control
	moveCap      time.Duration
	skill        int
	limitElo     bool
	elo          int
	style        style
	logFile      string
	showWDL      bool
	tbPath       string
}

func defaultSettings() settings {
	return settings{useMillisec: true, useBook: true, bookDepth: 40, multiPV: 1,
		moveOverhead: timeman.DefaultMoveOverhead, skill: maxSkill, elo: maxElo,
		style: styleNormal, tbPath: tb.DefaultDir}
}

// Option kinds.
const (
	kindCheck  = "check"
	kindSpin   = "spin"
	kindCombo  = "combo"
	kindString = "string"
	kindButton = "button"
)

// option describes one engine option in both dialects.
type option struct {
	ucci, uci string // names; "" when the dialect does not have it
	kind      string
	def       string
	min, max  int
	vars      []string
	// apply sets the value; it returns a message for a rejected value.
	apply func(s *Session, v string) error
}

// Skill and strength limits.
const (
	maxSkill = 20
	minElo   = 800
	maxElo   = 2800
)

var comboLevels = engine.LevelNames()

// options lists every option, in the order they are declared.
var options = []option{
	{ucci: "usemillisec", kind: kindCheck, def: "true", apply: func(s *Session, v string) error {
		return setBool(&s.set.useMillisec, v)
	}},
	{ucci: "batch", kind: kindCheck, def: "false", apply: func(s *Session, v string) error { return setBool(&s.set.batch, v) }},
	{ucci: "debug", kind: kindCheck, def: "false", apply: func(s *Session, v string) error { return setBool(&s.set.debug, v) }},
	{ucci: "ponder", uci: "Ponder", kind: kindCheck, def: "false", apply: func(s *Session, v string) error { return setBool(&s.set.ponder, v) }},
	{ucci: "usebook", uci: "OwnBook", kind: kindCheck, def: "true", apply: func(s *Session, v string) error { return setBool(&s.set.useBook, v) }},
	{ucci: "bookfiles", uci: "BookFile", kind: kindString, def: "<embedded>", apply: (*Session).setBookFiles},
	{ucci: "bookdepth", uci: "BookDepth", kind: kindSpin, def: "40", min: 0, max: 200, apply: func(s *Session, v string) error {
		return setInt(&s.set.bookDepth, v, 0, 200)
	}},
	{ucci: "hashsize", uci: "Hash", kind: kindSpin, def: "64", min: 0, max: 65536, apply: (*Session).setHash},
	{ucci: "threads", uci: "Threads", kind: kindSpin, def: "1", min: 0, max: 256, apply: (*Session).setThreads},
	{ucci: "multipv", uci: "MultiPV", kind: kindSpin, def: "1", min: 1, max: 128, apply: func(s *Session, v string) error {
		return setInt(&s.set.multiPV, v, 1, 128)
	}},
	{ucci: "randomness", uci: "Randomness", kind: kindCombo, def: "none", vars: []string{"none", "tiny", "small", "medium", "large", "huge"},
		apply: func(s *Session, v string) error {
			r, err := book.ParseRandomness(strings.ToLower(v))
			if err == nil {
				s.set.randomness = r
			}
			return err
		}},
	{ucci: "showwdl", uci: "UCI_ShowWDL", kind: kindCheck, def: "false", apply: func(s *Session, v string) error {
		return setBool(&s.set.showWDL, v)
	}},
	{ucci: "newgame", kind: kindButton, apply: func(s *Session, _ string) error { s.newGame(); return nil }},
	{ucci: "clearhash", uci: "Clear Hash", kind: kindButton, apply: func(s *Session, _ string) error { s.searcher.Clear(); return nil }},
	{ucci: "moveoverhead", uci: "Move Overhead", kind: kindSpin, def: "30", min: 0, max: 5000, apply: func(s *Session, v string) error {
		ms := int(s.set.moveOverhead / time.Millisecond)
		err := setInt(&ms, v, 0, 5000)
		s.set.moveOverhead = time.Duration(ms) * time.Millisecond
		return err
	}},
	{ucci: "timecontrol", uci: "TimeControl", kind: kindString, def: "<none>", apply: func(s *Session, v string) error {
		if v == "" || strings.EqualFold(v, "<none>") || strings.EqualFold(v, "none") {
			s.set.timeControl = timeman.Control{}
			return nil
		}
		c, err := timeman.Parse(v)
		if err == nil {
			s.set.timeControl = c
		}
		return err
	}},
	{ucci: "movecap", uci: "MoveCap", kind: kindSpin, def: "0", min: 0, max: 86400, apply: func(s *Session, v string) error {
		sec := int(s.set.moveCap / time.Second)
		err := setInt(&sec, v, 0, 86400)
		s.set.moveCap = time.Duration(sec) * time.Second
		return err
	}},
	{ucci: "rules", uci: "Rules", kind: kindCombo, def: "cxa", vars: []string{"cxa", "axf"}, apply: func(s *Session, v string) error {
		r, err := engine.ParseRuleSet(v)
		if err == nil {
			s.configure(func(st *engine.Settings) { st.Rules = r })
		}
		return err
	}},
	{ucci: "naturallimit", uci: "NaturalLimit", kind: kindSpin, def: "120", min: 0, max: 1000, apply: func(s *Session, v string) error {
		n := s.searcher.Settings().NaturalLimit
		err := setInt(&n, v, 0, 1000)
		s.configure(func(st *engine.Settings) { st.NaturalLimit = n })
		return err
	}},
	{ucci: "skilllevel", uci: "Skill Level", kind: kindSpin, def: "20", min: 0, max: maxSkill, apply: func(s *Session, v string) error {
		return setInt(&s.set.skill, v, 0, maxSkill)
	}},
	{ucci: "limitstrength", uci: "UCI_LimitStrength", kind: kindCheck, def: "false", apply: func(s *Session, v string) error {
		return setBool(&s.set.limitElo, v)
	}},
	{ucci: "elo", uci: "UCI_Elo", kind: kindSpin, def: strconv.Itoa(maxElo), min: minElo, max: maxElo, apply: func(s *Session, v string) error {
		return setInt(&s.set.elo, v, minElo, maxElo)
	}},
	{ucci: "pruning", kind: kindCombo, def: "large", vars: comboLevels, apply: func(s *Session, v string) error {
		return s.setLevel(v, func(st *engine.Settings, l engine.Level) { st.Pruning = l })
	}},
	{ucci: "knowledge", kind: kindCombo, def: "large", vars: comboLevels, apply: func(s *Session, v string) error {
		return s.setLevel(v, func(st *engine.Settings, l engine.Level) { st.Knowledge = l })
	}},
	{ucci: "style", kind: kindCombo, def: "normal", vars: []string{"solid", "normal", "risky"}, apply: func(s *Session, v string) error {
		st, err := parseStyle(v)
		if err == nil {
			s.set.style = st
		}
		return err
	}},
	{ucci: "idle", kind: kindCombo, def: "none", vars: comboLevels, apply: func(s *Session, v string) error {
		return s.setLevel(v, func(st *engine.Settings, l engine.Level) { st.Idle = l })
	}},
	{ucci: "promotion", kind: kindCheck, def: "false", apply: func(s *Session, v string) error {
		var on bool
		if err := setBool(&on, v); err != nil {
			return err
		}
		if on {
			return fmt.Errorf("the promotion variant is not supported; playing standard xiangqi")
		}
		return nil
	}},
	{ucci: "evalfile", uci: "EvalFile", kind: kindString, def: nnue.DefaultEval, apply: func(s *Session, v string) error {
		return s.setEvalFile(v)
	}},
	{ucci: "tbpath", uci: "TablebasePath", kind: kindString, def: tb.DefaultDir, apply: (*Session).setTBPath},
	{ucci: "logfile", uci: "Debug Log File", kind: kindString, def: "", apply: func(s *Session, v string) error {
		if v == "" {
			v = s.cfg.LogFile // an empty value keeps the -log file
		}
		return s.setLogFile(v)
	}},
	{uci: "UCI_Variant", kind: kindCombo, def: "xiangqi", vars: []string{"xiangqi"}, apply: func(s *Session, v string) error {
		if !strings.EqualFold(v, "xiangqi") {
			return fmt.Errorf("only xiangqi is played")
		}
		// A GUI that sets the variant speaks Fairy-Stockfish's generic UCI:
		// ranks 1-10 until the next uci. UCCI and UCI-Cyclone keep 0-9.
		s.ranksFrom1 = s.dialect == dialectUCI && !s.cyclone
		return nil
	}},
}

// findOption looks an option up by either dialect's name, ignoring case.
func findOption(name string) *option {
	for i := range options {
		o := &options[i]
		if o.ucci != "" && strings.EqualFold(o.ucci, name) || o.uci != "" && strings.EqualFold(o.uci, name) {
			return o
		}
	}
	return nil
}

// declare returns the option line in the session's dialect, "" if the
// option does not exist there.
func (o *option) declare(uci bool) string {
	var b strings.Builder
	name := o.ucci
	if uci {
		name = o.uci
	}
	if name == "" {
		return ""
	}
	b.WriteString("option ")
	if uci {
		b.WriteString("name ")
	}
	b.WriteString(name)
	b.WriteString(" type ")
	b.WriteString(o.kind)
	switch o.kind {
	case kindSpin:
		fmt.Fprintf(&b, " min %d max %d", o.min, o.max)
	case kindCombo:
		// The default comes first: some adapters (UCI2WB) ignore the
		// default field and take the first value.
		b.WriteString(" var " + o.def)
		for _, v := range o.vars {
			if v != o.def {
				b.WriteString(" var " + v)
			}
		}
	}
	if o.kind != kindButton {
		b.WriteString(" default")
		if o.def != "" {
			b.WriteString(" " + o.def)
		}
	}
	return b.String()
}

func setBool(dst *bool, v string) error {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "on", "1", "yes":
		*dst = true
	case "false", "off", "0", "no":
		*dst = false
	default:
		return fmt.Errorf("not a boolean: %s", quote.Input(v))
	}
	return nil
}

// setInt parses an integer and clamps it into [lo, hi]; a clamped value is
// applied and reported.
func setInt(dst *int, v string, lo, hi int) error {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			if strings.HasPrefix(strings.TrimSpace(v), "-") {
				n = int64(lo)
			} else {
				n = int64(hi)
			}
		} else {
			return fmt.Errorf("not a number: %s", quote.Input(v))
		}
	}
	c := min(max(n, int64(lo)), int64(hi))
	*dst = int(c)
	if c != n {
		return fmt.Errorf("%s is out of range %d..%d, using %d", quote.Input(v), lo, hi, c)
	}
	return nil
}
