# panto — build, test and measure. `make help` lists the targets.

GO      ?= go
BIN     ?= bin/panto
FUZZTIME ?= 30s

.PHONY: all demo build generate test-native test-binary lua-link lua-suite test test-short race vet fmt cross golden fuzz bench bench-search bench-go bench-rss mem-answer mutate transpile-corpus clean help

all: build

help:
	@echo "demo       build the example bundle and run it (offline)"
	@echo "build      build bin/panto, its base layer native (make generate first)"
	@echo "generate   compile and transpile the base layer (stdext) into stdext/native"
	@echo "test-native  the extension tests (stdext, host, agent) with the base layer native"
	@echo "test-binary  panto build --binary end to end (builds a panto with a layer linked in)"
	@echo "lua-link   build bin/panto and link bin/lua to it (panto as lua: README)"
	@echo "lua-suite  run the official Lua 5.4.4 test suite in SUITE against bin/lua (CONTRIBUTING.md)"
	@echo "test       vet, gofmt check, the macOS and Windows builds, unit tests with -race, the golden corpus, test-native"
	@echo "test-short unit tests without -race (quick loop while coding)"
	@echo "cross      build panto for macOS (arm64) and Windows (amd64)"
	@echo "golden     regenerate the golden files from the reference lua5.4"
	@echo "fuzz       run every fuzz target for FUZZTIME each (default $(FUZZTIME))"
	@echo "bench      run bench/ programs under panto (interpreted and transpiled), lua5.4, luajit and gopher-lua"
	@echo "bench-search  time grep and find against ripgrep, grep -rn and find on Go's tree"
	@echo "bench-go   run the Go benchmarks (go test -bench)"
	@echo "bench-rss  peak RSS and CPU of real Lua programs (luacheck, ldoc...) under lua5.4, panto lua and the lean engine"
	@echo "soak       long sessions: 2,000 scripted turns, live heap by turns, the RPC soak's RSS"
	@echo "mem-answer peak memory of one 1 GiB streamed answer (/usr/bin/time -v)"
	@echo "mutate     mutation testing of PKG (e.g. PKG=./agent/...; MUTATEFLAGS='-n 50 -v')"
	@echo "transpile-corpus  run the conformance corpus and 100 random programs transpiled to Go"

# The shipped binary runs its standard tools natively: cmd/stdgen compiles
# the base layer's Lua (stdext) to bytecode and Go in stdext/native (not
# checked in), and the pantonative tag links it. A plain `go build` gives
# the same panto with the base layer compiled at start-up and interpreted.
# urfave_cli_no_docs leaves out urfave/cli's man-page and Markdown
# writers, which panto does not use and whose renderer (blackfriday)
# compiles regular expressions in init (docs/benchmarks.md, "Start-up").
# CGO_ENABLED=0: a static binary starts with 10% fewer instructions and
# fewer page faults (no dynamic loader, no libc thread set-up), and panto
# needs no C: the child-process lifeline and Landlock are pure Go.
build: generate
	CGO_ENABLED=0 $(GO) build -tags pantonative,urfave_cli_no_docs -o $(BIN) ./cmd/panto

generate:
	$(GO) run ./cmd/stdgen

test-native: generate
	$(GO) test -count=1 -tags pantonative ./stdext ./host ./agent/...

# panto build --binary end to end: it compiles and links a panto with a
# layer linked in (about a minute), so it is not part of make test.
test-binary:
	PANTO_TEST_BINARY=1 $(GO) test -count=1 -run 'TestBuildBinary$$' ./cmd/panto

# Started as lua, panto is `panto lua`, and arg[-1] re-launches it.
lua-link: build
	ln -sf $(notdir $(BIN)) $(dir $(BIN))lua

# The official Lua 5.4.4 test suite, which is not ours to check in
# (CONTRIBUTING.md says how to fetch it), run file by file against bin/lua.
# Not part of `make test`. SOFT=1 skips its longest tests.
lua-suite: lua-link
	@test -n "$(SUITE)" || { echo "usage: make lua-suite SUITE=/path/to/lua-5.4.4-tests" >&2; exit 2; }
	conformance/lua-suite.sh "$(SUITE)" "$(abspath $(dir $(BIN)))/lua"

# The README's first command: compile the example extension tree into a
# bundle, verify it, run a whole agent turn with a tool call against the
# demo's offline model, then its tool, command and listing. No network.
demo: build
	$(BIN) test examples/demo
	$(BIN) build examples/demo -o bin/demo.pkg
	$(BIN) verify bin/demo.pkg
	$(BIN) run bin/demo.pkg --model demo:scripted --no-session --verbose --prompt "How many words are in: the quick brown fox jumps over the lazy dog"
	$(BIN) run bin/demo.pkg --list
	$(BIN) run bin/demo.pkg --tool word_count --input '{"text":"the quick brown fox\njumps over the lazy dog"}' --render --width 60
	$(BIN) run bin/demo.pkg --command "/greet newcomer"

