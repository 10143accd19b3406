package protocol

import (
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/rs/zerolog"

	"github.com/goxq/ucci/book"
	"github.com/goxq/ucci/engine"
	"github.com/goxq/ucci/engine/nnue"
	"github.com/goxq/ucci/engine/tb"
)

// Dialects.
const (
	dialectNone = iota
	dialectUCCI
	dialectUCI
)

// Config sets up a Session.
type Config struct {
	Name, Version, Author string
	// LogFile, if set, receives a zerolog log of the traffic (the -log flag).
	LogFile string
	// HashMB is the initial table size; 0 means the default of 64 MB.
	HashMB int
	// OwnsProcess lets the session tune the Go runtime to its settings
	// (memory limit and processors, see tuneRuntime): set by the engine
	// binary, left off by tests that run many sessions in one process.
	OwnsProcess bool
}

// Session is one engine process's protocol state.
type Session struct {
	cfg     Config
	out     *output
	log     zerolog.Logger
	logFile *os.File
	dialect int
	// ranksFrom1: moves are read and written with ranks 1-10 (a GUI set
	// UCI_Variant, as Fairy-Stockfish's generic UCI does) until the next uci.
	ranksFrom1 bool
	cyclone    bool // UCI-Cyclone (ucicyclone or a bare fen/startpos first): ranks 0-9 even after UCI_Variant
	set        settings
	searcher   *engine.Searcher
	// evalName names the evaluation in use (a net file, <embedded> or <classical>);
	// evalAnnounced: it has been reported since it was chosen.
	evalName      string
	evalAnnounced bool
	hashMB        int
	// tables are the loaded tablebases (nil: none); tbLoaded: the
	// directory of set.tbPath has been read.
	tables   *tb.Tables
	tbLoaded bool

	pos       *engine.Position // nil when the last position was unusable
	posErr    string
	banMoves  []engine.Move
	bookSrc   book.Source
	bookState int // 0 not loaded, 1 loaded, 2 failed
	rng       *rand.Rand

	search      *searchState // the running search, nil when idle
	queue       []string
	quitting    bool
	movesPlayed int
	game        gameMemory
}

// NewSession returns a session writing protocol lines to w.
func NewSession(w io.Writer, cfg Config) *Session {
	s := &Session{cfg: cfg, set: defaultSettings(), hashMB: 64, evalName: nnue.ClassicalName}
	if cfg.HashMB > 0 {
		s.hashMB = cfg.HashMB
	}
	s.log, s.logFile, _ = openLog(cfg.LogFile) // checked by the caller (runEngine)
	s.out = newOutput(w, &s.log)
	s.searcher = engine.NewSearcher(s.hashMB)
	s.rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	s.pos = engine.StartPosition()
	if err := s.setEvalFile(nnue.DefaultEval); err != nil {
		s.log.Error().Err(err).Msg("default evaluation unusable; classical evaluation")
	}
	s.tuneRuntime()
	return s
}

// Run reads commands from r until quit or the end of input and returns the
// process exit status.
func (s *Session) Run(r io.Reader) int {
	lines := make(chan inputLine, 64)
	go readLines(r, lines)
	defer s.closeLog()
	for {
		if s.search == nil && len(s.queue) > 0 {
			line := s.queue[0]
			s.queue = s.queue[1:]
			s.safely(line, s.handle)
			if s.quitting {
				return 0
			}
			continue
		}
		if s.search != nil && s.set.batch {
			s.finishSearch(<-s.search.done)
			continue
		}
		var done chan searchOutcome
		if s.search != nil {
			done = s.search.done
		}
		select {
		case l := <-lines:
			if l.eof {
				return s.endOfInput()
			}
			if l.tooLong {
				s.reject("input line longer than 1 MiB ignored")
				continue
			}
			s.log.Debug().Str("in", l.text).Msg("")
			if s.search != nil {
				s.echo("busyline", l.text)
				s.safely(l.text, s.handleBusy)
			} else {
				s.echo("idleline", l.text)
				s.safely(l.text, s.handle)
			}
			if s.quitting && s.search == nil {
				return 0
			}
		case o := <-done:
			s.finishSearch(o)
			if s.quitting {
				s.sayBye()
				return 0
			}
		}
	}
}

// endOfInput treats a closed stdin as quit: a running search is stopped
// and answered, then bye.
func (s *Session) endOfInput() int {
	if s.search != nil {
		s.stopSearch()
		s.finishSearch(<-s.search.done)
	}
	s.sayBye()
	return 0
}

func (s *Session) closeLog() {
	if s.logFile != nil {
		s.logFile.Close()
	}
}

// safely runs a command handler; should it panic (a bug), the engine logs
// it, reports the line as rejected and keeps running, and a go that was
// being set up is answered so that the GUI never waits for it.
func (s *Session) safely(line string, handler func(string)) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		s.log.Error().Interface("panic", r).Str("line", line).Msg("command failed")
		s.reject("internal error on: " + truncate(line, 60))
		if st := s.search; st != nil && !st.started {
			s.search = nil
			s.noMove(st.uci)
		}
	}()
	handler(line)
}

