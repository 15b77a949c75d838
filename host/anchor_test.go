package host

import (
	"context"
	"testing"
)

// TestComponentOutlivesCollection: a component an extension set and
// keeps no reference to stays alive for the Lua collector (a weak
// table keeps it, its finalizer does not run) and keeps rendering.
func TestComponentOutlivesCollection(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/c.lua": `local panto = require("panto")
WEAK = setmetatable({}, { __mode = "v" })
return { name = "c", activate = function()
  panto.ext.on("tool_details", function(e)
    local comp = setmetatable({ render = function() return { "mine" } end }, { __gc = function() COLLECTED = true end })
    WEAK[1] = comp
    e:set_component(comp)
  end)
end }`,
		"tools/t.lua": `return { name = "t", description = "d", schema = {}, handler = function() return "result" end }`,
	})
	th.expectNoProblems(t)
	tc := th.callTool(t, "t", "{}")
	if _, err := th.vm.L.DoString(`
		collectgarbage("collect"); collectgarbage("collect")
		assert(WEAK[1] ~= nil, "the component was collected")
		assert(not COLLECTED, "the component's finalizer ran")`, "=check"); err != nil {
		t.Fatal(err)
	}
	expectRows(t, tc.Block.Render(context.Background(), 10), 10, "mine")
}

// TestSandboxedOnlyTheBaseShell: no tool, and no extension's tool named
// shell, runs confined.
func TestSandboxedOnlyTheBaseShell(t *testing.T) {
	th := hostWith(t, map[string]string{
		"tools/shell.lua": `return { name = "shell", description = "d", schema = {}, handler = function() return "" end }`,
	})
	th.expectNoProblems(t)
	if th.Sandboxed(nil) || th.Sandboxed(th.Tool("shell")) {
		t.Error("a tool other than the base layer's shell is sandboxed")
	}
}

// TestNetworkPolicy: the host's own requests follow [sandbox] network,
// unless the sandbox is off.
func TestNetworkPolicy(t *testing.T) {
	for _, c := range []struct {
		config string
		ok     bool
	}{
		{"", true},
		{"[sandbox]\nnetwork = true\n", true},
		{"[sandbox]\nnetwork = false\n", false},
		{"[sandbox]\nmode = \"off\"\nnetwork = false\n", true},
	} {
		th := hostWith(t, map[string]string{"config.toml": c.config, "extensions/e.lua": `return { name = "e", activate = function() end }`})
		ok, why := th.networkAllowed()
		if ok != c.ok || (ok != (why == "")) {
			t.Errorf("%q: networkAllowed = %v, %q", c.config, ok, why)
		}
		if !ok && why != "the network is off for this session ([sandbox] network = false)" {
			t.Errorf("reason %q", why)
		}
	}
}
