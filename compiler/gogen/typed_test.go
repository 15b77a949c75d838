package gogen_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"panto/compiler"
	"panto/compiler/gogen"
	"panto/diag"
	"panto/internal/corpus"
)

// The typed copies of numeric loops (typed.go): each program of
// testdata/typed is transpiled, and its native run must print what the
// interpreter prints (the same command, with a count hook that never
// fires, as TestDifferential runs it). The programs take every way out of
// a typed copy: the loop's own exits, break and goto, division and
// modulo by zero, a zero step, a register of another type than guessed,
// a hook, a coroutine yield and debug.getlocal after the loop, and
// integer wrap-around, NaN and exact integer-float comparisons inside it;
// and those of table accesses and calls (typed_ops.go): a metatable
// gained mid-loop, keys that are not array indices, an array resized by
// a call, a yield from a call, errors inside the loop, a hook set by a
// call, debug.setlocal and upvalues changing the loop's locals, values
// read of another type than guessed. Those with a NAME.out recorded from
// lua5.4 (conformance/regen.sh FILE) must print it as well.

// untypedPrograms are the programs whose loops get no typed copy (the
// test checks that the others do, so that it covers the typed code).
var untypedPrograms = map[string]bool{
	"no_numbers.lua": true, // table accesses and calls only: nothing to gain
}

func TestTypedLoopsTranspiled(t *testing.T) {
	runTranspiledPrograms(t, "typed", 10, func(base string, gen []byte) {
		if typed := strings.Contains(string(gen), "the typed copy of the loop"); typed == untypedPrograms[base] {
			t.Errorf("%s: typed copy generated %v, want %v", base, typed, !typed)
		}
	})
}

// runTranspiledPrograms transpiles the programs of testdata/area (at
// least min of them) into one lua command, passing each generated file to
// check, and runs each program natively and interpreted: the two must
// print the same, and the native run what lua5.4 printed when a NAME.out
// was recorded (conformance/regen.sh FILE).
func runTranspiledPrograms(t *testing.T, area string, min int, check func(base string, gen []byte)) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds Go code")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	files, err := filepath.Glob(filepath.Join("testdata", area, "*.lua"))
	if err != nil || len(files) < min {
		t.Fatalf("testdata/%s lost its programs: %v %v", area, files, err)
	}
	sort.Strings(files)
	dir, err := os.MkdirTemp("testdata", area+"bin")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.MkdirAll(filepath.Join(dir, area), 0o755); err != nil {
		t.Fatal(err)
	}
	for n, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(file)
		name := diag.ChunkName(base)
		p, err := compiler.Compile(name, string(src))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		gen, err := gogen.Generate(p, name, gogen.Options{Package: area, Prefix: fmt.Sprintf("t%d", n)})
		if err != nil {
			t.Fatal(err)
		}
		if check != nil {
			check(base, gen)
		}
		if err := os.WriteFile(filepath.Join(dir, area, fmt.Sprintf("t%d.go", n)), gen, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := buildCorpusCommand(t, dir, []string{fmt.Sprintf("\t_ \"panto/compiler/gogen/%s/%s\"\n", filepath.ToSlash(dir), area)})
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			native, nerr := corpus.Run(t, bin, file)
			interp, ierr := corpus.Run(t, bin, file, "-e", interpretAll)
			if native != interp || nerr != ierr {
				t.Errorf("native and interpreted runs differ\n--- interpreted\n%s%s\n--- native\n%s%s", interp, ierr, native, nerr)
			}
			if native == "" {
				t.Errorf("printed nothing (stderr %q)", nerr)
			}
			// A program with a golden output recorded from lua5.4
			// (conformance/regen.sh FILE) must print it too.
			if want, err := os.ReadFile(strings.TrimSuffix(file, ".lua") + ".out"); err == nil && native != string(want) {
				t.Errorf("native run differs from lua5.4's recorded output\n--- lua5.4\n%s--- native\n%s", want, native)
			}
		})
	}
}
