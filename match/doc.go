// Package match plays engine matches: it drives UCCI and UCI xiangqi engines
// as subprocesses (through package engineproc), keeps their clocks, lets the referee of package engine
// adjudicate every game, writes the games as PGN and reports the score with
// Elo, LOS, SPRT and round-robin standings.
//
// # Running a match from Go
//
//	ctl, _ := timeman.Parse("10+0.1")
//	cfg := match.Config{
//		Engines: []engineproc.EngineSpec{
//			{Cmd: "bin/ucci", Options: []engineproc.Option{{Name: "hashsize", Value: "16"}}},
//			{Cmd: "/path/to/eleeye"},
//		},
//		Games:       100,
//		Control:     ctl,
//		Concurrency: 2,
//		// Openings nil: the built-in balanced set (DefaultOpenings).
//	}
//	res, err := match.Run(ctx, cfg)
//	p := res.Pairings[0]       // first engine against the second
//	score := p.Score()         // 0..1
//	elo, lo, hi := p.Elo()     // with its 95% interval
//
// Engines are started with exec.CommandContext in their own process group
// and are always asked to quit, then killed with their group; cancelling the
// context stops the match and leaves no process behind.
//
// # Events
//
// The formats Berger, Swiss, Knockout, DoubleElimination and Groups run an
// event as the competition rules do, round by round (EventOptions). The
// systems themselves (the round-robin order table, Swiss pairing, knockout
// brackets with replays of tied matches, groups then a final, team events,
// playoffs, withdrawals under 20.3 and 20.4, tables by the tie-breaks of
// article 15, the crosstable in Result.Event) are package match/event's,
// which knows nothing of engines: this package asks the event for each
// round's games, plays them with the same workers, referee and PGN as a
// match, and reports their results back. It keeps what needs engines or
// files: the roll call before round 1 (20.2), withdrawing an engine after
// crashes, the event's settings in every game's tags, and resuming from
// the event's PGN (ReadResume), whose games the referee replays before
// they are taken as played (CheckResume). The dependency goes one way,
// match imports event, so that the systems can be read and tested as rules
// alone.
//
// # Protocol
//
// The sessions and the dialects are package engineproc's. With Proto left
// at ProtoAuto the session sends "ucci" and falls back to
// "uci" when the engine does not answer "ucciok". UCI comes in two
// conventions: Pikafish-style (ProtoUCI: ranks 0-9, UCI_Variant never set)
// and Fairy-Stockfish's generic UCI (ProtoUCIFSF: UCI_Variant set to
// xiangqi, ranks 1-10 in both directions); auto detection picks the second
// for an engine whose UCI_Variant defaults to another variant. UCCI engines get
// "position fen <FEN after the last capture> moves <moves since>" and
// "go [draw] time T increment I opptime OT oppincrement OI" (or movestogo
// and oppmovestogo for period controls) in milliseconds; UCI engines get
// the start position with every move and "go wtime btime winc binc
// movestogo". Like the UCCI league, the runner sends UCCI engines
// "banmoves" with the moves that would make them lose by a forbidden
// perpetual one cycle later (Config.NoBanMoves turns this off).
//
// Every Config setting takes its default when zero; the settings that can
// be turned off (Grace, NaturalLimit, MaxPlies and the score rules) are
// turned off with Off, and a setting that cannot be off refuses a negative
// value.
//
// # Adjudication
//
// A game ends in one place, the adjudication chain (judgeTurn in
// ending.go), as a Termination: an outcome, a Reason and the runner's
// explanation. The referee (engine.Game) decides the rules endings: mate,
// stalemate, the natural limit, repetition (perpetual check and chase
// lose) and insufficient material. The runner adds the endings decided off
// the board: illegal or unreadable moves, crashes, time forfeits (the clock
// runs from sending go until bestmove arrives; stop is sent when the time
// is up and the move must come within the grace), resignation (bestmove
// ... resign and nobestmove), draws agreed as the UCCI league does (an
// offer in bestmove ... draw answered by a reply that also carries draw),
// the optional score rules and the optional ply limit.
package match
