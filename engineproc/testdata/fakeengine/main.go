// Command fakeengine is a scripted UCCI/UCI engine for the tests that drive
// engine processes (engineproc, match, broker, web, cmd/ucci). It plays the moves of -script by ply (the ply is computed from the
// move number and side to move of the position it is given), or the first
// legal move when the script has none, and misbehaves as -do says at ply
// -at.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/goxq/ucci/engine"
)

var (
	proto      = flag.String("proto", "ucci", "ucci, uci, both or uci-fsf (a multi-variant engine that plays chess until UCI_Variant is xiangqi)")
	script     = flag.String("script", "", "moves by ply from the start (- = first legal move)")
	do         = flag.String("do", "", "illegal|crash|hang|slow|stopok|resign|nobest|offer|closeout|longline")
	lineLen    = flag.Int("linelen", 20<<20, "length of the info line -do longline prints before its move (CRLF not counted)")
	at         = flag.Int("at", -1, "ply at which -do happens (-1: every move)")
	move       = flag.String("move", "a0a0", "the move -do illegal plays (Go escapes such as \\x00 allowed)")
	accept     = flag.Bool("accept", false, "answer go draw with a move and draw")
	delay      = flag.Duration("delay", 0, "thinking time per move (ignores stop)")
	slowFor    = flag.Duration("slowfor", time.Second, "thinking time of -do slow")
	score      = flag.Int("score", 0, "score printed in info before each move")
	printScore = flag.Bool("printscore", false, "print -score")
	mateIn     = flag.Int("mate", 0, "with -printscore, print a mate in this many moves (negative: being mated) instead")
	bookMoves  = flag.Bool("book", false, "announce every move as a book move (info depth 0), as UCCI engines do")
	record     = flag.String("record", "", "append every received line to this file")
	pidDir     = flag.String("piddir", "", "write a file named after the pid here")
	ignoreQuit = flag.Bool("ignorequit", false, "do not exit on quit")
	spawn      = flag.Bool("spawn", false, "start a helper process (sleep 60) at start-up")
	noReady    = flag.Bool("noready", false, "never answer isready")
	startsFile = flag.String("starts", "", "count every start of the engine in this file (one byte a start)")
	readyFor   = flag.Int("readyfor", -1, "with -starts: answer isready in the first N starts only, then behave as -noready")
	exitOnBad  = flag.Bool("exitonbad", false, "exit when the first command is not understood")
	idleStop   = flag.Bool("idlestop", false, "answer stop while idle with nobestmove (as ElephantEye does)")
	ponder     = flag.Bool("ponder", false, "add a ponder move (the reply it would play) to bestmove")
	ponderMove = flag.String("pondermove", "", "the ponder move to announce instead")
	early      = flag.Bool("ponderearly", false, "answer go ponder at once instead of waiting for ponderhit or stop")
)

