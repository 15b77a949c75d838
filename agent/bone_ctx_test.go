package agent

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"panto/permission"
)

// bonePolicy gives a bone session a permission policy over its
// working folder, with rules ("allow shell(echo *)") and an asker.
func bonePolicy(t *testing.T, mode permission.Mode, rules []string, ask func(context.Context, permission.Question) permission.Answer) func(*Options) {
	return func(o *Options) {
		var rs []permission.Rule
		for _, text := range rules {
			d, body, _ := strings.Cut(text, " ")
			dec, err := permission.ParseDecision(d)
			if err != nil {
				t.Fatal(err)
			}
			r, err := permission.ParseRule(body)
			if err != nil {
				t.Fatal(err)
			}
			r.Decision, r.Source = dec, "test"
			rs = append(rs, r)
		}
		pol, err := permission.New(permission.Options{Root: o.Setup.ProjectRoot, Mode: mode, Rules: rs})
		if err != nil {
			t.Fatal(err)
		}
		o.Permissions, o.Ask = pol, ask
	}
}

// probeTool registers "probe", whose execute runs the Lua body given in
// params.code with ctx in scope and returns what it returns.
const probeTool = `
bone.register_tool({
    name = "probe",
    description = "Run a check",
    parameters = { type = "object", properties = { code = { type = "string" } }, required = { "code" } },
    safety = "read_only",
    execute = function(params, ctx)
        local f = assert(load(params.code, "=probe", "t", setmetatable({ ctx = ctx, bone = bone, cjson = cjson }, { __index = _G })))
        local ok, res = pcall(f)
        if not ok then return "ERROR " .. tostring(res) end
        return tostring(res)
    end,
})
`

// probeTurns is a script calling probe once per check, in order.
func probeTurns(codes []string) string {
	var b strings.Builder
	for i, code := range codes {
		in, _ := json.Marshal(code)
		b.WriteString(`{"events": [{"tool_call": {"id": "p` + strconv.Itoa(i) + `", "name": "probe", "input": {"code": ` + string(in) + `}}}]}` + "\n")
	}
	b.WriteString(`{"events": [{"text": "probed"}]}` + "\n")
	return b.String()
}

