package luatest

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"panto/extension/discover"
)

func env(t *testing.T) discover.Options {
	data := t.TempDir()
	return discover.Options{Cwd: t.TempDir(), Getenv: func(k string) string {
		if k == "XDG_DATA_HOME" {
			return data
		}
		return ""
	}}
}

func run(t *testing.T, o Options) (Summary, string) {
	t.Helper()
	var out bytes.Buffer
	o.Out = &out
	if o.Dir == "" {
		o.Dir = "testdata/layer"
	}
	o.Discover = env(t)
	sum, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return sum, out.String()
}

// TestLayer runs testdata/layer, whose tests exercise every operation
// (tool, render, command, fire, turn), the assertions' messages, and a
// skip; two of them fail on purpose.
func TestLayer(t *testing.T) {
	sum, out := run(t, Options{})
	if sum != (Summary{Files: 2, Passed: 6, Failed: 2, Skipped: 1}) {
		t.Errorf("summary %+v\n%s", sum, out)
	}
	for _, want := range []string{
		"ok  \ttests/greet.lua\t",
		"--- FAIL: fails on purpose (",
		"    tools/echo_test.lua:22: not equal:\n      got:  { a = 1, b = \"x\" }\n      want: { a = 1, b = \"y\" }\n      at b: got \"x\", want \"y\"\n",
		"    tools/echo_test.lua:26: texts differ at line 2:\n        \"one\"\n      - \"2\"   (want)\n      + \"two\"   (got)\n        \"three\"\n",
		"FAIL\ttools/echo_test.lua\t",
		"\nFAIL\n6 passed, 2 failed, 1 skipped\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "--- PASS") {
		t.Errorf("passing tests are shown without -v:\n%s", out)
	}
}

func TestVerboseAndRun(t *testing.T) {
	sum, out := run(t, Options{Verbose: true, Run: regexp.MustCompile("^greet$")})
	if sum.Passed != 1 || sum.Failed != 0 {
		t.Errorf("summary %+v\n%s", sum, out)
	}
	if !strings.Contains(out, "=== RUN   greet\n--- PASS: greet (") || !strings.Contains(out, "    greeting Ada\n") {
		t.Errorf("-v output:\n%s", out)
	}
	if !strings.Contains(out, "ok  \ttools/echo_test.lua\t") || !strings.Contains(out, "[no tests to run]") {
		t.Errorf("a file with no matching test:\n%s", out)
	}
}

func TestJSON(t *testing.T) {
	_, out := run(t, Options{JSON: true, Run: regexp.MustCompile("purpose|greet$")})
	var actions []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var e jsonEvent
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%v: %q", err, l)
		}
		actions = append(actions, e.Action+":"+e.Test)
	}
	got := strings.Join(actions, " ")
	want := "run:greet output:greet pass:greet pass: run:fails on purpose output:fails on purpose fail:fails on purpose fail:"
	if got != want {
		t.Errorf("actions\n got %s\nwant %s", got, want)
	}
}

// TestLoadFailure: a layer whose extension does not load fails the file
// before any test runs, with the host's message.
func TestLoadFailure(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "extensions/bad.lua", "return { name = 'bad', activate = function() error('boom') end }\n")
	write(t, dir, "extensions/bad_test.lua", "local t = require('panto.test')\nt.test('x', function() end)\n")
	sum, out := run(t, Options{Dir: dir})
	if sum.Failed != 1 || !strings.Contains(out, "panto: activate: ") || !strings.Contains(out, "extensions/bad.lua:1: boom (entry 'bad')") || !strings.Contains(out, "[the layer did not load]") {
		t.Errorf("summary %+v\n%s", sum, out)
	}
}

// TestOperationErrors: a mistaken operation fails the test at the line
// that asked, saying what was wrong.
func TestOperationErrors(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tests/ops.lua", `local t = require("panto.test")
t.test("unknown tool", function() t.tool("nope", {}) end)
t.test("unknown command", function() t.command("/nope") end)
t.test("bad field", function() t.fire("tool_result", { outptu = "x" }) end)
t.test("no script", function() t.turn { prompt = "hi" } end)
t.test("yields", function() coroutine.yield() end)
`)
	sum, out := run(t, Options{Dir: dir})
	if sum.Failed != 5 {
		t.Errorf("summary %+v", sum)
	}
	for _, want := range []string{
		"tests/ops.lua:2: tool: unknown tool 'nope' (registered: " + strings.Join(standardTools(t), ", ") + ")",
		// The session's built-in /mcp is the only command without a layer.
		"tests/ops.lua:3: command: unknown command /nope (registered: /mcp)",
		"tests/ops.lua:4: fire: event 'tool_result' has no field 'outptu' (it has collapsed, id, index, output, result_ok, tool_name)",
		"tests/ops.lua:5: turn: give the model's responses: script = { { text = \"...\" }, ... } or script_file = \"turns.jsonl\"",
		"the test yielded outside the test API",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// standardTools are the base layer's tools, sorted: stdext/tools/*.lua
// but the shared modules (named with a leading underscore).
func standardTools(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "stdext", "tools", "*.lua"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no standard tools found: %v", err)
	}
	var names []string
	for _, f := range files {
		if name := strings.TrimSuffix(filepath.Base(f), ".lua"); !strings.HasPrefix(name, "_") {
			names = append(names, name)
		}
	}
	return names // Glob sorts
}

func TestNoTests(t *testing.T) {
	var out bytes.Buffer
	_, err := Run(context.Background(), Options{Dir: t.TempDir(), Out: &out, Discover: env(t)})
	if err == nil || !strings.Contains(err.Error(), "no tests in") {
		t.Errorf("err %v", err)
	}
}

func write(t *testing.T, dir, rel, content string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestHelpers: tests/_name.lua files are helpers the test files require,
// not tests.
func TestHelpers(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "tests/_double.lua", "return function(x) return 2 * x end\n")
	write(t, dir, "tests/uses.lua", "local t = require('panto.test')\nlocal double = require('_double')\nt.test('double', function() t.eq(double(21), 42) end)\n")
	sum, out := run(t, Options{Dir: dir})
	if sum != (Summary{Files: 1, Passed: 1}) {
		t.Errorf("summary %+v\n%s", sum, out)
	}
}
