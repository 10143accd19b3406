# Two commands do everything: `make build` (or `make run`) and `make test`.
GO      ?= go
BIN     := bin/ucci
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)

.PHONY: build run test test-race vet bench instructions perft-deep clean tb

build:
	$(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/ucci

run: build
	./$(BIN)

# vet: gofmt (fails on any unformatted file), go vet of the normal and the
# tuning build (-tags tune), and staticcheck, run at a pinned version
# through go run (no install step).
GOFMT       ?= $(shell $(GO) env GOROOT)/bin/gofmt
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
vet:
	@unformatted=$$($(GOFMT) -l $$(find . -name '*.go' -not -path './tmp/*' -not -path './.git/*')); \
		if [ -n "$$unformatted" ]; then echo "gofmt -l: not formatted:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags tune ./...
	$(GO) run $(STATICCHECK) ./...

# The full test suite: vet, all tests (perft rows up to 5M nodes), the
# packages a tuning build changes (TUNE_PKGS) built with -tags tune, tune spsa
# on a broker (it needs a tuning build's parameters), then the race detector
# over the short suite.
TUNE_PKGS := ./engine/ ./cmd/ucci/protocol/ ./cmd/ucci/tunecmd/
test: vet
	$(GO) test -count=1 ./...
	$(GO) test -count=1 -tags tune $(TUNE_PKGS)
	$(GO) test -count=1 -tags tune -run '^TestSPSAOnBroker$$' ./cmd/ucci/
	$(GO) test -count=1 -race -short ./...

# Endgame tablebases: every ending of one attacking piece against a general
# with any advisors and elephants (36 tables, 32.6 MB) into bin/tablebases,
# where the engine's TablebasePath looks by default; TB_SET=two adds the
# endings of two attacking pieces (5.3 GB), own those of one attacking piece
# with the attacker's own advisors and elephants too (15.1 GB), all both.
# A stopped build resumes.
TB_SET ?= one
tb: build
	./$(BIN) tb build -set $(TB_SET) -out $(abspath bin/tablebases)

# Speed figures: perft and search benchmarks, then the bench signature.
bench: build
	$(GO) test -run '^$$' -bench . -benchtime 3x ./bench/
	./$(BIN) bench

# Instructions per node of the bench under cachegrind (needs valgrind): a
# speed figure that does not move with the machine's load. EVALFILE=<embedded>
# (or <classical>, or a net file) picks the evaluation.
instructions:
	./bench/instructions.sh $(or $(DEPTH),9) '$(EVALFILE)'

# Every perft row, however deep (about 20 minutes on one core).
perft-deep:
	PERFT_MAX_NODES=100000000000 $(GO) test -count=1 -timeout 4h -run TestPerft -v ./engine/

# The README's strength check: bin/ucci against OPPONENT at 2 s + 0.02 s,
# e.g. make match OPPONENT=/path/to/engine GAMES=300. OPPONENT is an engine
# SPEC of ucci match (a path, or "cmd=PATH name=NAME option.NAME=VALUE");
# MATCH_FLAGS adds flags (e.g. -sprt 0,5,0.05,0.05); the games go to MATCH_PGN.
OPPONENT    ?=
GAMES       ?= 300
MATCH_TC    ?= 2+0.02
MATCH_CONC  ?= 2
MATCH_PGN   ?= tmp/match.pgn
MATCH_FLAGS ?=
.PHONY: match openings
match: build
	@test -n "$(OPPONENT)" || { echo 'usage: make match OPPONENT=/path/to/engine [GAMES=300]'; exit 2; }
	mkdir -p $(dir $(MATCH_PGN))
	./$(BIN) match -engine "cmd=$(BIN) name=ucci" -engine "$(OPPONENT)" -games $(GAMES) -tc $(MATCH_TC) \
		-concurrency $(MATCH_CONC) -pgn $(MATCH_PGN) $(MATCH_FLAGS)

# The match runner's built-in opening set, match/openings.txt
# (embedded), from the CCPD master games.
OPENINGS_GAMES ?= ../shared/data/ccpd/master-games.pgn
OPENINGS_FLAGS ?= -n 200 -min-ply 6 -max-ply 10 -min-games 20
OPENINGS_CREDIT := Chinese Chess Practical Dataset (CCPD) master games by Yu-Han Tseng, CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/); positions selected, not modified
openings:
	$(GO) run ./cmd/ucci match openings -pgn $(OPENINGS_GAMES) -out match/openings.txt $(OPENINGS_FLAGS) -credit "$(OPENINGS_CREDIT)"
	$(MAKE) build

