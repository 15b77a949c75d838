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
	"panto/runtime"
)

// The conformance corpus, transpiled: every program's main chunk becomes
// Go (one package per area of the corpus), linked into a `lua` command
// built for the test, and each program must give its golden output byte
// for byte, as conformance/golden_test.go checks the interpreter. Modules
// the programs require, and chunks they load at run time, stay
// interpreted. By default a handful of programs run; PANTO_TRANSPILE_CORPUS=1
// (make transpile-corpus) runs all of them, and a comma-separated list of
// folders (PANTO_TRANSPILE_CORPUS=coroutine,tailcalls) the programs in
// them.

// quickCorpus is the default sample: calls, coroutines, errors,
// metamethods, goto, varargs, the numeric paths and the method lookup
// cache's invalidations.
var quickCorpus = []string{
	"arith/add_sub_mul.lua",
	"coroutine/close_runs_tbc.lua",
	"errors/error_levels.lua",
	"errors/arith_names.lua",
	"metamethods/arith_events.lua",
	"goto/continue_idiom.lua",
	"functions/args_adjust.lua",
	"control/generic_for_closing.lua",
	"compare/compare_results.lua",
	"metamethods/method_cache_changes.lua",
	"metamethods/method_cache_env.lua",
	"metamethods/method_cache_counter.lua",
	"gc/method_cache_weak.lua",
}

const corpusRoot = "../../conformance/testdata"

func corpusPrograms(t *testing.T) []string {
	if os.Getenv("PANTO_TRANSPILE_CORPUS") == "" {
		var out []string
		for _, p := range quickCorpus {
			if _, err := os.Stat(filepath.Join(corpusRoot, p)); err == nil {
				out = append(out, p)
			}
		}
		if len(out) < 4 {
			t.Fatalf("the quick sample lost its programs: %v", out)
		}
		return out
	}
	env := os.Getenv("PANTO_TRANSPILE_CORPUS")
	var areas []string
	if env != "1" {
		areas = strings.Split(env, ",")
	}
	inAreas := func(rel string) bool {
		if areas == nil {
			return true
		}
		for _, a := range areas {
			if strings.HasPrefix(rel, a+"/") {
				return true
			}
		}
		return false
	}
	var files []string
	err := filepath.WalkDir(corpusRoot, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "lib" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".lua") {
			rel, _ := filepath.Rel(corpusRoot, path)
			if rel = filepath.ToSlash(rel); inAreas(rel) {
				files = append(files, rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

func TestCorpusTranspiled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go code")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	progs := corpusPrograms(t)
	// The generated packages must live inside the module to import the
	// runtime and the lua command line; testdata is outside ./... .
	dir, err := os.MkdirTemp("testdata", "corpusbin")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })

	areas := map[string]bool{}
	generated := map[string]bool{}
	for n, rel := range progs {
		data, err := os.ReadFile(filepath.Join(corpusRoot, rel))
		if err != nil {
			t.Fatal(err)
		}
		name := diag.ChunkName(filepath.Base(rel))
		p, err := compiler.Compile(name, runtime.SkipComment(string(data)))
		if err != nil {
			continue // a syntax error test: nothing to transpile
		}
		area := "corpus_" + strings.ReplaceAll(filepath.Dir(rel), "-", "_")
		src, err := gogen.Generate(p, name, gogen.Options{Package: area, Prefix: fmt.Sprintf("c%d", n)})
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		if err := os.MkdirAll(filepath.Join(dir, area), 0o755); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, area, fmt.Sprintf("c%d.go", n))
		if err := os.WriteFile(out, src, 0o644); err != nil {
			t.Fatal(err)
		}
		areas[area] = true
		generated[rel] = true
	}
	var imports []string
	for a := range areas {
		imports = append(imports, fmt.Sprintf("\t_ \"panto/compiler/gogen/%s/%s\"\n", filepath.ToSlash(dir), a))
	}
	sort.Strings(imports)
	bin := buildCorpusCommand(t, dir, imports)

	pass := 0
	for _, rel := range progs {
		ok := t.Run(rel, func(t *testing.T) {
			path := filepath.Join(corpusRoot, rel)
			base := strings.TrimSuffix(path, ".lua")
			wantOut, err := os.ReadFile(base + ".out")
			if err != nil {
				t.Skip("no golden output")
			}
			wantErr, _ := os.ReadFile(base + ".err")
			gotOut, gotErr := corpus.Run(t, bin, path)
			if gotOut != string(wantOut) {
				t.Errorf("stdout differs\n--- want\n%s\n--- got\n%s", wantOut, gotOut)
			}
			if gotErr != string(wantErr) {
				t.Errorf("stderr/exit differs\n--- want\n%s\n--- got\n%s", wantErr, gotErr)
			}
		})
		if ok {
			pass++
		}
	}
	t.Logf("transpiled corpus: %d of %d programs pass (%d transpiled)", pass, len(progs), len(generated))
}

// corpusMain is the test's lua command: it refuses to run a script
// whose chunk has no native twin registered, so a program that silently
// ran interpreted cannot pass.
const corpusMain = `package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"panto/bytecode"
	"panto/compiler"
	"panto/diag"
	"panto/internal/luacli"
	"panto/runtime"
	// imports
)

func main() {
	// TestDeepRecursionTranspiled limits the Go stack.
	if n, err := strconv.Atoi(os.Getenv("PANTO_TEST_MAXSTACK")); err == nil {
		debug.SetMaxStack(n)
	}
	script := ""
	for _, a := range os.Args[2:] {
		if strings.HasSuffix(a, ".lua") {
			script = a
			break
		}
	}
	if data, err := os.ReadFile(script); err == nil {
		name := diag.ChunkName(filepath.Base(script))
		if p, err := compiler.Compile(name, runtime.SkipComment(string(data))); err == nil && runtime.LookupNative(bytecode.Digest(p)) == nil {
			os.Stderr.WriteString("no native twin for " + name + "\n")
			os.Exit(99)
		}
	}
	o := luacli.Options{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Progname: "panto"}
	os.Exit(luacli.Main(append([]string{"lua"}, os.Args[2:]...), o))
}
`

// buildCorpusCommand writes the lua command's main package into dir,
// importing the generated packages, builds it and vets the generated
// code; it returns the binary's path.
func buildCorpusCommand(t *testing.T, dir string, imports []string) string {
	t.Helper()
	main := strings.Replace(corpusMain, "\t// imports\n", strings.Join(imports, ""), 1)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	bin, err := filepath.Abs(filepath.Join(dir, "lua-native"))
	if err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "build", "-o", bin, "./"+filepath.ToSlash(dir))
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the transpiled programs: %v\n%s", err, b)
	}
	vet := exec.Command("go", "vet", "./"+filepath.ToSlash(dir)+"/...")
	if b, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet on the generated code: %v\n%s", err, b)
	}
	return bin
}