// echo repeats an input line when the UCCI debug option is on, as
// ElephantEye does (info idleline / info busyline).
func (s *Session) echo(kind, line string) {
	if s.set.debug && s.dialect == dialectUCCI {
		s.out.line("info " + kind + " " + asciiOnly(truncate(line, 200)))
	}
}

// reject reports a rejected input: info string in UCI, info message in UCCI.
func (s *Session) reject(msg string) {
	s.log.Warn().Msg(msg)
	msg = truncate(msg, maxMessage)
	switch s.dialect {
	case dialectNone:
		// Nothing may be printed before the hello command.
	case dialectUCCI:
		s.out.line("info message " + asciiOnly(msg))
	default:
		s.out.line("info string " + asciiOnly(msg))
	}
}

// maxMessage bounds the length of a rejection message (inputs quoted in it
// are cut shorter still).
const maxMessage = 240

// asciiOnly replaces non-ASCII and control characters, which legacy GUIs
// cannot decode.
func asciiOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 32 || r > 126 {
			return '?'
		}
		return r
	}, s)
}

// fields splits a command line on any whitespace.
func fields(line string) []string { return strings.Fields(line) }

// handle runs one command while idle.
func (s *Session) handle(line string) {
	tok := fields(line)
	if len(tok) == 0 {
		return
	}
	cmd := strings.ToLower(tok[0])
	if s.dialect == dialectNone {
		switch cmd {
		case "ucci":
			s.dialect = dialectUCCI
		case "uci", "ucicyclone", "position", "fen", "startpos":
			s.dialect = dialectUCI
			s.cyclone = cmd != "uci" && cmd != "position"
		case "isready":
			s.out.line("readyok")
			return
		case "quit":
			s.quitting = true
			return
		case "setoption":
			// Before the hello command nothing may be printed: the option
			// is applied, and a rejected value only logged.
			s.setOption(line)
			return
		default:
			s.log.Info().Str("ignored", line).Msg("before the hello command")
			return
		}
	}
	switch cmd {
	case "ucci", "uci", "ucicyclone":
		s.hello(cmd != "ucci", cmd == "ucicyclone")
	case "isready":
		s.searcher.PrepareHash() // the options have settled: map the table now
		s.announceEval()
		s.loadTables()
		s.out.line("readyok")
	case "setoption":
		s.setOption(line)
	case "position":
		s.setPosition(tok[1:])
	case "fen", "startpos":
		s.setPosition(tok)
	case "banmoves":
		s.setBanMoves(tok[1:])
	case "go":
		s.goCommand(tok[1:])
	case "stop":
		if s.dialect == dialectUCCI {
			s.out.line("nobestmove")
		}
	case "ponderhit":
		// Not thinking: nothing to hit.
	case "probe":
		s.probe(tok[1:])
	case "newgame", "uccinewgame", "ucinewgame":
		s.newGame()
	case "d":
		s.display()
	case "eval":
		s.showEval()
	case "flip":
		s.flip()
	case "quit":
		s.sayBye()
		s.quitting = true
	default:
		s.unknownCommand(line)
	}
}

// handleBusy runs one command while a search runs: the few that must be
// answered at once are, the rest wait for the search to end.
func (s *Session) handleBusy(line string) {
	tok := fields(line)
	if len(tok) == 0 {
		return
	}
	switch strings.ToLower(tok[0]) {
	case "isready":
		s.out.line("readyok")
	case "stop":
		s.stopSearch()
	case "ponderhit":
		s.ponderHit(len(tok) > 1 && strings.EqualFold(tok[1], "draw"))
	case "probe":
		s.probe(tok[1:])
	case "quit":
		s.quitting = true
		s.stopSearch()
	default:
		s.queue = append(s.queue, line)
	}
}

func (s *Session) unknownCommand(line string) {
	if s.dialect == dialectUCCI {
		s.log.Info().Str("ignored", line).Msg("unknown command")
		return
	}
	s.reject("unknown command: " + truncate(line, 80))
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func (s *Session) sayBye() {
	if s.dialect == dialectUCCI {
		s.out.line("bye")
	}
}

// hello answers ucci, uci or ucicyclone with the identity and the options.
func (s *Session) hello(uci, cyclone bool) {
	if uci {
		s.dialect = dialectUCI
	} else {
		s.dialect = dialectUCCI
	}
	s.ranksFrom1, s.cyclone = false, cyclone
	if uci {
		s.out.line("id name " + s.cfg.Name + " " + s.cfg.Version)
	} else {
		s.out.line("id name " + s.cfg.Name)
		s.out.line("id version " + s.cfg.Version)
		s.out.line("id copyright MIT licence")
	}
	s.out.line("id author " + s.cfg.Author)
	for i := range options {
		if l := options[i].declare(uci); l != "" {
			s.out.line(l)
		}
	}
	if uci {
		s.out.line("uciok")
	} else {
		s.out.line("ucciok")
	}
	// Map the table now, while the GUI reads the options: a first go
	// without isready must not spend its clock on it.
	s.searcher.PrepareHashAsync()
}

// newGame forgets everything about the previous game.
func (s *Session) newGame() {
	s.searcher.Clear()
	s.movesPlayed = 0
	s.game = gameMemory{}
}
