package mutate

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func calcConfig(t *testing.T) Config {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return Config{Dir: dir, Patterns: []string{"./testdata/calc"}}
}

// TestRunClassifies runs the harness's boundary flips on the test
// subject: Sign's tests kill both, Positive's weak test lets its flip
// survive, and Big has no test at all. The real file is never written.
func TestRunClassifies(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test once per mutant")
	}
	calc := filepath.Join("testdata", "calc", "calc.go")
	before, err := os.ReadFile(calc)
	if err != nil {
		t.Fatal(err)
	}
	cfg := calcConfig(t)
	cfg.Func = regexp.MustCompile(`^(Sign|Positive|Big)$`)
	cfg.Ops = map[string]bool{OpBoundary: true}
	results, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := results[0]
	if r.Error != "" {
		t.Fatal(r.Error)
	}
	want := map[string]Status{"Sign": Killed, "Positive": Survived, "Big": Uncovered}
	seen := map[string]int{}
	for _, m := range r.Mutants {
		seen[m.Func]++
		if m.Status != want[m.Func] && m.Status != NotViable {
			t.Errorf("%s:%d %s %s: %s (%s), want %s", m.File, m.Line, m.Op, m.Change, m.Status, m.Detail, want[m.Func])
		}
	}
	if seen["Sign"] != 2 || seen["Positive"] != 1 || seen["Big"] != 1 {
		t.Errorf("mutants per function: %v", seen)
	}
	if r.Tested != 4 || r.Killed != 2 || r.Survived != 2 || r.Uncovered != 1 {
		t.Errorf("counts: %+v", r)
	}
	after, err := os.ReadFile(calc)
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(before) {
		t.Fatal("the harness wrote calc.go")
	}
	var text strings.Builder
	WriteText(&text, results, false)
	line := 1 + strings.Count(string(before[:strings.Index(string(before), "return v > 0")]), "\n")
	if !strings.Contains(text.String(), fmt.Sprintf("testdata/calc/calc.go:%d: boundary: > → >= [Positive]\n", line)) {
		t.Errorf("report lacks Positive's survivor:\n%s", text.String())
	}
}

// TestRunInterrupted cancels the run while a mutant's tests are
// running: Run returns promptly, removes its temporary folder and leaves
// the tree as it was.
func TestRunInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	calc := filepath.Join("testdata", "calc", "calc.go")
	before, err := os.ReadFile(calc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := calcConfig(t)
	cfg.Func = regexp.MustCompile(`^Sign$`)
	cfg.Progress = cancelOnWrite{cancel: cancel}
	results, err := Run(ctx, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v, want context.Canceled", err)
	}
	if len(results) != 1 || results[0].Killed+results[0].Survived == 0 {
		t.Errorf("no partial result: %+v", results)
	}
	after, _ := os.ReadFile(calc)
	if string(after) != string(before) {
		t.Fatal("calc.go changed")
	}
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "panto-mutate-") {
			t.Errorf("temporary folder %s left behind", e.Name())
		}
	}
}

type cancelOnWrite struct{ cancel context.CancelFunc }

func (c cancelOnWrite) Write(p []byte) (int, error) {
	c.cancel()
	return len(p), nil
}

// TestSampleIsReproducible checks that -n with a seed picks the same
// mutants each time and a different seed picks others.
func TestSampleIsReproducible(t *testing.T) {
	pick := func(seed uint64) string {
		cfg := calcConfig(t)
		cfg.List, cfg.Limit, cfg.Seed = true, 4, seed
		results, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, m := range results[0].Mutants {
			if m.Status == Pending {
				keys = append(keys, m.Op+m.Change)
			}
		}
		if len(keys) != 4 {
			t.Fatalf("seed %d: %d mutants sampled, want 4", seed, len(keys))
		}
		return strings.Join(keys, "|")
	}
	a, b := pick(1), pick(1)
	if a != b {
		t.Errorf("same seed, different samples:\n%s\n%s", a, b)
	}
	differs := false
	for s := uint64(2); s < 6 && !differs; s++ {
		differs = pick(s) != a
	}
	if !differs {
		t.Error("four other seeds all gave seed 1's sample")
	}
}

