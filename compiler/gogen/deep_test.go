package gogen_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"panto/compiler"
	"panto/compiler/gogen"
	"panto/diag"
)

// Deep Lua recursion in native code must not nest Go frames level for
// level (runtime/native.go, maxNativeDepth): the transpiled program runs
// with the Go stack limited to 4 MB, far below what one Go frame per
// level would take, and must print what the interpreter prints, the
// sums computed here, and the interpreter's "stack overflow" for the
// unbounded recursions.
const deepProgram = `
local function sum(n) if n == 0 then return 0 end return n + sum(n - 1) end
-- a generic for whose iterator recurses through generic fors only
local function it(n, c)
  if c ~= nil then return nil end
  if n == 0 then return 0 end
  for v in it, n - 1 do return n + v end
end
local function itsum(n) for v in it, n do return v end end
-- the two kinds of call alternating
local alt
local function altit(n, c) if c ~= nil then return nil end return alt(n) end
function alt(n) if n == 0 then return 0 end for v in altit, n - 1 do return n + v end end
for round = 1, 2 do
  print(sum(%[1]d), itsum(%[1]d), alt(%[1]d))
end
local depth = 0
local function inf(n, c) if c ~= nil then return nil end depth = depth + 1 for v in inf, n + 1 do return v end end
local ok, e = pcall(inf, 0)
print(ok, e, depth > 1000)
depth = 0
local function rec() depth = depth + 1 return 1 + rec() end
ok, e = pcall(rec)
print(ok, e, depth > 1000)
`

func TestDeepRecursionTranspiled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go code")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	const n = 40000
	src := fmt.Sprintf(deepProgram, n)
	dir, err := os.MkdirTemp("testdata", "deepbin")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	file := filepath.Join(dir, "deep.lua")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	name := diag.ChunkName("deep.lua")
	p, err := compiler.Compile(name, src)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := gogen.Generate(p, name, gogen.Options{Package: "deep", Prefix: "d"})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "deep", "deep.go"), gen, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := buildCorpusCommand(t, dir, []string{fmt.Sprintf("\t_ \"panto/compiler/gogen/%s/deep\"\n", filepath.ToSlash(dir))})
	run := func(args ...string) string {
		cmd := exec.Command(bin, append(append([]string{"lua"}, args...), "deep.lua")...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PANTO_TEST_MAXSTACK=4194304")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out.String())
		}
		return out.String()
	}
	native := run()
	interp := run("-e", interpretAll)
	if native != interp {
		t.Errorf("native and interpreted runs differ\n--- interpreted\n%s--- native\n%s", interp, native)
	}
	want := fmt.Sprintf("%[1]d\t%[1]d\t%[1]d\n", n*(n+1)/2)
	if !strings.HasPrefix(native, want+want) {
		t.Errorf("sums: want %q twice, got\n%s", want, native)
	}
	if got := strings.Count(native, ": stack overflow\ttrue\n"); got != 2 {
		t.Errorf("the unbounded recursions should end in two stack overflow errors, got\n%s", native)
	}
}
