// Command mutate is panto's mutation-testing harness (internal/mutate):
// it changes one thing at a time in the named packages' non-test code,
// runs each package's tests against the change, and lists the changes
// no test noticed, with file:line. The working tree is never written
// (mutants reach the compiler through `go test -overlay`), so stopping
// it with Ctrl-C leaves nothing behind. It is slow and not part of CI;
// run it, read the survivors, write the tests they call for.
//
//	go run ./cmd/mutate [flags] packages...
//	make mutate PKG=./agent/... MUTATEFLAGS='-n 50 -seed 7'
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"syscall"

	"panto/internal/mutate"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("mutate", flag.ContinueOnError)
	limit := fs.Int("n", 0, "test at most `N` mutants per package, sampled with -seed (0: all)")
	seed := fs.Uint64("seed", 1, "sampling `seed`")
	file := fs.String("file", "", "only files whose path (from the module root) matches `regexp`")
	skipFile := fs.String("skip-file", "", "leave out files whose path (from the module root) matches `regexp`")
	fn := fs.String("func", "", "only functions whose name (Func or Type.Method) matches `regexp`")
	runTests := fs.String("run", "", "only the tests matching `regexp` (go test -run), in the coverage run too: the score counts what those tests catch")
	ops := fs.String("ops", "", "only these comma-separated operators: "+strings.Join(mutate.AllOps, ","))
	timeout := fs.Duration("timeout", 0, "time limit of one mutant's test run (0: twice the unmutated run plus 30s)")
	jobs := fs.Int("j", 1, "mutants tested at once")
	list := fs.Bool("list", false, "list the mutants and run nothing")
	noCover := fs.Bool("nocover", false, "run mutants in code no test executes instead of counting them as survivors")
	allTests := fs.Bool("alltests", false, "run the package's whole test suite per mutant, not only the tests that execute the mutated code")
	coverOnly := fs.Bool("cover-only", false, "run only the coverage run: report the mutants in code no test executes, run none")
	jsonOut := fs.Bool("json", false, "write the results as JSON")
	verbose := fs.Bool("v", false, "print each mutant's outcome as it finishes, and equivalent ones in the report")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: mutate [flags] packages...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	cfg := mutate.Config{Dir: ".", Patterns: fs.Args(), Limit: *limit, Seed: *seed, Timeout: *timeout, Jobs: *jobs, List: *list, NoCover: *noCover, CoverOnly: *coverOnly, Run: *runTests, AllTests: *allTests}
	var err error
	if cfg.Dir, err = os.Getwd(); err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		return 1
	}
	for _, re := range []struct {
		src string
		dst **regexp.Regexp
	}{{*file, &cfg.File}, {*skipFile, &cfg.SkipFile}, {*fn, &cfg.Func}} {
		if re.src == "" {
			continue
		}
		if *re.dst, err = regexp.Compile(re.src); err != nil {
			fmt.Fprintln(os.Stderr, "mutate:", err)
			return 2
		}
	}
	if *ops != "" {
		cfg.Ops = map[string]bool{}
		for _, op := range strings.Split(*ops, ",") {
			known := false
			for _, k := range mutate.AllOps {
				known = known || k == op
			}
			if !known {
				fmt.Fprintf(os.Stderr, "mutate: unknown operator %q (have %s)\n", op, strings.Join(mutate.AllOps, ","))
				return 2
			}
			cfg.Ops[op] = true
		}
	}
	if *verbose {
		cfg.Progress = os.Stderr
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	results, err := mutate.Run(ctx, cfg)
	if *jsonOut {
		if jerr := mutate.WriteJSON(os.Stdout, results); jerr != nil && err == nil {
			err = jerr
		}
	} else {
		mutate.WriteText(os.Stdout, results, *verbose || *list)
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "mutate: interrupted; the report covers the mutants tested so far")
		return 130
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		return 1
	}
	return 0
}
