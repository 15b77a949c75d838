package mutate

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// loadCalc type-checks the test subject.
func loadCalc(t *testing.T) *Package {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := Load(dir, "./testdata/calc")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("Load gave %d packages", len(pkgs))
	}
	return pkgs[0]
}

var wantRE = regexp.MustCompile(`want (\S+) "([^"]*)"( equivalent)?`)

// TestGenerateFindsMarkedMutants checks every mutant calc.go's comments
// ask for, on its line, with the status they give.
func TestGenerateFindsMarkedMutants(t *testing.T) {
	p := loadCalc(t)
	ms := p.Generate()
	src, err := os.ReadFile(filepath.Join("testdata", "calc", "calc.go"))
	if err != nil {
		t.Fatal(err)
	}
	wants := 0
	sc := bufio.NewScanner(bytes.NewReader(src))
	for line := 1; sc.Scan(); line++ {
		for _, w := range wantRE.FindAllStringSubmatch(sc.Text(), -1) {
			wants++
			op, change, status := w[1], w[2], Pending
			if w[3] != "" {
				status = Equivalent
			}
			t.Run(op+"/"+change, func(t *testing.T) {
				for _, m := range ms {
					if m.Line == line && m.Op == op && m.Change == change {
						if m.Status != status {
							t.Errorf("line %d: %s %q is %s (%s), want %s", line, op, change, m.Status, m.Detail, status)
						}
						return
					}
				}
				t.Errorf("line %d: no %s mutant %q", line, op, change)
			})
		}
	}
	if wants < 15 {
		t.Fatalf("only %d wants read from calc.go", wants)
	}
	for _, m := range ms {
		if m.Op == OpSwapArgs && strings.Contains(string(m.Source()), "max(b, a)") {
			t.Errorf("swapped the arguments of max, which is commutative: %s", m.Change)
		}
		if m.Op == OpSwapArgs && strings.Contains(m.Change, `"%s: %w"`) {
			t.Errorf("moved a format string, which vet rejects: %s", m.Change)
		}
	}
}

// TestMutantSourceKeepsLines checks that a mutant changes only its own
// line, so that a report's file:line points into the real file.
func TestMutantSourceKeepsLines(t *testing.T) {
	p := loadCalc(t)
	for _, m := range p.Generate() {
		orig := strings.Split(string(m.file.Src), "\n")
		mut := strings.Split(string(m.Source()), "\n")
		if len(orig) != len(mut) {
			t.Errorf("%d: %s %s: line count %d → %d", m.Line, m.Op, m.Change, len(orig), len(mut))
			continue
		}
		changed := 0
		for i := range orig {
			if orig[i] != mut[i] {
				changed++
			}
		}
		if changed != 1 {
			t.Errorf("%d: %s %s changed %d lines", m.Line, m.Op, m.Change, changed)
		}
	}
}

// TestNotViable checks that a mutant that cannot compile is found by the
// type checker: dropping the only use of a variable leaves it unused.
func TestNotViable(t *testing.T) {
	p := loadCalc(t)
	var drop, flip *Mutant
	for _, m := range p.Generate() {
		if m.Op == OpDropStmt && m.Change == "drop out = append(out, len(p))" {
			drop = m
		}
		if m.Func == "Sign" && m.Op == OpBoundary {
			flip = m
		}
	}
	if drop == nil || flip == nil {
		t.Fatal("expected mutants not generated")
	}
	if err := p.compiles(drop.file, drop.Source()); err == nil {
		t.Error("dropping the only use of p compiles")
	}
	if err := p.compiles(flip.file, flip.Source()); err != nil {
		t.Errorf("a flipped comparison does not compile: %v", err)
	}
}

func TestParseCoverage(t *testing.T) {
	prof := "mode: set\npanto/x/a.go:3.10,5.2 1 1\npanto/x/a.go:4.5,4.20 1 0\npanto/x/a.go:7.1,8.2 1 0\n"
	cov, err := parseCoverage(strings.NewReader(prof))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line, col int
		want      bool
	}{
		{3, 12, true}, // outer block ran
		{4, 6, false}, // inner block (a function literal) did not
		{4, 21, true}, // past the inner block's end: outer again
		{7, 1, false}, // never ran
		{20, 1, true}, // in no block: assumed to run
	} {
		if got := cov.executed("/abs/x/a.go", c.line, c.col); got != c.want {
			t.Errorf("executed(%d.%d) = %v, want %v", c.line, c.col, got, c.want)
		}
	}
	if _, err := parseCoverage(strings.NewReader("mode: set\nnonsense\n")); err == nil {
		t.Error("a bad profile line gave no error")
	}
}
