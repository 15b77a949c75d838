package host

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/extension/discover"
)

// luaCheck runs assertions in an activation and fails on any problem.
func luaCheck(t *testing.T, files map[string]string, code string, mod ...func(*Options)) *testHost {
	t.Helper()
	if files == nil {
		files = map[string]string{}
	}
	files["extensions/check.lua"] = "local panto = require('panto')\nreturn { name = 'check', activate = function()\n" + code + "\nend }"
	th := hostWith(t, files, mod...)
	th.expectNoProblems(t)
	return th
}

func TestText(t *testing.T) {
	luaCheck(t, nil, `
local text = panto.text
assert(text.width("日本") == 4 and text.width("\27[1mab\27[0m") == 2 and text.width("") == 0)
assert(text.truncate("hello world", 5) == "hell…")
assert(text.truncate("hello", 5) == "hello")
assert(text.truncate("hello", 0) == "")
assert(text.truncate("hello", 3.0) == "he…")
local rows = text.wrap("the quick brown fox", 10)
assert(#rows == 2 and rows[1] == "the quick" and rows[2] == "brown fox")
for _, bad in ipairs({
  { text.width, { 42 }, "bad argument #1 to 'width' (string expected, got number)" },
  { text.width, {}, "bad argument #1 to 'width' (string expected, got no value)" },
  { text.truncate, { "s" }, "bad argument #2 to 'truncate' (number expected, got no value)" },
  { text.truncate, { "s", -1 }, "bad argument #2 to 'truncate' (width must be a non-negative integer)" },
  { text.wrap, { "s", 2.5 }, "bad argument #2 to 'wrap' (width must be a non-negative integer)" },
  { text.wrap, { "s", "3" }, "bad argument #2 to 'wrap' (number expected, got string)" },
}) do
  local ok, err = pcall(bad[1], table.unpack(bad[2]))
  assert(not ok and err:find(bad[3], 1, true), err)
end`)
}

func TestJSON(t *testing.T) {
	luaCheck(t, nil, `
local json = panto.ext.json
assert(json.encode({ a = json.null, b = json.array({}) }) == '{"a":null,"b":[]}')
local v = json.decode('[1, null, "x"]')
assert(v[2] == json.null and json.encode(v) == '[1,null,"x"]')
assert(json.decode("12") == 12 and json.decode('"s"') == "s" and json.decode("true") == true)
local bad, err = json.decode('{"a": }')
assert(bad == nil and err == "invalid JSON at line 1, column 7: unexpected character '}'", err)`)
}

func TestHighlightAndStyle(t *testing.T) {
	th := luaCheck(t, map[string]string{"config.toml": "[ui]\ntheme = \"night\"\n"}, `
local ext = panto.ext
assert(ext.highlight("x = 1", "no-such-language") == "x = 1")
assert(ext.highlight("x = 1") == "x = 1")
assert(ext.highlight("local x", "lua") == "\27[35mlocal\27[0m x")
local styles, name = ext.style()
assert(name == "default" and styles.accent == "\27[1;36m" and styles.reset == "\27[0m")
assert(ext.style("night") == nil)
assert(ext.style("night", { keyword = "bold #00ff00", accent = { fg = "red", bold = true } }) == true)
assert(ext.style("night").keyword == "\27[1;38;2;0;255;0m")
assert(ext.style("night").accent == "\27[1;31m")
local s2, n2 = ext.style()
assert(n2 == "night", n2)
assert(ext.highlight("local x", "lua") == "\27[1;38;2;0;255;0mlocal\27[0m x")
local ok, err = pcall(ext.style, "broken", { accent = "purpleish" })
assert(not ok and err:find("role \"accent\": unknown style word \"purpleish\""), err)`)
	// Themes survive a rebuild of the state.
	th.Rebuild(context.Background(), "new")
	if _, ok := th.themes.Get("night"); !ok {
		t.Error("the theme did not survive")
	}
}