// TestRunRestrictsTests: with Run, only the matching tests run, in the
// coverage run and for each mutant. Sign's mutants, which TestSign
// kills, are then code no selected test executes, and when run anyway
// (NoCover) they survive TestPositive.
func TestRunRestrictsTests(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test once per mutant")
	}
	for _, c := range []struct {
		name    string
		noCover bool
		want    Status
	}{{"coverage", false, Uncovered}, {"mutants", true, Survived}} {
		t.Run(c.name, func(t *testing.T) {
			cfg := calcConfig(t)
			cfg.Func = regexp.MustCompile(`^Sign$`)
			cfg.Ops = map[string]bool{OpBoundary: true}
			cfg.Run = "^TestPositive$"
			cfg.NoCover = c.noCover
			results, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			r := results[0]
			if r.Error != "" {
				t.Fatal(r.Error)
			}
			if r.Tested != 2 {
				t.Fatalf("tested %d mutants of Sign, want 2", r.Tested)
			}
			for _, m := range r.Mutants {
				if m.Status != c.want {
					t.Errorf("%s:%d %s: %s (%s), want %s", m.File, m.Line, m.Change, m.Status, m.Detail, c.want)
				}
			}
		})
	}
}

// TestTestSelection maps calc's tests to the code each executes: a
// mutant in Sign runs only TestSign, one in Parse only TestParse, and
// one in Big (no test reaches it) gets no pattern. The mutants of Sign
// are still killed with the selection in place.
func TestTestSelection(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs calc's tests")
	}
	cfg := calcConfig(t)
	pkgs, err := Load(cfg.Dir, cfg.Patterns...)
	if err != nil {
		t.Fatal(err)
	}
	p := pkgs[0]
	tmp := t.TempDir()
	profile := filepath.Join(tmp, "all.cover")
	if out, err := goTest(context.Background(), cfg.Dir, p.ImportPath, 0, "-coverprofile="+profile, "-covermode=set"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	f, err := os.Open(profile)
	if err != nil {
		t.Fatal(err)
	}
	cov, err := parseCoverage(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	tm, err := mapTests(context.Background(), cfg.Dir, p, tmp, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join("testdata", "calc", "calc.go"))
	if err != nil {
		t.Fatal(err)
	}
	file := p.Files[0].Path
	for _, c := range []struct{ at, want string }{
		{"if v < 0", "^(TestSign)$"},
		{"return v > 0", "^(TestPositive)$"},
		{"n, err := strconv.Atoi", "^(TestParse)$"},
		{"return v >= 100", ""},
	} {
		i := strings.Index(string(src), c.at)
		if i < 0 {
			t.Fatalf("calc.go lacks %q", c.at)
		}
		line := 1 + strings.Count(string(src[:i]), "\n")
		col := i - strings.LastIndex(string(src[:i]), "\n")
		got, ok := tm.runPattern(cov, file, line, col)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%q (%d:%d): pattern %q, %v; want %q", c.at, line, col, got, ok, c.want)
		}
	}

	cfg.Func = regexp.MustCompile(`^Sign$`)
	cfg.Ops = map[string]bool{OpBoundary: true}
	results, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range results[0].Mutants {
		if m.Status != Killed || m.Detail != "TestSign" || m.run != "^(TestSign)$" {
			t.Errorf("%s:%d %s: %s (%s), run %q", m.File, m.Line, m.Change, m.Status, m.Detail, m.run)
		}
	}
}

// TestSkipFile leaves out the files -skip-file matches, and only those.
func TestSkipFile(t *testing.T) {
	count := func(skip string) int {
		cfg := calcConfig(t)
		cfg.List = true
		if skip != "" {
			cfg.SkipFile = regexp.MustCompile(skip)
		}
		results, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return results[0].Generated
	}
	if n := count(""); n == 0 {
		t.Fatal("calc has no mutants")
	}
	if n := count(`calc/calc\.go$`); n != 0 {
		t.Errorf("%d mutants with calc.go skipped, want 0", n)
	}
	if all, other := count(""), count(`nothing\.go$`); all != other {
		t.Errorf("skipping a file that does not exist: %d mutants, want %d", other, all)
	}
}
