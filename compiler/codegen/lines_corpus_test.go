package codegen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"panto/compiler"
)

// TestLinesOfCorpusMatchLuac compiles every program of the conformance
// corpus, the benchmarks and the standard extensions with panto and with
// luac5.4 -l -p, and compares the line of every instruction. It is
// skipped when luac5.4 is not installed (and in -short mode: it starts
// luac a thousand times). The two compilers' code differs on purpose in
// two places (TestOpcodes): a - k with a small integer k is SUBK where
// the reference has ADDI with -k, and a << k is LOADI, SHL where it has
// SHRI with -k; the comparison pairs those up.
func TestLinesOfCorpusMatchLuac(t *testing.T) {
	if testing.Short() {
		t.Skip("starts luac5.4 for each program")
	}
	luac, err := exec.LookPath("luac5.4")
	if err != nil {
		t.Skip("luac5.4 not installed")
	}
	var files []string
	for _, root := range []string{"../../conformance/testdata", "../../bench", "../../stdext"} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lua") {
				files = append(files, p)
			}
			return nil
		})
	}
	compared := 0
	for _, f := range files {
		out, err := exec.Command(luac, "-l", "-p", f).Output()
		if err != nil {
			continue // a program of the corpus that does not compile
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := compiler.Compile("@"+f, string(src))
		if err != nil {
			if strings.HasPrefix(string(src), "#") || strings.HasPrefix(string(src), "\xef\xbb\xbf") {
				continue // luac skips a first # line and a BOM; load does not
			}
			t.Errorf("%s: luac5.4 compiles it, panto: %v", f, err)
			continue
		}
		ref := parseListing(t, out)
		var got []listedFunc
		flattenProtos(p, &got)
		if len(got) != len(ref) {
			t.Errorf("%s: %d functions, the reference has %d", f, len(got), len(ref))
			continue
		}
		lines := strings.Split(string(src), "\n")
		for i := range ref {
			compareAligned(t, f, lines, got[i], ref[i])
		}
		compared++
	}
	if compared < 100 {
		t.Fatalf("only %d programs compared", compared)
	}
}

// compareAligned compares the lines of two listings of one function,
// pairing panto's SUBK with the reference's ADDI and its LOADI, SHL with
// the reference's SHRI.
func compareAligned(t *testing.T, file string, src []string, got, want listedFunc) {
	t.Helper()
	g, w := 0, 0
	for g < len(got.ops) && w < len(want.ops) {
		gop, wop := got.ops[g], want.ops[w]
		switch {
		case gop == wop, gop == "SUBK" && wop == "ADDI":
		case gop == "LOADI" && wop == "SHRI" && g+1 < len(got.ops) && got.ops[g+1] == "SHL":
			g++ // the SHL carries the operator's line, as SHRI does
		default:
			t.Errorf("%s %s: instruction %d is %s, the reference's is %s", file, want.where, w+1, gop, wop)
			return
		}
		if got.lines[g] != want.lines[w] {
			t.Errorf("%s %s: instruction %d %s on line %d, the reference's on line %d (source: %q)",
				file, want.where, w+1, wop, got.lines[g], want.lines[w], srcLine(src, want.lines[w]))
		}
		g++
		w++
	}
	if g != len(got.ops) || w != len(want.ops) {
		t.Errorf("%s %s: %d instructions, the reference has %d", file, want.where, len(got.ops), len(want.ops))
	}
}