func main() {
	flag.Parse()
	if *startsFile != "" {
		countStart()
	}
	if *pidDir != "" {
		writePid(os.Getpid())
	}
	if *spawn {
		c := exec.Command("sleep", "60")
		if c.Start() == nil && *pidDir != "" {
			writePid(c.Process.Pid)
		}
	}
	e := &fake{out: bufio.NewWriter(os.Stdout)}
	if *record != "" {
		e.rec, _ = os.OpenFile(*record, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	e.lines = lines
	for l := range lines {
		e.record(l)
		if !e.handle(l) {
			return
		}
	}
}

// countStart adds this start to the -starts file and, past the first
// -readyfor starts, turns the engine mute (-noready).
func countStart() {
	before := 0
	if fi, err := os.Stat(*startsFile); err == nil {
		before = int(fi.Size())
	}
	if f, err := os.OpenFile(*startsFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
		f.Write([]byte{'.'})
		f.Close()
	}
	if *readyFor >= 0 && before >= *readyFor {
		*noReady = true
	}
}

func writePid(pid int) {
	os.WriteFile(filepath.Join(*pidDir, strconv.Itoa(pid)), nil, 0o644)
}

type fake struct {
	lines   chan string
	rec     *os.File
	out     *bufio.Writer
	mode    string // "ucci" or "uci" once greeted
	pos     *engine.Position
	hanging bool
	// variant is the UCI_Variant value; once a GUI sets it, moves in and
	// out use ranks 1-10, as Fairy-Stockfish (and GoXQ) do.
	variant string
	ranks1  bool
}

// record appends a received line to the -record file.
func (e *fake) record(l string) {
	if e.rec != nil {
		fmt.Fprintln(e.rec, l)
	}
}

func (e *fake) say(format string, args ...any) {
	fmt.Fprintf(e.out, format+"\n", args...)
	e.out.Flush()
}

// handle processes one command; false means exit.
func (e *fake) handle(l string) bool {
	f := strings.Fields(l)
	if len(f) == 0 {
		return true
	}
	if e.hanging && f[0] != "quit" {
		return true
	}
	switch f[0] {
	case "ucci":
		if *proto == "uci" || *proto == "uci-fsf" {
			if *exitOnBad {
				return false
			}
			e.say("Unknown command: '%s'. Type help for more information.", l)
			return true
		}
		e.mode = "ucci"
		e.say("id name fake")
		e.say("option usemillisec type check default true")
		e.say("option ponder type check default false")
		e.say("option newgame type button")
		e.say("ucciok")
	case "uci":
		if *proto == "ucci" {
			return !*exitOnBad
		}
		e.mode, e.ranks1, e.variant = "uci", false, "xiangqi"
		e.say("id name fake")
		e.say("option name Hash type spin default 16 min 1 max 1024")
		if *proto == "uci-fsf" {
			e.variant = "chess"
			e.say("option name UCI_Variant type combo default chess var chess var xiangqi")
		} else {
			e.say("option name UCI_Variant type combo default xiangqi var xiangqi")
		}
		e.say("option name Ponder type check default false")
		e.say("uciok")
	case "setoption":
		if len(f) == 5 && f[1] == "name" && f[2] == "UCI_Variant" && f[3] == "value" {
			e.variant, e.ranks1 = f[4], true
		}
	case "isready":
		if !*noReady {
			e.say("readyok")
		}
	case "position":
		e.position(f[1:])
	case "go":
		e.think(l)
	case "stop":
		if *idleStop {
			e.say("nobestmove")
		}
	case "quit":
		if *ignoreQuit {
			return true
		}
		if e.mode == "ucci" {
			e.say("bye")
		}
		return false
	}
	return true
}

// position reads "fen F... [moves ...]" or "startpos [moves ...]".
func (e *fake) position(f []string) {
	fen := engine.StartFEN
	i := 0
	if len(f) > 0 && f[0] == "fen" {
		i = 1
		for i < len(f) && f[i] != "moves" {
			i++
		}
		fen = strings.Join(f[1:i], " ")
	} else if len(f) > 0 && f[0] == "startpos" {
		i = 1
	}
	p, err := engine.NewPosition(fen)
	if err != nil {
		e.pos = nil
		return
	}
	if i < len(f) && f[i] == "moves" {
		for _, s := range f[i+1:] {
			m, err := p.ParseMove(e.moveIn(s))
			if err != nil {
				break
			}
			p.PlayGameMove(m)
		}
	}
	e.pos = p
}

// think answers go.
func (e *fake) think(goLine string) {
	if e.pos == nil {
		e.say("nobestmove")
		return
	}
	if e.variant == "chess" {
		e.say("bestmove e2e4")
		return
	}
	ply := 2*(e.pos.Fullmove()-1) + int(e.pos.SideToMove())
	mv := e.choose(ply)
	act := ""
	if *at < 0 || *at == ply {
		act = *do
	}
	drawOffered := strings.Contains(goLine, " draw")
	if f := strings.Fields(goLine); len(f) > 1 && f[1] == "ponder" && !*early {
		switch e.waitPonder() {
		case "stop":
			e.say("bestmove %s", e.moveOut(mv))
			return
		case "ponderhit draw":
			drawOffered = true
		case "quit":
			os.Exit(0)
		}
	}
	time.Sleep(*delay)
	switch {
	case *bookMoves:
		e.say("info depth 0 score 120 pv %s", e.moveOut(mv))
	case *printScore && *mateIn != 0 && e.mode == "uci":
		e.say("info depth 5 score mate %d pv %s", *mateIn, e.moveOut(mv))
	case *printScore && *mateIn != 0:
		plies := 2**mateIn - 1
		if *mateIn < 0 {
			plies = -2 * *mateIn
		}
		sign := 1
		if *mateIn < 0 {
			sign = -1
		}
		e.say("info depth 5 score %d pv %s", sign*(10000-plies), e.moveOut(mv))
	case *printScore && e.mode == "uci":
		e.say("info depth 5 score cp %d pv %s", *score, e.moveOut(mv))
	case *printScore:
		e.say("info depth 5 score %d pv %s", *score, e.moveOut(mv))
	}
	suffix := ""
	if *accept && drawOffered {
		suffix = " draw"
	}
	switch act {
	case "illegal":
		mv = *move
		if raw, err := strconv.Unquote(`"` + *move + `"`); err == nil {
			mv = raw
		}
	case "crash":
		os.Exit(3)
	case "closeout":
		// Close standard output but stay alive (standard error stays open).
		os.Stdout.Close()
		e.hanging = true
		return
	case "longline":
		// Written to the pipe directly: a runner that stops reading must
		// not kill this process with SIGPIPE.
		signal.Ignore(syscall.SIGPIPE)
		text := "info string " + strings.Repeat("x", max(*lineLen-len("info string "), 0)) + "\r\n"
		if _, err := e.out.WriteString(text); err != nil || e.out.Flush() != nil {
			e.hanging = true
			return
		}
	case "hang":
		e.hanging = true
		return
	case "slow":
		time.Sleep(*slowFor)
	case "stopok":
		for l := range e.lines {
			if strings.TrimSpace(l) == "stop" {
				break
			}
		}
	case "resign":
		suffix = " resign"
	case "offer":
		suffix = " draw"
	case "nobest":
		if e.mode == "uci" {
			e.say("bestmove (none)")
		} else {
			e.say("nobestmove")
		}
		return
	}
	if mv == "" {
		e.say("nobestmove")
		return
	}
	if p := e.prediction(mv); p != "" {
		suffix = " ponder " + e.moveOut(p) + suffix
	}
	if act != "illegal" {
		mv = e.moveOut(mv)
	}
	e.say("bestmove %s%s", mv, suffix)
}

// waitPonder reads commands during go ponder, answering isready, until
// ponderhit, stop or quit, and returns that command.
func (e *fake) waitPonder() string {
	for l := range e.lines {
		e.record(l)
		switch t := strings.TrimSpace(l); {
		case t == "isready":
			e.say("readyok")
		case t == "stop" || t == "quit" || strings.HasPrefix(t, "ponderhit"):
			return t
		}
	}
	return "quit"
}

// prediction returns the ponder move announced after mv: -pondermove, or
// the reply the fake would play itself, or "" without -ponder.
func (e *fake) prediction(mv string) string {
	if !*ponder {
		return ""
	}
	if *ponderMove != "" {
		return *ponderMove
	}
	m, err := e.pos.ParseMove(mv)
	if err != nil {
		return ""
	}
	saved := *e.pos
	e.pos.PlayGameMove(m)
	ply := 2*(e.pos.Fullmove()-1) + int(e.pos.SideToMove())
	reply := e.choose(ply)
	*e.pos = saved
	return reply
}

// choose returns the script move for ply, or the first legal move.
func (e *fake) choose(ply int) string {
	moves := strings.Fields(*script)
	if ply < len(moves) && moves[ply] != "-" {
		return moves[ply]
	}
	var list engine.MoveList
	e.pos.GenerateLegalMoves(&list)
	if list.Count == 0 {
		return ""
	}
	return list.Moves[0].String()
}

// moveOut writes an ICCS move with ranks 1-10 once UCI_Variant was set.
func (e *fake) moveOut(iccs string) string {
	if !e.ranks1 || len(iccs) != 4 {
		return iccs
	}
	return fmt.Sprintf("%c%d%c%d", iccs[0], iccs[1]-'0'+1, iccs[2], iccs[3]-'0'+1)
}

// moveIn reads a move with ranks 1-10 once UCI_Variant was set; anything
// else is returned as it is (and rejected as illegal).
func (e *fake) moveIn(s string) string {
	if !e.ranks1 {
		return s
	}
	var f1, f2 byte
	var r1, r2 int
	if n, err := fmt.Sscanf(s, "%c%d%c%d", &f1, &r1, &f2, &r2); n != 4 || err != nil || r1 < 1 || r1 > 10 || r2 < 1 || r2 > 10 {
		return s
	}
	return fmt.Sprintf("%c%d%c%d", f1, r1-1, f2, r2-1)
}
