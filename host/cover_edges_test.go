package host

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"panto/diag"
	"panto/extension/discover"
	"panto/runtime"
)

// TestStdFromTheBaseLayer: require("panto.std") serves the base layer's
// tools/_std.lua to any extension, with its file as the second value,
// loaded once per state.
func TestStdFromTheBaseLayer(t *testing.T) {
	dir := tree(t, map[string]string{"extensions/u.lua": `local panto = require("panto")
return { name = "u", activate = function()
  local std, where = require("panto.std")
  local again = require("panto.std")
  print(where, std == again, std.count(), again.count())
end }`})
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	setup.AddBase(fstest.MapFS{
		"tools/_std.lua": {Data: []byte("local n = 0\nreturn { count = function() n = n + 1 return n end }\n")},
		"tools/b.lua":    {Data: []byte(`return { name = "b", description = "d", schema = { type = "object" }, handler = function() return "b" end }`)},
	}, "")
	th := &testHost{}
	h, err := New(context.Background(), Options{Setup: setup, Stdout: &th.out, Stderr: &th.out, Report: func(p Problem) { th.reported = append(th.reported, p) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	th.Host = h
	th.expectNoProblems(t)
	if got := th.out.String(); got != "base:tools/_std.lua\ttrue\t1\t2\n" {
		t.Errorf("printed %q", got)
	}
}

// TestStateForGoCode: the State a ModuleFunc gets reaches the host's Lua
// state, loop, JSON codec and host, is live until a rebuild replaces it,
// and runs Lua under the context its Enter records.
func TestStateForGoCode(t *testing.T) {
	var states []*State
	th := hostWith(t, map[string]string{"extensions/e.lua": `local panto = require("panto")
return { name = "e", activate = function() panto.probe_keep({}) end }`}, func(o *Options) {
		o.Module = func(s *State, mod, ext *runtime.Table) {
			states = append(states, s)
			mod.SetStr("probe_keep", runtime.NewFunction("probe_keep", func(L *runtime.State) int {
				s.Anchor(L.Arg(1))
				return 0
			}))
		}
	})
	th.expectNoProblems(t)
	if len(states) != 1 {
		t.Fatalf("%d states", len(states))
	}
	s := states[0]
	if s != th.State() || s.Host() != th.Host || s.Lua() != th.vm.L || s.Loop() != th.vm.loop || s.JSON() != th.vm.json || !s.Live() {
		t.Fatal("the state does not reach its host's parts")
	}
	type key struct{}
	ctx := context.WithValue(context.Background(), key{}, "mine")
	leave := s.Enter(ctx)
	if s.Context().Value(key{}) != "mine" {
		t.Error("Enter did not record the context")
	}
	leave()
	if s.Context().Value(key{}) != nil {
		t.Error("the context outlived its Enter")
	}
	th.Rebuild(context.Background(), "new")
	if s.Live() || len(states) != 2 || !states[1].Live() {
		t.Error("a rebuild did not replace the state")
	}
	th.Close()
	if th.State() != nil {
		t.Error("a closed host still has a state")
	}
}

// TestPermissionVote: tool_permission carries the verdict so far and
// the call's input (an empty table before it has one), and returns the
// decision and reason the handlers wrote.
func TestPermissionVote(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/v.lua": `local panto = require("panto")
return { name = "v", activate = function()
  panto.ext.on("tool_permission", function(e)
    print(e.tool_name, e.mode, e.decision, e.reason, e.rule, table.concat(e.effects, ","), next(e.input))
    if e.tool_name == "shell" then e.decision = "deny"; e.reason = "no shell here" end
  end)
end }`})
	ctx := context.Background()
	tc := th.BeginQuietToolCall(1)
	tc.Details(ctx, "shell", "c1")
	decision, reason := tc.Permission(ctx, []string{"execute"}, "default", "ask", "asks by default", "")
	if decision != "deny" || reason != "no shell here" {
		t.Errorf("Permission = %q, %q", decision, reason)
	}
	th.expectNoProblems(t)
	if got := th.out.String(); got != "shell\tdefault\task\tasks by default\tnil\texecute\tnil\n" {
		t.Errorf("printed %q", got)
	}
}

// TestResolveModelRefusals: an empty reference, an unknown provider and
// a provider without the model are refused with what exists; a
// provider's upstream id finds its alias.
func TestResolveModelRefusals(t *testing.T) {
	th := hostWith(t, map[string]string{"config.toml": `
[providers.local]
protocol = "demo"
models = { small = "tiny-1", big = "huge-2" }
`})
	if r, err := th.ResolveModel("local:tiny-1"); err != nil || r.Reference() != "local:small" || r.ID != "tiny-1" {
		t.Errorf("local:tiny-1 = %+v, %v", r, err)
	}
	for ref, want := range map[string]string{
		"":            "empty model reference",
		"remote:big":  "unknown provider 'remote' in model reference 'remote:big'",
		"local:medum": "provider 'local' has no model 'medum'",
	} {
		if _, err := th.ResolveModel(ref); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ResolveModel(%q) = %v, want %q", ref, err, want)
		}
	}
}

// TestReportFromGo: Report records a load-time problem as the host's own
// and hands every problem to Options.Report; Config and UserConfigPath
// describe the setup.
func TestReportFromGo(t *testing.T) {
	th := hostWith(t, nil)
	th.Report(Problem{Stage: StageActivate, Diagnostic: diag.Diagnostic{File: "x.lua", Message: "broken"}})
	th.Report(Problem{Stage: StageRender, Diagnostic: diag.Diagnostic{File: "y.lua", Message: "drawn badly"}})
	if len(th.reported) != 2 || len(th.Problems()) != 1 || th.Problems()[0].Message != "broken" {
		t.Errorf("reported %v, problems %v", th.reported, th.Problems())
	}
	if th.Config() == nil || th.Config() != th.cfg {
		t.Error("Config is not the host's configuration")
	}
	if got := th.UserConfigPath(); got != "" {
		t.Errorf("UserConfigPath without a configuration folder = %q", got)
	}
	th.setup.ConfigHome = t.TempDir()
	if got := th.UserConfigPath(); !strings.HasSuffix(got, "config.toml") {
		t.Errorf("UserConfigPath = %q", got)
	}
}