func TestModelsAndSession(t *testing.T) {
	files := map[string]string{"config.toml": `
[providers.anthropic]
protocol = "anthropic"
label = "Anthropic"
api_key_env = "SECRET_ENV"
models = { sonnet = "claude-sonnet-4-5", haiku = "claude-haiku-4-5" }
reasoning = ["low", "high"]

[providers.local]
protocol = "demo"
models = { small = "tiny-1", sonnet = "other-sonnet" }

[models]
default = "anthropic:haiku"
reasoning = "low"
`}
	files["extensions/a_proto.lua"] = `local panto = require("panto")
return { name = "proto", activate = function()
  panto.ext.register_protocol { name = "demo", open = function() end, effort_levels = { { label = "quick" } } }
end }`
	luaCheck(t, files, `
local ext = panto.ext
local provs = ext.models {}
assert(#provs == 2 and provs[1].name == "anthropic" and provs[1].label == "Anthropic")
assert(provs[1].models[1] == "haiku" and provs[1].models[2] == "sonnet")
assert(provs[1].api_key_env == nil, "credentials leak")
local refs = ext.models { query = "SON" }
assert(#refs == 2 and refs[1] == "anthropic:sonnet" and refs[2] == "local:sonnet", table.concat(refs, ","))
-- The query matches the alias or the upstream id, either alone.
refs = ext.models { query = "Tiny" }
assert(#refs == 1 and refs[1] == "local:small", table.concat(refs, ","))
refs = ext.models { query = "smal" }
assert(#refs == 1 and refs[1] == "local:small", table.concat(refs, ","))
assert(#ext.models { provider = "local" } == 2)
assert(#ext.models { limit = 1 } == 1)
assert(#ext.models { limit = 1000 } == 4)
local none, err = ext.models { provider = "nope" }
assert(none == nil and err:find("unknown provider 'nope'"), err)
local ok, e = pcall(ext.models, { limit = 0 })
assert(not ok and e:find("'limit' must be a positive integer"), e)
local m = ext.models { model = "claude-sonnet-4-5" }
assert(m == nil)
m = ext.models { model = "anthropic:claude-sonnet-4-5" }
assert(m.reference == "anthropic:sonnet" and m.id == "claude-sonnet-4-5" and m.protocol == "anthropic")
assert(ext.models { model = "small" }.reference == "local:small")
local amb, aerr = ext.models { model = "sonnet" }
assert(amb == nil and aerr:find("ambiguous"), aerr)

assert(tostring(ext.resolve_model {}) == "panto.model_config: anthropic:haiku")
local cfg, cerr = ext.resolve_model { model = "anthropic:sonnet", reasoning = "medium" }
assert(cfg == nil and cerr:find("does not accept reasoning 'medium' %(accepted: low, high%)"), cerr)
cfg, cerr = ext.resolve_model { model = "local:small", reasoning = "slow" }
assert(cfg == nil and cerr:find("accepted: quick"), cerr)
assert(ext.resolve_model { model = "local:small", reasoning = "quick", tool_choice = { name = "echo" } })
local nocfg, e2 = ext.resolve_model { tool_choice = "sometimes" }
assert(nocfg == nil and e2:find("tool_choice must be"), e2)
local opaque = ext.resolve_model { tool_choice = "none" }
ok = pcall(function() return opaque.provider end)
assert(not ok, "the model config must be opaque")

local info, ierr = ext.session_info()
assert(info == nil and ierr == "no session host is available")`)

	luaCheck(t, nil, `
local info = panto.ext.session_info()
assert(info.id == "s9" and info.directory == "/w" and info.model == "p:m" and info.reasoning == nil)`,
		func(o *Options) { o.Session = &SessionInfo{ID: "s9", Directory: "/w", Model: "p:m"} })
}

type fakeTerminal struct{ events []string }

func (f *fakeTerminal) Suspend() error { f.events = append(f.events, "suspend"); return nil }
func (f *fakeTerminal) Resume() error  { f.events = append(f.events, "resume"); return nil }

