package host

import (
	"context"
	"strings"
	"testing"

	"panto/extension/discover"
	"panto/runtime"
)

// TestAuthorHints: the host's own messages say what was meant, for the
// mistakes that reach run time (panto run, watch, a session).
func TestAuthorHints(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
	}{
		{"shape typo", `return { name = "x", handeler = function() end, description = "d", schema = {} }`,
			"evaluate: extensions/x.lua:1: returned a table that is neither an entry { name, activate }, a tool declaration { name, description, schema, handler }, nor a list of them: unknown field 'handeler'; did you mean 'handler'?"},
		{"shape typo in a built table", "local function make()\n  return {\n    name = \"x\", handeler = function() end, description = \"d\", schema = {} }\nend\nreturn make()",
			"evaluate: extensions/x.lua:3: returned a table that is neither"},
		{"shape foreign", `return { name = "x", execute = function() end, parameters = {} }`,
			": unknown field 'execute' (bone and pi call the function 'execute'; panto calls it 'handler' (handler(input, context))); unknown field 'parameters' (bone and pi call the input's JSON schema 'parameters'; panto calls it 'schema')"},
		{"list item", `return { { name = "x", activte = function() end } }`,
			"item 1 of the returned list is neither an entry { name, activate } nor a tool declaration: unknown field 'activte'; did you mean 'activate'?"},
		{"nil call", `return { name = "x", activate = function() require("panto").ext.register_tol {} end }`,
			"attempt to call a nil value (field 'register_tol'); panto.ext has no 'register_tol': did you mean panto.ext.register_tool?"},
		{"missing field", `return { name = "x", activate = function() require("panto").ext.register_command { name = "c", description = "d", execute = print } end }`,
			"register_command: 'handler' is required (a function); the table has 'execute': panto calls the function 'handler'"},
		{"missing typo", `return { name = "x", activate = function() require("panto").ext.register_tool { name = "c", descripton = "d" } end }`,
			"register_tool: 'description' is required (a string); the table has 'descripton': did you mean 'description'?"},
	} {
		t.Run(c.name, func(t *testing.T) {
			th := hostWith(t, map[string]string{"extensions/x.lua": c.src})
			if got := th.problems(); !strings.Contains(got, c.want) {
				t.Errorf("problems:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

func TestFireEvent(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/r.lua": `return { name = "r", activate = function()
  local panto = require("panto")
  panto.ext.on("tool_result", function(e)
    if e.tool_name == "shell" then e.output = "(redacted) " .. e.index end
  end)
  panto.ext.on("tool_details", function(e)
    e:set_component({ render = function() return "custom " .. e.tool_name end })
  end)
  panto.ext.on("ping", function(e) print("pinged " .. e.name) end)
end }`})
	ctx := context.Background()
	out, b, err := th.FireEvent(ctx, "tool_result", map[string]runtime.Value{"tool_name": runtime.String("shell"), "output": runtime.String("secret")})
	if err != nil || out["output"].AsString() != "(redacted) 1" || b == nil {
		t.Fatalf("%v %v %v", out, b, err)
	}
	_, b, err = th.FireEvent(ctx, "tool_details", map[string]runtime.Value{"tool_name": runtime.String("ls")})
	if err != nil || !b.Custom() || !strings.HasPrefix(b.Render(ctx, 20)[0], "custom ls") {
		t.Errorf("component: %v %v", b, err)
	}
	if _, _, err := th.FireEvent(ctx, "ping", nil); err != nil || !strings.Contains(th.out.String(), "pinged ping") {
		t.Errorf("custom event: %v %q", err, th.out.String())
	}
	for _, c := range []struct {
		name   string
		fields map[string]runtime.Value
		err    string
	}{
		{"tool_result", map[string]runtime.Value{"outptu": runtime.String("x")}, "event 'tool_result' has no field 'outptu' (it has collapsed, id, index, output, result_ok, tool_name)"},
		{"tool_result", map[string]runtime.Value{"output": runtime.Int(1)}, "field 'output' of event 'tool_result' is string, got number"},
		{"ping", map[string]runtime.Value{"x": runtime.Int(1)}, "'ping' is not a host event, and a custom event has no fields"},
	} {
		if _, _, err := th.FireEvent(ctx, c.name, c.fields); err == nil || err.Error() != c.err {
			t.Errorf("%s %v: %v, want %q", c.name, c.fields, err, c.err)
		}
	}
}

// TestCheck: the check host reports what did not load as errors, and a
// budget per file stops an endless loop there while the others load.
func TestCheck(t *testing.T) {
	dir := tree(t, map[string]string{
		"extensions/spin.lua": "return { name = 'spin', activate = function()\n  while true do end\nend }\n",
		"extensions/bad.lua":  "return { name = 'bad', activte = function() end }\n",
		"extensions/ok.lua":   "return { name = 'ok', activate = function() require('panto').ext.register_command { name = 'ok', description = 'd', handler = print } end }\n",
	})
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	ds := Check(context.Background(), setup, 1_000_000)
	var got []string
	for _, d := range ds {
		got = append(got, d.String())
	}
	want := []string{
		"extensions/bad.lua:1: returned a table that is neither an entry { name, activate }, a tool declaration { name, description, schema, handler }, nor a list of them: unknown field 'activte'; did you mean 'activate'?",
		"extensions/spin.lua:2: interrupted: instruction budget exhausted (the check gives each evaluation and activation 1000000 VM ticks: an endless loop?) (entry 'spin')",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestBoneCodeAmongExtensions: bone code dropped into tools/ fails at
// its first line; the problem says where panto runs bone code.
func TestBoneCodeAmongExtensions(t *testing.T) {
	for _, msg := range []string{
		"tools/b.lua:1: attempt to index a nil value (global 'bone')",
		"tools/b.lua:3: attempt to index a nil value (global 'cjson')",
	} {
		if h := callHint(msg); !strings.Contains(h, "bone/init.lua") || !strings.Contains(h, "docs/bone.md") {
			t.Errorf("%s: hint %q", msg, h)
		}
	}
	if h := callHint("tools/b.lua:1: attempt to index a nil value (global 'bones')"); h != "" {
		t.Errorf("an unrelated global got a hint: %q", h)
	}
}
