package codegen_test

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	bc "panto/bytecode"
	"panto/compiler"
)

var record = flag.Bool("record", false, "re-record testdata/lines/*.luac with luac5.4 -l -p")

// TestLinesMatchReference compares the line of every instruction panto
// emits with the reference compiler's, instruction by instruction, for the
// programs in testdata/lines. NAME.luac is the listing `luac5.4 -l -p
// NAME.lua` printed when it was recorded (go test -run LinesMatch -record
// records them again). The reference's MMBIN, MMBINI and MMBINK
// instructions have no counterpart in panto (docs/rationale.md) and are
// skipped; every other opcode must be the same, so the comparison also
// catches an instruction emitted in another order.
func TestLinesMatchReference(t *testing.T) {
	files, err := filepath.Glob("testdata/lines/*.lua")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no programs in testdata/lines")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".lua")
		listing := strings.TrimSuffix(f, ".lua") + ".luac"
		t.Run(name, func(t *testing.T) {
			if *record {
				recordListing(t, f, listing)
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(listing)
			if err != nil {
				t.Fatalf("%v (record it with -record, which needs luac5.4)", err)
			}
			ref := parseListing(t, want)
			p, err := compiler.Compile("@"+filepath.Base(f), string(src))
			if err != nil {
				t.Fatal(err)
			}
			var got []listedFunc
			flattenProtos(p, &got)
			if len(got) != len(ref) {
				t.Fatalf("%d functions, the reference has %d", len(got), len(ref))
			}
			lines := strings.Split(string(src), "\n")
			for i := range ref {
				compareFunc(t, lines, got[i], ref[i])
			}
		})
	}
}

// listedFunc is the code of one function: opcode names and lines.
type listedFunc struct {
	where string
	ops   []string
	lines []int
}

var (
	funcHeader = regexp.MustCompile(`^(main|function) <[^>]*>`)
	insLine    = regexp.MustCompile(`^\t\d+\t\[(\d+)\]\t([A-Z0-9]+)`)
	addresses  = regexp.MustCompile(` ?(at )?0x[0-9a-f]+`)
)

func parseListing(t *testing.T, text []byte) []listedFunc {
	var fns []listedFunc
	sc := bufio.NewScanner(bytes.NewReader(text))
	for sc.Scan() {
		l := sc.Text()
		if m := funcHeader.FindString(l); m != "" {
			fns = append(fns, listedFunc{where: m})
			continue
		}
		m := insLine.FindStringSubmatch(l)
		if m == nil || len(fns) == 0 {
			continue
		}
		if strings.HasPrefix(m[2], "MMBIN") {
			continue
		}
		line, err := strconv.Atoi(m[1])
		if err != nil {
			t.Fatal(err)
		}
		fn := &fns[len(fns)-1]
		fn.ops = append(fn.ops, m[2])
		fn.lines = append(fn.lines, line)
	}
	return fns
}

// flattenProtos lists p and its nested functions in the order luac -l
// prints them: each function, then its children, depth first.
func flattenProtos(p *bc.Proto, out *[]listedFunc) {
	fn := listedFunc{where: fmt.Sprintf("function at line %d", p.LineDefined)}
	for i, ins := range p.Code {
		fn.ops = append(fn.ops, bc.Info[ins.Op()].Name)
		fn.lines = append(fn.lines, int(p.LineInfo[i]))
	}
	*out = append(*out, fn)
	for _, c := range p.Protos {
		flattenProtos(c, out)
	}
}

func compareFunc(t *testing.T, src []string, got, want listedFunc) {
	t.Helper()
	n := min(len(got.ops), len(want.ops))
	for i := 0; i < n; i++ {
		if got.ops[i] != want.ops[i] {
			t.Errorf("%s: instruction %d is %s, the reference's is %s (code differs; lines not compared further)", want.where, i+1, got.ops[i], want.ops[i])
			return
		}
		if got.lines[i] != want.lines[i] {
			t.Errorf("%s: instruction %d %s on line %d, the reference's on line %d (source: %q)",
				want.where, i+1, got.ops[i], got.lines[i], want.lines[i], srcLine(src, want.lines[i]))
		}
	}
	if len(got.ops) != len(want.ops) {
		t.Errorf("%s: %d instructions, the reference has %d", want.where, len(got.ops), len(want.ops))
	}
}

func srcLine(src []string, line int) string {
	if line >= 1 && line <= len(src) {
		return strings.TrimSpace(src[line-1])
	}
	return ""
}

// recordListing runs luac5.4 -l -p on file (from its own folder, so the
// listing names it as panto's test compiles it) and writes the listing
// without the addresses of the functions, which change from run to run.
func recordListing(t *testing.T, file, listing string) {
	t.Helper()
	cmd := exec.Command("luac5.4", "-l", "-p", filepath.Base(file))
	cmd.Dir = filepath.Dir(file)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("luac5.4: %v\n%s", err, out)
	}
	out = addresses.ReplaceAll(out, nil)
	if err := os.WriteFile(listing, out, 0o644); err != nil {
		t.Fatal(err)
	}
}