# The held-out opening set, match/openings-heldout.txt: 100 positions
# 8-10 plies deep reached by Fairy-Stockfish's best moves drawn at random
# (Debian's fairy-stockfish, installed when missing), none of them in the
# CCPD master games (every position of which was searched for the nets'
# data) or in the built-in set (where self-play data generation starts).
# No data generation, training or tuning has used them: strength figures
# against other engines are measured on both sets.
HELDOUT_FLAGS ?= -n 100 -seed 1
.PHONY: openings-heldout
openings-heldout: build
	command -v /usr/games/fairy-stockfish >/dev/null || { apt-get update && apt-get install -y fairy-stockfish; }
	./$(BIN) match openings -engine "cmd=/usr/games/fairy-stockfish name=fairy-stockfish-11.1 proto=uci-fsf" \
		-exclude ../shared/data/ccpd/master-games.pgn -out match/openings-heldout.txt $(HELDOUT_FLAGS)

clean:
	rm -rf bin dist

# The built-in opening book, book/default.xqb (embedded in the binary), from
# the CCPD master games; override BOOK_GAMES or BOOK_FLAGS to change it.
# The games are the project's shared data (../shared, beside the checkout),
# not in the repository: without them, the committed book/default.xqb is
# the built-in book, and BOOK_GAMES=your-games.pgn builds one from others.
BOOK_GAMES ?= ../shared/data/ccpd/master-games.pgn
BOOK_FLAGS ?= -plies 30 -min-games 2 -min-score 0.3
.PHONY: book
book:
	@for f in $(BOOK_GAMES); do test -e "$$f" || { echo "make book: $$f is missing: the CCPD master games are the project's shared data (../shared beside the checkout). Without them the committed book/default.xqb stays the built-in book; give other games with make book BOOK_GAMES=FILE.pgn" >&2; exit 2; }; done
	$(GO) run ./cmd/ucci book build -out book/default.xqb $(BOOK_FLAGS) $(BOOK_GAMES)
	$(MAKE) build

# Evaluation tuning (tuning/, see tuning/README.md). tune-data writes the
# labelled quiet positions of the CCPD master games (plus any PGN files in
# TUNE_SELFPLAY) to $(TUNE_DIR), which is git-ignored; tune fits every
# evaluation weight to them and rewrites engine/params.go only when
# TUNE_OUT=engine/params.go is given (land it only after an SPRT pass); the
# default output is not named .go, so that go vet ./... skips it.
TUNE_DIR        ?= tmp/tune
TUNE_GAMES      ?= ../shared/data/ccpd/master-games.pgn
TUNE_SELFPLAY   ?=
TUNE_DATA_FLAGS ?= -skip 10
TUNE_DATA       ?= $(TUNE_DIR)/master.tsv.gz
TUNE_OUT        ?= $(TUNE_DIR)/params.go.txt
TUNE_FLAGS      ?=
TUNE_CREDIT     := Source: Chinese Chess Practical Dataset (CCPD) master games by Yu-Han Tseng, CC BY 4.0
.PHONY: tune-data tune
tune-data: build
	mkdir -p $(TUNE_DIR)
	nice -n 10 ./$(BIN) tune data -out $(TUNE_DATA) $(TUNE_DATA_FLAGS) -credit "$(TUNE_CREDIT)" $(TUNE_GAMES) $(TUNE_SELFPLAY)
tune: build
	mkdir -p $(TUNE_DIR)
	nice -n 10 ./$(BIN) tune texel -data $(TUNE_DATA) -out $(TUNE_OUT) -plot $(TUNE_DIR)/loss.png $(TUNE_FLAGS)

