package host

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"panto/bundle"
	"panto/bytecode"
	"panto/compiler"
	"panto/diag"
	"panto/extension/discover"
	"panto/internal/childproc"
	"panto/runtime"
)

// TestFireChecksFieldsFirst: the host firing an event with fields the
// ABI does not describe is a bug in the host, caught even when no
// extension handles the event.
func TestFireChecksFieldsFirst(t *testing.T) {
	th := hostWith(t, nil)
	for _, c := range []struct {
		name, event string
		fields      fieldValues
		want        string
	}{
		{"custom event with fields", "my_custom_event", fieldValues{"x": str("1")},
			"host: custom event my_custom_event fired with fields"},
		{"undescribed field", "session_end", fieldValues{"session_id": str("s"), "bogus": str("1")},
			`host: event session_end fired with field "bogus", which abi.json does not describe`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := func() (msg string) {
				defer func() { msg = fmt.Sprint(recover()) }()
				th.fire(context.Background(), c.event, nil, c.fields)
				return "no panic"
			}()
			if got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestCloseRunsFinalizers: closing the host closes its Lua state, so a
// finalizer an extension left (a __gc that flushes a file) runs.
func TestCloseRunsFinalizers(t *testing.T) {
	flushed := filepath.Join(t.TempDir(), "flushed")
	th := hostWith(t, map[string]string{"extensions/f.lua": fmt.Sprintf(`
return { name = "f", activate = function()
  KEEP = setmetatable({}, { __gc = function()
    local f = assert(io.open(%q, "w"))
    f:write("closed")
    f:close()
  end })
end }`, flushed)})
	th.expectNoProblems(t)
	if _, err := os.Stat(flushed); err == nil {
		t.Fatal("the finalizer ran before Close")
	}
	th.Close()
	if data, err := os.ReadFile(flushed); err != nil || string(data) != "closed" {
		t.Errorf("after Close: %q, %v", data, err)
	}
}

// TestEmptyArrayInputIsAnObject: a tool_call_complete handler that
// replaces the input with an empty table marked as a JSON array
// (json.array{}, or a decoded []) still hands the tool an empty object.
func TestEmptyArrayInputIsAnObject(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/clear.lua": `local panto = require("panto")
return { name = "clear", activate = function()
  panto.ext.on("tool_call_complete", function(e) e.input = panto.ext.json.array({}) end)
end }`,
		"tools/t.lua": `return { name = "t", description = "d",
  schema = { type = "object", properties = { a = { type = "integer" } } },
  handler = function(input) return "keys: " .. tostring(next(input)) end }`,
	})
	th.expectNoProblems(t)
	tc := th.callTool(t, "t", `{"a":1}`)
	if !tc.OK || tc.Output != "keys: nil" || tc.FinalInputJSON != "{}" {
		t.Errorf("ok %v output %q final input %q", tc.OK, tc.Output, tc.FinalInputJSON)
	}
}

// TestToolChoiceNeedsAToolName: { name = ... } forces a tool only with a
// non-empty string name.
func TestToolChoiceNeedsAToolName(t *testing.T) {
	for _, c := range []struct {
		name string
		in   runtime.Value
		want string
	}{
		{"empty name", tableWith("name", runtime.String("")), ""},
		{"number name", tableWith("name", runtime.Int(5)), ""},
		{"no name", runtime.TableValue(runtime.NewTable(0, 0)), ""},
		{"a name", tableWith("name", runtime.String("echo")), "tool:echo"},
		{"nil", runtime.Nil, "auto"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := toolChoice(c.in)
			if got != c.want || (err == nil) != (c.want != "") {
				t.Errorf("toolChoice = %q, %v; want %q", got, err, c.want)
			}
			if err != nil && !strings.Contains(err.Error(), `tool_choice must be "auto", "none", "required" or { name = "tool" }`) {
				t.Errorf("error %v", err)
			}
		})
	}
}

func tableWith(key string, v runtime.Value) runtime.Value {
	t := runtime.NewTable(0, 1)
	t.SetStr(key, v)
	return runtime.TableValue(t)
}

// TestBundleSetupRefusesItsBrokenConfig: a bundle whose config.toml does
// not parse is refused with the error, naming the file inside the
// bundle, not run as if it had no configuration.
func TestBundleSetupRefusesItsBrokenConfig(t *testing.T) {
	p, err := compiler.Compile(diag.ChunkName("extensions/a.lua"), "return { name = 'a', activate = function() end }")
	if err != nil {
		t.Fatal(err)
	}
	data, err := bundle.Write(&bundle.Spec{
		Name: "broken", Version: "1.0.0", ABI: "1.0.0", Compiler: "test",
		Entries: []bundle.Entry{{Name: "a", Main: "extensions/a.lua"}},
		Blobs: []bundle.Content{
			{Path: "extensions/a.lua", Kind: bundle.KindChunk, Data: bytecode.Encode(p, false)},
			{Path: "config.toml", Kind: bundle.KindConfig, Data: []byte("[extensions\ndeny = 1\n")},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Read(data, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	t.Cleanup(func() { makeWritable(root) })
	dir, err := b.Extract(root)
	if err != nil {
		t.Fatal(err)
	}
	s, err := BundleSetup(b, dir, discover.Options{Cwd: root, Getenv: func(string) string { return "" }})
	if err == nil || !strings.Contains(err.Error(), "broken.pkg:config.toml") {
		t.Fatalf("setup %v, error %v; want the config's error", s, err)
	}
}

// TestProcessSandboxWithTheHelper: with panto's process helper in use,
// shell commands get a sandbox when the system can apply one, and
// otherwise run unconfined with one problem saying why. The test runs
// wherever it is: the kernel decides which half it checks.
func TestProcessSandboxWithTheHelper(t *testing.T) {
	childproc.UseHelper("/proc/self/exe") // Available asks the kernel, as panto does
	defer childproc.UseHelper("")
	noSandboxOnce = sync.Once{} // the problem is said once per process
	th := hostWith(t, nil)
	ok, why := childproc.Available()
	sb := th.processSandbox()
	if ok {
		th.expectNoProblems(t)
		if sb == nil {
			t.Fatal("the system can confine commands, but they run unconfined")
		}
		return
	}
	if sb != nil {
		t.Errorf("a sandbox the system cannot apply (%s): %+v", why, sb)
	}
	want := "config: shell commands run without a sandbox: " + why + "; the permission rules still apply to them (sandbox)\n"
	if got := th.problems(); got != want {
		t.Errorf("problems %q, want %q", got, want)
	}
}
