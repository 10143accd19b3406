# Two commands do everything: `make build` (or `make run`) and `make test`.
GO      ?= go
BIN     := bin/ucci
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)

.PHONY: build run test test-race vet bench perft-deep clean

build:
	$(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/ucci

run: build
	./$(BIN)

vet:
	$(GO) vet ./...

# The full test suite: vet, all tests (perft rows up to 5M nodes), then the
# race detector over the short suite.
test: vet
	$(GO) test -count=1 ./...
	$(GO) test -count=1 -race -short ./...

# Speed figures: perft and search benchmarks, then the bench signature.
bench: build
	$(GO) test -run '^$$' -bench . -benchtime 3x ./bench/
	./$(BIN) bench

# Every perft row, however deep (about 20 minutes on one core).
perft-deep:
	PERFT_MAX_NODES=100000000000 $(GO) test -count=1 -timeout 4h -run TestPerft -v ./engine/

clean:
	rm -rf bin dist

# The built-in opening book, book/default.xqb (embedded in the binary), from
# the CCPD master games; override BOOK_GAMES or BOOK_FLAGS to change it.
BOOK_GAMES ?= ../shared/data/ccpd/master-games.pgn
BOOK_FLAGS ?= -plies 30 -min-games 2 -min-score 0.3
.PHONY: book
book:
	$(GO) run ./cmd/ucci book build -out book/default.xqb $(BOOK_FLAGS) $(BOOK_GAMES)
	$(MAKE) build
