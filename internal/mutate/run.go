package mutate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"time"
)

// Config says what to mutate and how.
type Config struct {
	Dir       string   // module root the go command runs in
	Patterns  []string // packages, as `go list` takes them
	Limit     int      // mutants run per package, sampled with Seed; 0 runs all
	Seed      uint64
	File      *regexp.Regexp  // only files whose path (relative to Dir) matches
	SkipFile  *regexp.Regexp  // leave out files whose path (relative to Dir) matches
	Func      *regexp.Regexp  // only functions whose name ("Recv.Method" or "Func") matches
	Run       string          // only the tests go test -run selects (coverage run included); "" runs all
	Ops       map[string]bool // only these operators; nil for all
	Timeout   time.Duration   // per mutant test run; 0 derives it from the unmutated run
	Jobs      int             // mutants tested at once (default 1)
	List      bool            // list the mutants, run nothing
	NoCover   bool            // run mutants in code no test executes, instead of counting them survivors
	CoverOnly bool            // run nothing but the coverage run: sort mutants into uncovered (survivors) and not run
	AllTests  bool            // run the whole test suite per mutant, not only the tests that execute the mutated code
	Progress  io.Writer       // one line per mutant as it finishes; nil for none
}

// PackageResult is one package's outcome.
type PackageResult struct {
	Package    string    `json:"package"`
	Error      string    `json:"error,omitempty"`
	Baseline   float64   `json:"baseline_seconds"`
	Generated  int       `json:"generated"`
	Tested     int       `json:"tested"`  // killed + survived (survived includes uncovered)
	NotRun     int       `json:"not_run"` // sampled but not run (-cover-only, or interrupted)
	Killed     int       `json:"killed"`
	TimedOut   int       `json:"timed_out"` // part of Killed
	Survived   int       `json:"survived"`  // includes Uncovered
	Uncovered  int       `json:"uncovered"`
	Equivalent int       `json:"equivalent"`
	NotViable  int       `json:"not_viable"`
	Score      float64   `json:"score"` // Killed / Tested, in percent
	Mutants    []*Mutant `json:"mutants"`
}

// Run mutates each package in turn and tests every mutant through
// `go test -overlay`, so the files in the tree are never written: an
// interrupted run (ctx cancelled) leaves nothing to restore, only a
// temporary folder it removes before returning.
func Run(ctx context.Context, cfg Config) ([]*PackageResult, error) {
	if cfg.Jobs < 1 {
		cfg.Jobs = 1
	}
	pkgs, err := Load(cfg.Dir, cfg.Patterns...)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "panto-mutate-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	var results []*PackageResult
	for _, p := range pkgs {
		r := runPackage(ctx, cfg, p, tmp)
		for _, m := range r.Mutants {
			if rel, err := filepath.Rel(cfg.Dir, m.File); err == nil {
				m.File = rel
			}
		}
		results = append(results, r)
		if ctx.Err() != nil {
			return results, ctx.Err()
		}
	}
	return results, nil
}

func (cfg *Config) selects(m *Mutant) bool {
	if cfg.Ops != nil && !cfg.Ops[m.Op] {
		return false
	}
	if cfg.Func != nil && !cfg.Func.MatchString(m.Func) {
		return false
	}
	rel, err := filepath.Rel(cfg.Dir, m.File)
	if err != nil {
		rel = m.File
	}
	rel = filepath.ToSlash(rel)
	if cfg.File != nil && !cfg.File.MatchString(rel) {
		return false
	}
	return cfg.SkipFile == nil || !cfg.SkipFile.MatchString(rel)
}

func runPackage(ctx context.Context, cfg Config, p *Package, tmp string) *PackageResult {
	r := &PackageResult{Package: p.ImportPath}
	var ms []*Mutant
	for _, m := range p.Generate() {
		if cfg.selects(m) {
			ms = append(ms, m)
		}
	}
	r.Generated = len(ms)
	if cfg.Limit > 0 {
		rng := rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15))
		rng.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	}
	var cov, profiled coverage
	timeout := cfg.Timeout
	if !cfg.List {
		start := time.Now()
		profile := filepath.Join(tmp, "cover.out")
		out, err := goTest(ctx, cfg.Dir, p.ImportPath, 0, cfg.runArgs("-coverprofile="+profile, "-covermode=set")...)
		r.Baseline = time.Since(start).Seconds()
		if err != nil {
			r.Error = fmt.Sprintf("tests fail without any change: %v\n%s", err, tail(out, 2000))
			return r
		}
		if f, err := os.Open(profile); err == nil {
			profiled, err = parseCoverage(f)
			f.Close()
			if err != nil {
				r.Error = err.Error()
				return r
			}
		}
		if !cfg.NoCover {
			cov = profiled
		}
		if timeout == 0 {
			timeout = 2*time.Since(start) + 30*time.Second
		}
	}
	var queue []*Mutant
	for _, m := range ms {
		if m.Status == Equivalent {
			r.Equivalent++
			r.Mutants = append(r.Mutants, m)
			continue
		}
		if cfg.Limit > 0 && r.Tested >= cfg.Limit {
			// r.Tested counts the sample here; it is recomputed below.
			continue
		}
		if err := p.compiles(m.file, m.Source()); err != nil {
			m.Status, m.Detail = NotViable, short(err.Error(), 120)
			r.NotViable++
			r.Mutants = append(r.Mutants, m)
			continue
		}
		r.Tested++
		r.Mutants = append(r.Mutants, m)
		if cov != nil {
			pos := p.Fset.Position(m.at)
			if !cov.executed(m.File, pos.Line, pos.Column) {
				m.Status, m.Detail = Uncovered, "no test executes this code"
				continue
			}
		}
		queue = append(queue, m)
	}
	if !cfg.List && !cfg.CoverOnly && len(queue) > 0 {
		if !cfg.AllTests && profiled != nil {
			var progress func(string)
			if cfg.Progress != nil {
				progress = func(s string) { fmt.Fprintf(cfg.Progress, "%s: %s\n", p.ImportPath, s) }
			}
			tm, err := mapTests(ctx, cfg.Dir, p, tmp, cfg.Run, progress)
			if err != nil && ctx.Err() == nil {
				r.Error = err.Error()
				return r
			}
			for _, m := range queue {
				pos := p.Fset.Position(m.at)
				m.run, _ = tm.runPattern(profiled, m.File, pos.Line, pos.Column)
			}
		}
		testAll(ctx, cfg, p, tmp, timeout, queue)
	}
	for _, m := range r.Mutants {
		switch m.Status {
		case Pending:
			r.NotRun++
		case Killed:
			r.Killed++
			if m.Detail == "timed out" {
				r.TimedOut++
			}
		case Survived:
			r.Survived++
		case Uncovered:
			r.Survived++
			r.Uncovered++
		}
	}
	r.Tested = r.Killed + r.Survived
	if r.Tested > 0 {
		r.Score = 100 * float64(r.Killed) / float64(r.Tested)
	}
	return r
}

