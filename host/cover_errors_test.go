package host

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestRefusedArguments: the panto functions refuse bad arguments with a
// message naming the function and what was wrong, and the model
// functions answer nil and a reason where the spec says they do.
func TestRefusedArguments(t *testing.T) {
	luaCheck(t, map[string]string{"config.toml": `
[providers.local]
protocol = "demo"
base_url = "http://127.0.0.1:9/v1"
models = { small = "tiny-1" }
`}, `
local ext = panto.ext
local function refuses(want, f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "accepted: " .. want)
  assert(tostring(err):find(want, 1, true), tostring(err) .. "\nwant: " .. want)
end
refuses("register_protocol: 'effort_levels' must be an array, got string",
  ext.register_protocol, { name = "p1", open = function() end, effort_levels = "high" })
refuses("register_protocol: 'effort_levels' must be an array (keys 1..n)",
  ext.register_protocol, { name = "p2", open = function() end, effort_levels = { fast = { label = "fast" } } })
refuses("style: theme 'odd': role names must be strings, got number", ext.style, "odd", { [1] = "bold" })
refuses("style: theme 'odd': role 'accent' must be a spec string or a table, got boolean", ext.style, "odd", { accent = true })
refuses("models: 'model' must be a string, got number", ext.models, { model = 5 })
refuses("register_tool: 'name' must not be empty",
  ext.register_tool, { name = "", description = "d", schema = { type = "object" }, handler = function() end })
refuses("register_tool: tool 'bad_schema': schema:",
  ext.register_tool, { name = "bad_schema", description = "d", schema = { type = "object", default = print }, handler = function() end })
local none, why = ext.resolve_model { model = "remote:x" }
assert(none == nil and why:find("unknown provider 'remote'", 1, true), why)
-- The provider's base URL is no secret: models {} shows it.
local provs = ext.models {}
assert(provs[1].base_url == "http://127.0.0.1:9/v1", tostring(provs[1].base_url))`)
}

// TestVoteOutsideTheValues: a handler that assigns a writable field a
// value the ABI does not list fails, naming the values; the decision
// stays as it was.
func TestVoteOutsideTheValues(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/v.lua": `local panto = require("panto")
return { name = "v", activate = function()
  panto.ext.on("tool_permission", function(e) e.decision = "maybe" end)
end }`})
	ctx := context.Background()
	tc := th.BeginQuietToolCall(1)
	decision, _ := tc.Permission(ctx, nil, "default", "ask", "r", "")
	if decision != "ask" {
		t.Errorf("decision %q, want the unchanged ask", decision)
	}
	if got := th.problems(); !strings.Contains(got, `cannot assign 'decision' of event 'tool_permission': "maybe" is not one of allow, ask, deny`) {
		t.Errorf("problems:\n%s", got)
	}
}

// TestReturnedShapes: what a file returns that is no entry, declaration
// or list of them is refused with what it was, item by item for a list.
func TestReturnedShapes(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`return io.stdout`, "tools/t.lua:1: returned a userdata; a source must return"},
		{"return {\n  { name = 'a', description = 'd', schema = {}, handler = function() end },\n  5,\n}\n", "tools/t.lua:1: item 2 of the returned list is a number, not an entry or a tool declaration"},
		{"return {\n  { activate = function() end },\n}\n", "tools/t.lua:2: item 1: an entry needs a non-empty string 'name'"},
		{"return { name = 'x', activate = 5 }", "tools/t.lua:1: entry 'x': 'activate' must be a function, got number"},
		{"return { [true] = 1, handeler = 2 }", "tools/t.lua:1: returned a table that is neither an entry { name, activate }, a tool declaration { name, description, schema, handler }, nor a list of them: unknown field 'handeler'; did you mean 'handler'?"},
	} {
		th := hostWith(t, map[string]string{"tools/t.lua": c.src})
		if got := th.problems(); !strings.Contains(got, c.want) {
			t.Errorf("%q:\nproblems %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestClosedHost: a closed host refuses calls with errClosed, and a
// host needs a setup.
func TestClosedHost(t *testing.T) {
	if _, err := New(context.Background(), Options{}); err == nil || !strings.Contains(err.Error(), "Options.Setup is required") {
		t.Errorf("New without a setup: %v", err)
	}
	th := hostWith(t, nil)
	if _, err := th.RunCommand(context.Background(), "no slash"); err == nil || !strings.Contains(err.Error(), "not a slash command") {
		t.Errorf("RunCommand without a slash: %v", err)
	}
	th.Close()
	if _, err := th.RunCommand(context.Background(), "/x"); !errors.Is(err, errClosed) {
		t.Errorf("RunCommand after Close: %v", err)
	}
	if _, _, err := th.FireEvent(context.Background(), "turn_start", nil); !errors.Is(err, errClosed) {
		t.Errorf("FireEvent after Close: %v", err)
	}
	if len(th.Tools()) != 0 || th.Tool("x") != nil {
		t.Error("a closed host lists tools")
	}
}

// TestNoProvidersConfigured: with no provider configured, resolve_model
// without a model has nothing to fall back on, and a model reference
// says that none are configured.
func TestNoProvidersConfigured(t *testing.T) {
	th := luaCheck(t, nil, `
local none, why = panto.ext.resolve_model()
print(none, why)`)
	if got := th.out.String(); got != "nil\tno model given and [models] default is not configured\n" {
		t.Errorf("resolve_model() printed %q", got)
	}
	if _, err := th.ResolveModel("any:thing"); err == nil || !strings.Contains(err.Error(), "(none are configured)") {
		t.Errorf("ResolveModel: %v", err)
	}
}
