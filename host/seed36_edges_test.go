package host

import (
	"context"
	"testing"
	"testing/fstest"

	"panto/extension/discover"
	"panto/internal/childproc"
)

// hostWithBase is hostWith over a folder layer and a base layer.
func hostWithBase(t *testing.T, files map[string]string, base fstest.MapFS) *testHost {
	t.Helper()
	dir := tree(t, files)
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	setup.AddBase(base, "")
	th := &testHost{}
	h, err := New(context.Background(), Options{Setup: setup, Stdout: &th.out, Stderr: &th.out, Report: func(p Problem) { th.reported = append(th.reported, p) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	th.Host = h
	return th
}

// TestSandboxedBaseShell: the base layer's shell runs confined when the
// system can confine commands.
func TestSandboxedBaseShell(t *testing.T) {
	childproc.UseHelper("/proc/self/exe")
	defer childproc.UseHelper("")
	if ok, why := childproc.Available(); !ok {
		t.Skip("the system cannot confine commands:", why)
	}
	th := hostWithBase(t, nil, fstest.MapFS{"tools/shell.lua": {Data: []byte(`return { name = "shell", description = "d", schema = {}, handler = function() return "" end }`)}})
	th.expectNoProblems(t)
	if !th.Sandboxed(th.Tool("shell")) {
		t.Error("the base layer's shell runs unconfined")
	}
}

// TestResolveModelTakesTheDefaultReasoning: resolve_model without a
// reasoning takes [models] reasoning, and refuses it when the model does
// not accept it.
func TestResolveModelTakesTheDefaultReasoning(t *testing.T) {
	th := luaCheck(t, map[string]string{"config.toml": `
[providers.local]
protocol = "demo"
models = { small = "tiny-1" }
reasoning = ["low", "high"]

[models]
reasoning = "max"
`}, `
local cfg, err = panto.ext.resolve_model { model = "local:small" }
print(cfg, err)
cfg, err = panto.ext.resolve_model { model = "local:small", reasoning = "high" }
print(cfg ~= nil, err)`)
	if got := th.out.String(); got != "nil\tmodel 'local:small' does not accept reasoning 'max' (accepted: low, high)\ntrue\tnil\n" {
		t.Errorf("printed %q", got)
	}
}

// TestMessageOfAnotherFile: a shortened chunk name ("...b/init.lua")
// that is not the end of the file's own path is another file's
// position, and does not become the file's line.
func TestMessageOfAnotherFile(t *testing.T) {
	p := problemAt(StageActivate, "extensions/a/init.lua", "", "...b/init.lua:3: boom")
	if p.Line != 0 || p.Message != "...b/init.lua:3: boom" {
		t.Errorf("line %d, message %q", p.Line, p.Message)
	}
	p = problemAt(StageActivate, "extensions/a/init.lua", "", "...s/a/init.lua:3: boom")
	if p.Line != 3 || p.Message != "boom" {
		t.Errorf("own file: line %d, message %q", p.Line, p.Message)
	}
}