// testAll runs the queue on cfg.Jobs workers, each with a folder of its
// own for the mutated file and its overlay description.
func testAll(ctx context.Context, cfg Config, p *Package, tmp string, timeout time.Duration, queue []*Mutant) {
	work := make(chan *Mutant)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < cfg.Jobs; w++ {
		dir := filepath.Join(tmp, fmt.Sprintf("w%d", w))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range work {
				testOne(ctx, cfg, p, dir, timeout, m)
				mu.Lock()
				done++
				if cfg.Progress != nil && m.Status != Pending {
					rel, _ := filepath.Rel(cfg.Dir, m.File)
					fmt.Fprintf(cfg.Progress, "[%d/%d] %s:%d: %s: %s: %s %s\n", done, len(queue), rel, m.Line, m.Op, m.Change, m.Status, m.Detail)
				}
				mu.Unlock()
			}
		}()
	}
	for _, m := range queue {
		if ctx.Err() != nil {
			break
		}
		work <- m
	}
	close(work)
	wg.Wait()
}

var failedTest = regexp.MustCompile(`--- FAIL: (\S+)`)

// runArgs adds -run when the tests are restricted.
func (cfg *Config) runArgs(args ...string) []string {
	if cfg.Run != "" {
		args = append(args, "-run="+cfg.Run)
	}
	return args
}

func testOne(ctx context.Context, cfg Config, p *Package, dir string, timeout time.Duration, m *Mutant) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		m.Detail = err.Error()
		return
	}
	mutated := filepath.Join(dir, filepath.Base(m.File))
	if err := os.WriteFile(mutated, m.Source(), 0o644); err != nil {
		m.Detail = err.Error()
		return
	}
	overlay, _ := json.Marshal(map[string]map[string]string{"Replace": {m.File: mutated}})
	ovPath := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ovPath, overlay, 0o644); err != nil {
		m.Detail = err.Error()
		return
	}
	args := []string{"-overlay=" + ovPath, "-failfast"}
	if m.run != "" {
		args = append(args, "-run="+m.run)
	} else {
		args = cfg.runArgs(args...)
	}
	out, err := goTest(ctx, cfg.Dir, p.ImportPath, timeout, args...)
	os.Remove(mutated)
	switch {
	case ctx.Err() != nil:
		// interrupted: stays pending
	case err == nil:
		m.Status = Survived
	case errors.Is(err, errTimeout):
		m.Status, m.Detail = Killed, "timed out"
	case bytes.Contains(out, []byte("[build failed]")) || bytes.Contains(out, []byte("[setup failed]")):
		m.Status, m.Detail = NotViable, "build failed: "+short(string(tail(out, 300)), 120)
	default:
		m.Status = Killed
		if f := failedTest.FindSubmatch(out); f != nil {
			m.Detail = string(f[1])
		}
		if bytes.Contains(out, []byte("panic: test timed out")) {
			m.Detail = "timed out"
		}
	}
}

var errTimeout = errors.New("timed out")

// goTest runs one package's tests once, uncached, with vet off (a vet
// complaint about a mutant is no test failing). timeout bounds the test
// binary (go test's own -timeout) and, with room for the build, the go
// command itself; 0 leaves the go command's default.
func goTest(ctx context.Context, root, pkg string, timeout time.Duration, extra ...string) ([]byte, error) {
	args := []string{"test", "-count=1", "-vet=off"}
	if timeout > 0 {
		args = append(args, "-timeout="+timeout.String())
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, 2*timeout+2*time.Minute, errTimeout)
		defer cancel()
	}
	args = append(append(args, extra...), pkg)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	ownGroup(cmd)
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if err != nil && context.Cause(ctx) == errTimeout {
		return out.Bytes(), errTimeout
	}
	return out.Bytes(), err
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}