# Self-play games for tune-data (TUNE_SELFPLAY=$(TUNE_DIR)/selfplay.pgn):
# bin/ucci against itself at a fast control, book off, with a little
# randomness so that the games differ.
SELFPLAY_GAMES ?= 400
SELFPLAY_TC    ?= 1+0.01
.PHONY: tune-selfplay
tune-selfplay: build
	mkdir -p $(TUNE_DIR)
	nice -n 10 ./$(BIN) match -quiet -games $(SELFPLAY_GAMES) -tc $(SELFPLAY_TC) -concurrency 2 -pgn $(TUNE_DIR)/selfplay.pgn \
		-engine "cmd=$(BIN) name=a option.usebook=false option.randomness=tiny" \
		-engine "cmd=$(BIN) name=b option.usebook=false option.randomness=tiny"

# The win/draw/loss model of UCI_ShowWDL/showwdl (engine/wdl, see
# tuning/wdlfit). make wdl = wdl-selfplay + wdl-fit: WDL_SELFPLAY_GAMES games of
# bin/ucci against itself at WDL_SELFPLAY_TC (book off) into
# $(WDL_DIR)/selfplay.pgn, then up to WDL_POSITIONS positions of them and of
# WDL_GAMES each searched to WDL_DEPTH and fitted to the results; rewrites
# engine/wdl/fitted.go and docs/wdl-fit.png and keeps the samples in
# $(WDL_DIR) (refit them with ucci tune wdl -load). Refit whenever the
# evaluation changes its scale.
WDL_DIR            ?= tmp/wdl
WDL_GAMES          ?= ../shared/data/ccpd/master-games.pgn
WDL_SELFPLAY_GAMES ?= 400
WDL_SELFPLAY_TC    ?= 1+0.01
WDL_DEPTH          ?= 7
WDL_POSITIONS      ?= 25000
WDL_FLAGS          ?=
WDL_CREDIT         := master-games.pgn: Chinese Chess Practical Dataset (CCPD) master games by Yu-Han Tseng, CC BY 4.0
.PHONY: wdl wdl-selfplay wdl-fit
wdl: wdl-selfplay
	$(MAKE) wdl-fit
wdl-selfplay: build
	mkdir -p $(WDL_DIR)
	rm -f $(WDL_DIR)/selfplay.pgn
	nice -n 10 ./$(BIN) match -quiet -games $(WDL_SELFPLAY_GAMES) -tc $(WDL_SELFPLAY_TC) -concurrency 2 -pgn $(WDL_DIR)/selfplay.pgn \
		-engine "cmd=$(BIN) name=a option.usebook=false" -engine "cmd=$(BIN) name=b option.usebook=false"
wdl-fit: build
	nice -n 10 ./$(BIN) tune wdl -depth $(WDL_DEPTH) -positions $(WDL_POSITIONS) -save $(WDL_DIR)/samples.tsv.gz \
		-out engine/wdl/fitted.go -plot docs/wdl-fit.png -note "$(WDL_CREDIT)" \
		-note "selfplay.pgn: bin/ucci against itself at $(WDL_SELFPLAY_TC), book off" $(WDL_FLAGS) $(WDL_GAMES) $(WDL_DIR)/selfplay.pgn
	$(MAKE) build

# SPSA of the search parameters: a tuning build (-tags tune) plays itself
# with perturbed values; the values go to $(TUNE_DIR)/spsa.txt and the
# traces to $(TUNE_DIR)/spsa.png (search parameters live in engine/).
SPSA_FLAGS ?= -iterations 200 -tc 1+0.01
.PHONY: spsa
spsa:
	mkdir -p $(TUNE_DIR)
	$(GO) build -tags tune -o bin/ucci-tune ./cmd/ucci
	nice -n 10 bin/ucci-tune tune spsa -engine bin/ucci-tune -out $(TUNE_DIR)/spsa.txt -plot $(TUNE_DIR)/spsa.png $(SPSA_FLAGS)

