package compiler

// Compile-speed benchmarks: the whole pipeline (lexer, parser, code
// generator) over realistic Lua, reported in MB/s.
//
//	go test -run '^$' -bench Compile -benchmem ./compiler
//
// BenchmarkCompileVsLuac compiles one large source with Compile and with
// `luac5.4 -p` (parse and generate code, write nothing), so that the two
// MB/s figures compare the compilers:
//
//	go test -run '^$' -bench CompileVsLuac ./compiler

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// benchSource is the parser's benchmark file: about 500 lines of ordinary
// Lua (classes, a JSON codec, a priority queue, string utilities).
const benchSource = "parser/testdata/bench.lua"

// programsDir holds the benchmark programs of the bench module.
const programsDir = "../bench/programs"

func readSource(tb testing.TB, path string) string {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Skipf("no %s: %v", path, err)
	}
	return string(data)
}

// benchPrograms returns the bench programs, sorted by name.
func benchPrograms(tb testing.TB) []string {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(programsDir, "*.lua"))
	if len(files) == 0 {
		tb.Skipf("no programs in %s", programsDir)
	}
	sort.Strings(files)
	srcs := make([]string, len(files))
	for i, f := range files {
		srcs[i] = readSource(tb, f)
	}
	return srcs
}

func BenchmarkCompile(b *testing.B) {
	src := readSource(b, benchSource)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile("@bench.lua", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompilePrograms compiles every program of bench/programs (about
// 1,300 lines in all); one op is the whole set.
func BenchmarkCompilePrograms(b *testing.B) {
	srcs := benchPrograms(b)
	total := 0
	for _, s := range srcs {
		total += len(s)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range srcs {
			if _, err := Compile("@prog.lua", s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkCompileSmall is the fixed cost of compiling a one-line chunk,
// as load() in a loop pays it.
func BenchmarkCompileSmall(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile("=small", "local a, b = ... return a + b"); err != nil {
			b.Fatal(err)
		}
	}
}

// bigSource makes a large chunk out of the benchmark sources, each wrapped
// in a function so that their locals stay within the limits, repeated so
// that the process start of luac is small next to its work.
func bigSource(tb testing.TB, copies int) string {
	srcs := append([]string{readSource(tb, benchSource)}, benchPrograms(tb)...)
	var b strings.Builder
	for c := 0; c < copies; c++ {
		for i, s := range srcs {
			// do ... end keeps the main function's locals under the limit.
			fmt.Fprintf(&b, "do\nlocal function chunk_%d_%d(...)\n%s\nend\nend\n", c, i, s)
		}
	}
	return b.String()
}

// BenchmarkCompileVsLuac runs Compile and `luac5.4 -p` over the same
// large source. luac's figure includes starting a process and reading the
// file; the source is large (nearly 1 MB) so that this matters little. The
// luac half is skipped when luac5.4 is not installed.
func BenchmarkCompileVsLuac(b *testing.B) {
	src := bigSource(b, 20)
	b.Run("panto", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Compile("@big.lua", src); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("luac5.4", func(b *testing.B) {
		luac, err := exec.LookPath("luac5.4")
		if err != nil {
			b.Skip("luac5.4 not installed")
		}
		path := filepath.Join(b.TempDir(), "big.lua")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if out, err := exec.Command(luac, "-p", path).CombinedOutput(); err != nil {
				b.Fatalf("luac5.4 -p: %v\n%s", err, out)
			}
		}
	})
}
