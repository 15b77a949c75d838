package mutate

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// testMap says which of a package's top-level tests execute each
// coverage block, from one coverage run per test. A mutant changes
// nothing until the code at its position runs, so only the tests that
// run that code can notice it: running just those, instead of the whole
// suite, gives the same verdict in a fraction of the time for packages
// whose suites are slow (agent/'s runs for half a minute).
type testMap struct {
	tests  []string           // every top-level test, fuzz target and example
	blocks map[blockKey][]int // block → indexes into tests that executed it
	always []int              // tests that failed when run alone: run with every mutant
}

type blockKey struct {
	file                                 string // base name, as coverage keys it
	startLine, startCol, endLine, endCol int
}

// mapTests builds the package's test binary with coverage once, lists
// its tests (those matching only, when only is not "") and runs each
// alone with a coverage profile of its own.
// A test that fails alone (it leans on state another test left) is run
// with every mutant, so selection never hides a failure the whole suite
// would show.
func mapTests(ctx context.Context, root string, p *Package, tmp, only string, progress func(string)) (*testMap, error) {
	bin := filepath.Join(tmp, "cover.test")
	build := exec.CommandContext(ctx, "go", "test", "-c", "-cover", "-covermode=set", "-vet=off", "-o", bin, p.ImportPath)
	build.Dir = root
	ownGroup(build)
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the coverage test binary: %v\n%s", err, tail(out, 1000))
	}
	if _, err := os.Stat(bin); err != nil {
		return nil, nil // a package without test files: nothing to map
	}
	if only == "" {
		only = "."
	}
	list := exec.CommandContext(ctx, bin, "-test.list", only)
	list.Dir = p.Dir
	out, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("listing tests: %v", err)
	}
	tm := &testMap{blocks: map[blockKey][]int{}}
	for _, name := range strings.Fields(string(out)) {
		if !strings.HasPrefix(name, "Benchmark") {
			tm.tests = append(tm.tests, name)
		}
	}
	profile := filepath.Join(tmp, "one.cover")
	for i, name := range tm.tests {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		os.Remove(profile)
		run := exec.CommandContext(ctx, bin, "-test.run", "^"+regexp.QuoteMeta(name)+"$", "-test.count=1",
			"-test.coverprofile="+profile, "-test.timeout=10m")
		run.Dir = p.Dir
		ownGroup(run)
		run.WaitDelay = 5 * time.Second
		var buf bytes.Buffer
		run.Stdout, run.Stderr = &buf, &buf
		if err := run.Run(); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			tm.always = append(tm.always, i)
			if progress != nil {
				progress(fmt.Sprintf("%s fails when run alone; it runs with every mutant", name))
			}
			continue
		}
		f, err := os.Open(profile)
		if err != nil {
			tm.always = append(tm.always, i)
			continue
		}
		cov, err := parseCoverage(f)
		f.Close()
		if err != nil {
			return nil, err
		}
		for file, bs := range cov {
			for _, b := range bs {
				if b.count == 0 {
					continue
				}
				k := blockKey{file, b.startLine, b.startCol, b.endLine, b.endCol}
				if ts := tm.blocks[k]; len(ts) == 0 || ts[len(ts)-1] != i {
					tm.blocks[k] = append(ts, i)
				}
			}
		}
	}
	return tm, nil
}

// runPattern returns the -run pattern for a mutant at file:line:col:
// the tests that executed the innermost coverage block holding it, plus
// those that must always run. ok is false when the whole suite must run:
// the position is in no block (a package-level declaration, which every
// test may depend on) or no test is known to reach it.
func (tm *testMap) runPattern(cov coverage, file string, line, col int) (pattern string, ok bool) {
	if tm == nil {
		return "", false
	}
	best := cov.innermost(file, line, col)
	if best == nil {
		return "", false
	}
	k := blockKey{coverKey(file), best.startLine, best.startCol, best.endLine, best.endCol}
	idx := tm.blocks[k]
	if len(idx) == 0 {
		return "", false
	}
	var names []string
	for _, i := range append(append([]int(nil), tm.always...), idx...) {
		names = append(names, regexp.QuoteMeta(tm.tests[i]))
	}
	return "^(" + strings.Join(names, "|") + ")$", true
}
