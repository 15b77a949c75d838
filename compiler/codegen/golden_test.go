package codegen_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	bc "panto/bytecode"
	"panto/compiler"
)

var update = flag.Bool("update", false, "rewrite the golden listings in testdata from the compiler's output")

// TestGoldenListings compiles each testdata/NAME.lua and compares the
// listing of its code (bytecode.Disassemble) with testdata/NAME.golden.
// Any change to the generated code shows up as a diff of these files:
// after a deliberate change, regenerate them and review the diff,
//
//	go test ./compiler/codegen -run GoldenListings -update
//
// When recorded, the listings were compared with luac5.4 -l on the same
// files: apart from the reference's MMBIN instructions and the one
// subtraction TestOpcodes explains, the opcodes are the reference's.
func TestGoldenListings(t *testing.T) {
	files, err := filepath.Glob("testdata/*.lua")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no programs in testdata")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".lua")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			p, err := compiler.Compile("@"+filepath.Base(f), string(src))
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			bc.Disassemble(&got, p)
			golden := strings.TrimSuffix(f, ".lua") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (generate it with -update)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("the listing of %s differs from %s:\n%s", f, golden, lineDiff(string(want), got.String()))
			}
		})
	}
	// A golden whose program is gone would be checked by nothing.
	goldens, _ := filepath.Glob("testdata/*.golden")
	for _, g := range goldens {
		if _, err := os.Stat(strings.TrimSuffix(g, ".golden") + ".lua"); err != nil {
			t.Errorf("%s has no program", g)
		}
	}
}

// lineDiff shows the lines of want and got from the first that differs,
// a few of each, which is enough to see what changed in a listing.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var b strings.Builder
	for _, l := range w[i:min(len(w), i+6)] {
		b.WriteString("- " + strings.TrimSpace(l) + "\n")
	}
	for _, l := range g[i:min(len(g), i+6)] {
		b.WriteString("+ " + strings.TrimSpace(l) + "\n")
	}
	return "from line " + strconv.Itoa(i+1) + ":\n" + b.String()
}