# Release binaries: Linux, Windows (console, CUI) and macOS for amd64 and
# arm64, stamped with VERSION, the default book embedded, static (no cgo),
# and dist/SHA256SUMS; TestDist checks them (headers, machine, subsystem,
# version, book, checksums) and runs the one for this machine.
DIST_PLATFORMS := linux/amd64 linux/arm64 windows/amd64 windows/arm64 darwin/amd64 darwin/arm64
.PHONY: dist
dist:
	rm -rf dist
	mkdir -p dist
	for p in $(DIST_PLATFORMS); do \
		os=$${p%/*}; arch=$${p#*/}; ext=; [ $$os = windows ] && ext=.exe; \
		echo "dist/ucci-$$os-$$arch$$ext"; \
		GOOS=$$os GOARCH=$$arch CGO_ENABLED=0 $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o dist/ucci-$$os-$$arch$$ext ./cmd/ucci || exit 1; \
	done
	cd dist && sha256sum ucci-* > SHA256SUMS
	GOXQ_DIST=$(abspath dist) GOXQ_DIST_VERSION=$(VERSION) $(GO) test -count=1 -run '^TestDist$$' -v ./e2e/

# End-to-end: whole games through XBoard + UCI2WB (UCCI mode) under Xvfb
# against fairy-stockfish, without and with pondering, and through our own
# match runner against fairy-stockfish in its UCI mode (uci-fsf), with our
# engine in UCCI and in uci-fsf; installs the Debian packages when they are
# missing. Records and logs go to e2e/out/. Override E2E_FLAGS with
# GOXQ_E2E_* settings (see e2e/xboard_test.go and e2e/runner_test.go).
E2E_FLAGS ?=
.PHONY: e2e
e2e: build
	bash e2e/install.sh
	GOXQ_E2E=1 GOXQ_E2E_ENGINE=$(abspath $(BIN)) GOXQ_E2E_OUT=$(abspath e2e/out) $(E2E_FLAGS) \
		$(GO) test -count=1 -v -timeout 40m -run '^(TestXBoardMatch|TestMatchRunnerFSF)$$' ./e2e/

# The Windows build under Wine: the UCCI transcript tests of cmd/ucci (those
# named in WINE_TESTS) against dist/ucci-windows-amd64.exe run by Debian's
# wine, in the prefix $(WINE_PREFIX) with the test-only DLL of
# ../shared/tools/wine-shim; e2e/wine.sh installs wine and mingw-w64 when
# they are missing. Not in CI: the first run installs Wine. The shim is the
# project's shared data (../shared beside the checkout), not in the
# repository: without it, set WINE_SHIM to a directory with an install.sh
# that puts a bcryptprimitives.dll into $$WINEPREFIX, or run the Windows
# binary's tests on Windows (GOXQ_TEST_ENGINE=ucci-windows-amd64.exe go test
# ./cmd/ucci/).
WINE_PREFIX ?= $(abspath tmp/wine)
WINE_SHIM   ?= $(abspath ../shared/tools/wine-shim)
WINE_TESTS  ?= ^(TestUCCIHandshake|TestNothingBeforeHello|TestUCCISearchOutput|TestIsReadyAndStopWhileThinking|TestPonderHitAndMiss|TestQuitWhileThinking|TestBadPositions|TestMoveListStopsAtFirstIllegalMove|TestBanMoves|TestUCCIUnknownInputIsSilent|TestBookAnswersFast|TestProbe|TestSecondsMode|TestBookMoveAnnouncement|TestDisplay|TestEval|TestFlip|TestUCICycloneRanksFrom0|TestUCCIShowWDL)$$
.PHONY: e2e-windows
e2e-windows:
	@test -f "$(WINE_SHIM)/install.sh" || { echo "make e2e-windows: $(WINE_SHIM)/install.sh is missing: the wine shim is the project's shared data (../shared beside the checkout). Without it set WINE_SHIM=DIR (an install.sh that puts a bcryptprimitives.dll into WINEPREFIX), or run GOXQ_TEST_ENGINE=ucci-windows-amd64.exe go test ./cmd/ucci/ on Windows" >&2; exit 2; }
	mkdir -p dist
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o dist/ucci-windows-amd64.exe ./cmd/ucci
	WINEPREFIX=$(WINE_PREFIX) WINE_SHIM=$(WINE_SHIM) bash e2e/wine.sh
	status=0; WINEPREFIX=$(WINE_PREFIX) WINEDEBUG=-all GOXQ_TEST_ENGINE="wine $(abspath dist/ucci-windows-amd64.exe)" \
		$(GO) test -count=1 -v -timeout 30m -run '$(WINE_TESTS)' ./cmd/ucci/ || status=$$?; \
	WINEPREFIX=$(WINE_PREFIX) wineserver -k || true; exit $$status