# The one command CI runs (see .ci/run): static checks, the race-enabled
# unit tests, then the conformance corpus against the recorded goldens.
# -race needs cgo, which the shipped build leaves out: the child-process
# helper, whose behaviour differs most between the two, runs without too.
test: vet fmt cross
	$(GO) test -race -count=1 $$($(GO) list ./... | grep -v /conformance)
	CGO_ENABLED=0 $(GO) test -count=1 ./internal/childproc
	$(GO) test -count=1 ./conformance
	$(MAKE) test-native

# panto builds for macOS and Windows too: a unix-only call outside a
# build-tagged file fails here rather than on a user's machine.
cross:
	GOOS=darwin GOARCH=arm64 $(GO) build -o /dev/null ./cmd/panto
	GOOS=windows GOARCH=amd64 $(GO) build -o /dev/null ./cmd/panto

test-short:
	$(GO) test -count=1 ./...

vet:
	$(GO) vet ./...

# third_party/ is upstream's code in upstream's style (third_party/README.md).
fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go' ':!third_party')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

golden:
	conformance/regen.sh

# Every FuzzXxx target in the module, FUZZTIME each.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

bench: build
	cd bench && $(GO) run ./cmd/benchrun -panto ../$(BIN)

# grep and find against ripgrep, GNU grep and find on Go's source tree
# (docs/benchmarks.md, "Search tools").
bench-search: build
	cd bench && $(GO) run ./cmd/searchbench -panto ../$(BIN)

# The whole conformance corpus run as native code (compiler/gogen): each
# program's chunk transpiled, built into one lua command, and checked
# against its golden output; then 100 random programs run natively and
# interpreted must print the same. Not part of test: it compiles a lot of Go.
transpile-corpus:
	@mkdir -p bin; PANTO_TRANSPILE_CORPUS=1 PANTO_TRANSPILE_DIFF=100 $(GO) test -count=1 -timeout 60m -run '^(TestCorpusTranspiled|TestDifferential)$$' -v ./compiler/gogen >bin/transpile-corpus.log 2>&1; \
	st=$$?; grep -E '^(\s*--- FAIL|ok|FAIL|\s+corpus_test.go:[0-9]+: transpiled corpus)' bin/transpile-corpus.log; exit $$st

bench-go:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Peak RSS and CPU of real Lua programs from Debian's packages (luacheck
# over /usr/share/lua/5.1, ldoc over penlight, luaunit's and dkjson's own
# tests) under lua5.4, `panto lua` and the lean engine (bench/cmd/leanlua),
# outputs checked against lua5.4's; skipped with a message when lua5.4 or
# the packages are missing. RUNS rounds (default 2). Minutes: not part of test.
RUNS ?= 2
bench-rss: build
	cd bench && $(GO) build -o ../bin/leanlua ./cmd/leanlua
	bench/rss.sh -n $(RUNS) $(BIN) bin/leanlua

# Peak RSS of one headless turn whose answer is 1 GiB, streamed by a
# local server (bench/cmd/bigstream; figures in docs/benchmarks.md).
# Minutes and gigabytes: not part of test.
mem-answer: build
	cd bench && $(GO) run ./cmd/bigstream -panto ../$(BIN) -size 1073741824

# Mutation testing (cmd/mutate, CONTRIBUTING.md): slow, never part of
# `make test`. One mutant at a time at the lowest priority by default.
PKG ?= ./...
MUTATEFLAGS ?=
mutate:
	nice -n 19 $(GO) run ./cmd/mutate $(MUTATEFLAGS) $(PKG)

# Long sessions (issue 26; figures in docs/benchmarks.md): 2,000 scripted
# turns on a small window, the live heap after N turns, then a 2,000-turn
# --mode rpc soak of the binary (RSS and live heap by turn) and the
# terminal UI's time to an echoed key on that session. Minutes, not part
# of `make test`.
soak:
	PANTO_SOAK_TURNS=2000 $(GO) test -count=1 -run TestLongSessionSmallWindow -v ./agent
	$(GO) test -count=1 -run '^$$' -bench LiveHeapAfterTurns -benchtime=1x ./agent
	PANTO_SOAK_TURNS=2000 $(GO) test -count=1 -timeout 60m -run 'TestSoak' -v ./cmd/panto

clean:
	rm -rf bin