// TestBoneCtx runs each ctx API from a bone tool in a real turn and
// checks what it returned.
func TestBoneCtx(t *testing.T) {
	cases := []struct{ name, code, want string }{
		{"config_dir", `return ctx.config_dir == bone.config_dir and ctx.config_dir:match("/%.bone%-rust$") ~= nil`, "true"},
		{"call_id", `return ctx.call_id`, "p1"},
		{"cwd", `return ctx.cwd == bone.cwd`, "true"},
		{"fs.exists", `return tostring(ctx.fs.exists("words.txt")) .. tostring(ctx.fs.exists("nope.txt"))`, "truefalse"},
		{"fs.is_file/is_dir", `return tostring(ctx.fs.is_file("words.txt")) .. tostring(ctx.fs.is_dir("sub")) .. tostring(ctx.fs.is_dir("words.txt"))`, "truetruefalse"},
		{"fs.read_dir", `local out = {} for _, e in ipairs(ctx.fs.read_dir("sub")) do out[#out+1] = e.name .. ":" .. e.kind .. ":" .. tostring(e.path:match("/sub/") ~= nil) end return table.concat(out, ",")`, "a.txt:file:true,deeper:dir:true"},
		{"fs.metadata", `local m = ctx.fs.metadata("words.txt") return m.kind .. " " .. m.len .. " " .. tostring(m.readonly)`, "file 20 false"},
		{"read_file", `return ctx.read_file("sub/a.txt")`, "alpha"},
		{"read_file raises", `return ctx.read_file("nope.txt")`, "ERROR "},
		{"write_file", `local ok = ctx.write_file("out/new.txt", "fresh") return tostring(ok) .. ctx.read_file("out/new.txt")`, "truefresh"},
		{"write_file refuses an existing file", `return ctx.write_file("words.txt", "x")`, "already exists"},
		{"shell", `local r = ctx.shell("echo out; echo err >&2; exit 3") return r.stdout .. "|" .. r.stderr .. "|" .. r.exit_code`, "out\n|err\n|3"},
		{"shell_streaming", `local lines = {} local r = ctx.shell_streaming("printf 'a\\nb\\nc'", function(l) lines[#lines+1] = l end) return table.concat(lines, ",") .. " " .. r.exit_code`, "a,b,c 0"},
		{"tools.definitions", `local n = {} for _, d in ipairs(ctx.tools.definitions()) do if d.name == "probe" or d.name == "read" then n[#n+1] = d.name .. "=" .. d.safety .. "=" .. d.parameters.type end end return table.concat(n, ",")`, "probe=read_only=object,read=read_only=object"},
		{"tools.call", `local r = ctx.tools.call("read", { path = "sub/a.txt" }) return tostring(r.ok) .. " " .. r.name .. " " .. tostring(r.is_error) .. " " .. tostring(r.content:find("alpha") ~= nil)`, "true read false true"},
		{"tools.call unknown", `local r = ctx.tools.call("nope", {}) return tostring(r.ok) .. " " .. r.content`, "false unknown tool 'nope'"},
		{"tools.call depth", `local code = "return ctx.tools.call('probe', { code = CODE }).content" local nested = string.format("%q", "return 'bottom'") for i = 1, 5 do nested = string.format("%q", (code:gsub("CODE", function() return nested end))) end return ctx.tools.call("probe", { code = load("return " .. nested)() }).content`, "nested deeper than 4"},
		{"state", `ctx.state.set("k", { n = 1 }) local v = ctx.state.get("k") ctx.state.clear("k") return v.n .. " " .. tostring(ctx.state.get("k"))`, "1 nil"},
		{"state set nil deletes", `ctx.state.set("a", 1) ctx.state.set("b", 2) ctx.state.set("a", nil) return tostring(ctx.state.get("a")) .. " " .. tostring(ctx.state.get("b"))`, "nil 2"},
		{"state clear all", `ctx.state.set("c", 3) ctx.state.clear() return tostring(ctx.state.get("b")) .. " " .. tostring(ctx.state.get("c"))`, "nil nil"},
		{"state refuses functions", `ctx.state.set("f", print)`, "must be JSON data"},
		{"config.get from yaml", `return ctx.config.get("ui", "theme") .. " " .. ctx.config.get("ui", "panes.left")`, "dark files"},
		{"config.get_table absent", `return tostring(ctx.config.get_table("absent"))`, "nil"},
		{"config.set_value", `ctx.config.set_value("prefs", "editor.tab", 4) return ctx.config.get("prefs", "editor.tab")`, "4"},
		{"config.set_value refuses providers", `ctx.config.set_value("providers", "x", 1)`, "config.toml"},
		{"config providers", `local p = ctx.config.list_providers() return p[1].id .. " " .. p[1].model .. " " .. ctx.config.get_table("providers").fake.protocol`, "fake m script"},
		{"config models", `return ctx.config.get("models", "default")`, "fake:m"},
		{"session.current", `local s = ctx.session.current() return tostring(#s.id > 0) .. " " .. s.provider .. " " .. s.model`, "true fake fake-model-1"},
		{"conversation.history", `local h = ctx.conversation.history() return h[1].role .. ":" .. h[1].content .. " " .. h[2].role .. " " .. h[2].tool_calls[1].name`, "user:probe it assistant probe"},
		{"usage.snapshot", `local u = ctx.usage.snapshot() return tostring(u.input_tokens ~= nil) .. " " .. tostring(u.total_tokens >= 0) .. " " .. tostring(u.cost_usd)`, "true true nil"},
		{"db.query refused", `return ctx.db.query("select 1")`, "ctx.db.query is not supported by panto's bone layer"},
		{"ui.key raises headless", `return ctx.ui.key()`, "ctx.ui.key: no terminal is attached"},
		{"ui.width", `return ctx.ui.width()`, "0"},
		{"ui.pane", `return ctx.ui.pane({ title = "t", lines = { "a" } })`, "true"},
		{"ui.notice", `ctx.ui.notice("hello notice") ctx.ui.notify("hello notify", "warn") ctx.ui.status("50%") return "ok"`, "ok"},
		{"log", `ctx.log.warn("logged") return "ok"`, "ok"},
		{"cjson", `return cjson.encode(cjson.decode('{"a":[1,2]}'))`, `{"a":[1,2]}`},
		{"cjson raises", `return cjson.decode("{")`, "cjson.decode: invalid JSON"},
		{"agent_depth", `return bone.agent_depth`, "0"},
		{"headless", `return bone.headless`, "true"},
		{"version", `return bone.version`, "2.2.4"},
	}
	codes := make([]string, len(cases))
	for i, c := range cases {
		codes[i] = c.code
	}
	files := map[string]string{
		"turns.jsonl":      probeTurns(codes),
		"words.txt":        "the quick brown fox\n",
		"sub/a.txt":        "alpha",
		"sub/deeper/b.txt": "beta",
	}
	home := map[string]string{
		".bone-rust/init.lua":       probeTool,
		".bone-rust/config/ui.yaml": "theme: dark\npanes:\n  left: files\n",
	}
	ts, homeDir := boneSession(t, files, home)
	res := ts.prompt("probe it")
	if res.Err != nil || res.Text != "probed" {
		t.Fatalf("turn: %+v\nnotices: %v", res, ts.allNotices())
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, _ := resultOf(t, ts, "p"+strconv.Itoa(i))
			if !strings.Contains(got, c.want) {
				t.Errorf("got %q, want it to contain %q", got, c.want)
			}
			if strings.HasPrefix(c.want, "ERROR") || strings.Contains(c.name, "refuse") || strings.Contains(c.name, "raises") || strings.Contains(c.name, "depth") || strings.Contains(c.name, "existing") {
				return
			}
			if strings.HasPrefix(got, "ERROR") {
				t.Errorf("failed: %s", got)
			}
		})
	}
	for _, n := range []string{"hello notice", "hello notify", "50%", "logged"} {
		if !ts.hasNotice(n) {
			t.Errorf("no notice %q: %v", n, ts.allNotices())
		}
	}
	if b, err := os.ReadFile(filepath.Join(homeDir, ".bone-rust/config/prefs.yaml")); err != nil || !strings.Contains(string(b), "tab: 4") {
		t.Errorf("set_value wrote %q, %v", b, err)
	}
}