# Reliability (reliability/, see reliability/doc.go). fuzz: every parser
# fuzz target for FUZZTIME each, one worker, nice'd (logs in tmp/fuzz).
# stress: STRESS_COMMANDS random commands against bin/ucci, quit latency
# over many trials (strict 100 ms bound) and hash/thread changes during
# searches (strict memory checks). soak: SOAK_GAMES games of bin/ucci
# against itself at SOAK_TC, 16 MB and one thread each, one side pondering,
# with a memory monitor; the PGN is re-read (results in SOAK_DIR). The
# short versions run in go test ./reliability/.
FUZZTIME        ?= 10m
STRESS_COMMANDS ?= 100000
SOAK_GAMES      ?= 1000
SOAK_TC         ?= 1+0.01
SOAK_DIR        ?= tmp/soak
.PHONY: fuzz stress soak
fuzz:
	FUZZ_LOGS=tmp/fuzz GO=$(GO) bash reliability/fuzz.sh $(FUZZTIME)
stress: build
	GOXQ_TEST_ENGINE=$(abspath $(BIN)) GOXQ_STRESS_COMMANDS=$(STRESS_COMMANDS) GOXQ_QUIT_TRIALS=50 GOXQ_RESIZE_ROUNDS=60 GOXQ_STRICT=1 \
		nice -n 10 $(GO) test -count=1 -timeout 4h -v -run '^(TestCommandStress|TestQuitLatency|TestResizeHashAndThreads)$$' ./reliability/
soak: build
	BIN=$(BIN) TC=$(SOAK_TC) bash reliability/soak.sh $(SOAK_GAMES) $(SOAK_DIR)

# Neural network evaluation (issue 18). nnue-data: training positions
# (git-ignored; rebuilt by this target, never committed): for each SEED:GAMES
# of NNUE_SELFPLAY, GAMES self-play games of that seed at NNUE_NODES nodes per
# move in $(NNUE_DIR)/data, then the positions of the first NNUE_MASTER_GAMES
# CCPD master games (0: all) searched to NNUE_NODES in $(NNUE_DIR)/master.
# Interrupted runs resume. NNUE_EVAL is the evaluation of those searches.
# nnue: trains $(NNUE_DIR)/net.nnue on both (NNUE_EPOCHS at most, stopping
# NNUE_PATIENCE epochs after the best validation loss); copy it to
# engine/nnue/default.nnue to embed it. The defaults are the recipe of the
# third generation, the embedded net (see the README): its data were
# searched with the second generation's net, $(NNUE_GEN2), taken from the
# commit that embedded it. The second generation's recipe:
# NNUE_DIR=tmp/nnue2 NNUE_EVAL=$(NNUE_GEN1) NNUE_SELFPLAY='4:40000 5:8000';
# the first's: NNUE_DIR=tmp/nnue NNUE_EVAL='<classical>'
# NNUE_SELFPLAY='2:37800 3:18000'; each NNUE_NOTE as in the Makefile of the
# commit that embedded that net.
NNUE_GEN1   := tmp/nnue-gen1.nnue
NNUE_GEN1_COMMIT := be8fc8b
NNUE_GEN2   := tmp/nnue-gen2.nnue
NNUE_GEN2_COMMIT := 554a5f4
NNUE_DIR    ?= tmp/nnue3
NNUE_SELFPLAY ?= 6:49800 7:59300
NNUE_MASTER_GAMES ?= 0
NNUE_NODES  ?= 1500
NNUE_EVAL   ?= $(NNUE_GEN2)
NNUE_EPOCHS ?= 30
NNUE_PATIENCE ?= 2
NNUE_DATA_FLAGS ?=
NNUE_TRAIN_FLAGS ?=
NNUE_NOTE   ?= data: 49,800 + 59,300 self-play games (seeds 6 and 7) and all 25,941 CCPD master games, 1,500 nodes per move, evaluation: the second embedded net (generation 3); positions of the Chinese Chess Practical Dataset (CCPD) by Yu-Han Tseng, CC BY 4.0
$(NNUE_GEN1) $(NNUE_GEN2):
	mkdir -p $(dir $@)
	git show $(if $(filter $(NNUE_GEN1),$@),$(NNUE_GEN1_COMMIT),$(NNUE_GEN2_COMMIT)):engine/nnue/default.nnue > $@.part && mv $@.part $@