func TestRunForeground(t *testing.T) {
	files := map[string]string{"extensions/fg.lua": `
local panto = require("panto")
return { name = "fg", activate = function()
  local ok, err = pcall(panto.ext.run_foreground, { argv = { "true" } })
  assert(not ok and err:find("run_foreground is available only inside a TUI slash%-command handler"), err)
  for _, bad in ipairs({
    { {}, "'argv' must be an array of strings, got nil" },
    { { argv = {} }, "'argv' must not be empty" },
    { { argv = { "a", nil, "c" } }, "must be a dense array" },
    { { argv = { "a", 3 } }, "argv%[2%] must be a string, got number" },
    { { argv = { "a\0b" } }, "argv%[1%] contains a NUL byte" },
  }) do
    local ok, err = pcall(panto.ext.run_foreground, bad[1])
    assert(not ok and err:find(bad[2]), err)
  end
  panto.ext.register_command { name = "fg", description = "d", handler = function(args)
    local r = panto.ext.run_foreground { argv = { "sh", "-c", args } }
    local parts = {}
    for _, k in ipairs({ "success", "exit_code", "signal" }) do parts[#parts + 1] = k .. "=" .. tostring(r[k]) end
    return table.concat(parts, " ")
  end }
end }`}
	th := hostWith(t, files)
	th.expectNoProblems(t)
	if _, err := th.RunCommand(context.Background(), "/fg exit 0"); err == nil || !strings.Contains(err.Error(), "only inside a TUI") {
		t.Errorf("without a TUI: %v", err)
	}
	term := &fakeTerminal{}
	th = hostWith(t, files, func(o *Options) { o.Terminal = term })
	if out := th.command(t, "/fg exit 3"); out != "success=false exit_code=3 signal=nil" {
		t.Errorf("got %q", out)
	}
	if out := th.command(t, "/fg kill -9 $$"); out != "success=false exit_code=nil signal=9" {
		t.Errorf("got %q", out)
	}
	if out := th.command(t, "/fg exit 0"); out != "success=true exit_code=0 signal=nil" {
		t.Errorf("a clean exit: got %q", out)
	}
	if strings.Join(term.events, ",") != "suspend,resume,suspend,resume,suspend,resume" {
		t.Errorf("terminal events %v", term.events)
	}
}

func TestDirsInStandardSetup(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "work", "proj")
	files := map[string]string{
		filepath.Join(proj, ".panto", "extensions", "d.lua"): `
local dirs = require("panto").ext.dirs
local names = {}
for _, l in ipairs(dirs.layers) do names[#names + 1] = l.name .. "=" .. l.dir end
print(dirs.home, dirs.project_root)
print(table.concat(names, "\n"))
return { name = "d", activate = function() end }`,
	}
	for p, c := range files {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(c), 0o644)
	}
	setup, err := discover.Standard(discover.Options{Cwd: proj, Getenv: func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	h, err := New(context.Background(), Options{Setup: setup, Stdout: &out, Stderr: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	want := home + "\t" + proj + "\n" +
		"user=" + filepath.Join(home, ".config", "panto") + "\n" +
		"project=" + filepath.Join(proj, ".panto") + "\n" +
		"local=" + filepath.Join(proj, ".panto", "local") + "\n"
	if out.String() != want {
		t.Errorf("printed:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestRocks(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, "data")
	tree := filepath.Join(data, "panto", "rocks", "lua-5.4.7")
	lay := filepath.Join(root, "layer")
	for p, c := range map[string]string{
		filepath.Join(tree, "share", "lua", "5.4", "rockext.lua"): `
local lib = require("rocklib")
return { name = "rockext", activate = function()
  require("panto").ext.register_command { name = "rock", description = "d", handler = function() return lib.hello() end }
end }`,
		filepath.Join(tree, "share", "lua", "5.4", "rocklib.lua"): `return { hello = function() return "hello from a rock" end }`,
		filepath.Join(tree, "lib", "lua", "5.4", "lpeg.so"):       "ELF",
		filepath.Join(lay, "config.toml"):                         "[extensions]\nrocks = [\"rockext\", \"rocklib\", \"lpeg\", \"missing\"]\n",
	} {
		t.Run(p, func(t *testing.T) {
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(c), 0o644)
		})
	}
	setup, err := discover.Folder(lay, discover.Options{Cwd: lay, Getenv: func(k string) string {
		if k == "XDG_DATA_HOME" {
			return data
		}
		return ""
	}})
	if err != nil {
		t.Fatal(err)
	}
	th := &testHost{}
	h, err := New(context.Background(), Options{Setup: setup, Stdout: &th.out, Stderr: &th.out, Report: func(p Problem) { th.reported = append(th.reported, p) }})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	th.Host = h
	if out := th.command(t, "/rock"); out != "hello from a rock" {
		t.Errorf("got %q", out)
	}
	got := th.problems()
	if !strings.Contains(got, `rock "lpeg" skipped`) || !strings.Contains(got, `rock "missing" skipped`) || len(th.reported) != 2 {
		t.Errorf("problems:\n%s", got)
	}
}