.PHONY: nnue-data nnue
nnue-data: build $(filter $(NNUE_GEN1) $(NNUE_GEN2),$(NNUE_EVAL))
	mkdir -p $(NNUE_DIR)/data $(NNUE_DIR)/master
	for sg in $(NNUE_SELFPLAY); do \
		nice -n 10 ./$(BIN) tune datagen -out $(NNUE_DIR)/data -seed $${sg%%:*} -games $${sg##*:} -nodes $(NNUE_NODES) -evalfile '$(NNUE_EVAL)' $(NNUE_DATA_FLAGS) || exit 1; \
	done
	nice -n 10 ./$(BIN) tune datagen -out $(NNUE_DIR)/master -games $(NNUE_MASTER_GAMES) -nodes $(NNUE_NODES) -evalfile '$(NNUE_EVAL)' $(NNUE_DATA_FLAGS) ../shared/data/ccpd/master-games.pgn
nnue: nnue-data
	nice -n 10 ./$(BIN) tune nnue -out $(NNUE_DIR)/net.nnue -epochs $(NNUE_EPOCHS) -patience $(NNUE_PATIENCE) -plot $(NNUE_DIR)/loss.png -note '$(NNUE_NOTE)' $(NNUE_TRAIN_FLAGS) $(NNUE_DIR)/data $(NNUE_DIR)/master

# Matches across machines (issue 19): e2e/distributed_test.go (build tag
# e2edist) starts Debian's nats-server with JetStream on a free port, makes
# a coordinator key (`ucci key`), two `ucci worker -trust KEY` processes and a
# coordinator (`ucci match -broker URL -key FILE`) for a 20-game match at
# 1+0.01 between two copies of bin/ucci, and checks the PGN
# (20 games, once each), the totals, that both workers played and `ucci match
# status`. e2e/distributed.sh installs nats-server when it is missing (with
# apt-get update first). Not in make test.
.PHONY: e2e-distributed
e2e-distributed: build
	bash e2e/distributed.sh
	GOXQ_E2E_ENGINE=$(abspath $(BIN)) \
		$(GO) test -tags e2edist -count=1 -v -timeout 10m -run '^TestDistributedMatch$$' ./e2e/

# Games per minute of the local runner and of 1, 2 and 4 workers on the real
# nats-server (bin/ucci at 1 s + 0.01 s), and a simulated 10-machine run
# (10 workers of 2 slots, an engine spending 25 ms a move) against the
# local runner at the same 20 games at once: e2e/throughput_test.go. Not in
# make test (about 10 minutes, both cores).
.PHONY: dist-throughput
dist-throughput: build
	bash e2e/distributed.sh
	GOXQ_E2E_ENGINE=$(abspath $(BIN)) \
		$(GO) test -tags e2edist -count=1 -v -timeout 30m -run '^TestDistributedThroughput$$' ./e2e/

# The board in the browser (ucci serve): e2e/web_test.go (build tag e2eweb)
# drives Debian's chromium headless through chromedp: a whole game against
# the engine by clicking, an illegal move refused, three analysis lines, a
# GBK Chinese-notation PGN imported and replayed, a perpetual check
# announced, variations, the board kept over a reload and a browser
# restart, coordinates, a file of several games, a position link; and
# e2e/weblive_test.go watches a 4-game match of ucci match -serve to its
# end (TestWebLiveMatch). They save the screenshots of the README to
# WEB_SHOTS. e2e/web.sh installs chromium and a CJK font when they are
# missing. Not in make test.
WEB_SHOTS ?= $(abspath docs)
.PHONY: e2e-web
e2e-web: build
	bash e2e/web.sh
	mkdir -p $(WEB_SHOTS)
	GOXQ_E2E_ENGINE=$(abspath $(BIN)) GOXQ_E2E_WEB_SHOTS=$(WEB_SHOTS) \
		$(GO) test -tags e2eweb -count=1 -v -timeout 20m -run '^(TestWebBoard|TestWebLiveMatch)$$' ./e2e/
