package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/agent/conv"
	"panto/extension/discover"
	"panto/permission"
)

// TestBoneSystemPromptAppendsAreParagraphs: each before_turn hook's
// system_prompt_append is a paragraph of its own after the prompt panto
// built (and after the previous hook's), never glued to its last word.
func TestBoneSystemPromptAppendsAreParagraphs(t *testing.T) {
	init := `
bone.on("before_turn", function() return { system_prompt_append = "RULE-A" } end)
bone.on("before_turn", function() return { system_prompt_append = "RULE-B" } end)
`
	turns := `{"expect": {"system": "\n\nRULE-A\n\nRULE-B"}, "events": [{"text": "ok"}]}` + "\n"
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("go"); res.Err != nil || res.Text != "ok" {
		t.Fatalf("%+v", res)
	}
}

// TestBoneShellWithoutPolicy: a Go embedder's session without a
// permission policy runs every call, so ctx.shell and ctx.write_file
// work there without asking anyone.
func TestBoneShellWithoutPolicy(t *testing.T) {
	code := `ctx.write_file("made.txt", "abc") return ctx.shell("cat made.txt").stdout`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns([]string{code})}, map[string]string{".bone-rust/init.lua": probeTool})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	if got, _ := resultOf(t, ts, "p0"); got != "abc" {
		t.Errorf("p0: %q, want %q", got, "abc")
	}
}

// TestBoneAgentMaxTokensReachesRequest: ctx.agent.run's max_tokens is
// the bound the sub-agent's requests carry on the wire (here an
// OpenAI-compatible server on 127.0.0.1), and a run without it keeps the
// model's own bound.
func TestBoneAgentMaxTokensReachesRequest(t *testing.T) {
	var mu sync.Mutex
	var bounds []any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		json.Unmarshal(raw, &body)
		mu.Lock()
		bound, ok := body["max_tokens"]
		if !ok {
			bound = body["max_completion_tokens"]
		}
		bounds = append(bounds, bound)
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		for _, s := range []string{
			`{"choices":[{"index":0,"delta":{"role":"assistant","content":"bounded"}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
			"[DONE]",
		} {
			fmt.Fprintf(w, "data: %s\n\n", s)
		}
	}))
	defer srv.Close()
	config := scriptConfig + "\n[providers.local]\nprotocol = \"openai-completions\"\nbase_url = \"" + srv.URL + "/v1\"\nmodels = { w = \"worker-model\" }\n"
	run := `local a = ctx.agent.run("hi", { provider = "local", model = "w", max_tokens = 77 })
local b = ctx.agent.run("hi", { provider = "local", model = "w" })
return tostring(a.content) .. " " .. tostring(b.content)`
	ts, _ := boneSession(t, map[string]string{"config.toml": config, "turns.jsonl": probeTurns([]string{run})}, map[string]string{".bone-rust/init.lua": probeTool})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	if got, _ := resultOf(t, ts, "p0"); got != "bounded bounded" {
		t.Fatalf("p0: %q", got)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(bounds) != 2 || fmt.Sprint(bounds[0]) != "77" || fmt.Sprint(bounds[1]) == "77" {
		t.Errorf("the requests' bounds: %v, want 77 and then the model's own", bounds)
	}
}

// commandThenNotice runs a slash line as the terminal UI does and turns
// the loop until a notice containing want has come.
func (ts *testSession) commandThenNotice(line, want string) (string, error) {
	ts.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out string
	var err error
	ran := false
	ts.Post(func() {
		out, err = ts.Host().RunCommand(ctx, line)
		ran = true
	})
	if lerr := ts.RunLoop(ctx, func() bool { return ran && (err != nil || ts.hasNotice(want)) }); lerr != nil {
		ts.t.Fatalf("%s: no notice %q: %v (output %q, error %v, notices %q)", line, want, lerr, out, err, ts.allNotices())
	}
	return out, err
}

// TestBoneConfigApplyEdges: config.apply when the session's model left
// the configuration gives way to the new [models] default; when the new
// configuration does not load, the switch fails with a notice that says
// why, and no session_switch is reported.
func TestBoneConfigApplyEdges(t *testing.T) {
	init := `
local function rewrite(ctx, from, to)
    local file = ctx.cwd .. "/config.toml"
    local f = assert(io.open(file, "r"))
    local text = f:read("a")
    f:close()
    f = assert(io.open(file, "w"))
    f:write((text:gsub(from, to)))
    f:close()
end
bone.register_command("rename", function(args, ctx)
    rewrite(ctx, "m = \"fake%-model%-1\"", "n = \"fake-model-3\"")
    rewrite(ctx, "default = \"fake:m\"", "default = \"fake:n\"")
    return { action = "config.apply" }
end)
bone.register_command("break", function(args, ctx)
    rewrite(ctx, "%[models%]", "[models")
    return { action = "config.reload_tools" }
end)
`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": ""}, map[string]string{".bone-rust/init.lua": init})
	if out, err := ts.commandThenSwitch("/rename"); err != nil || out != "applying the configuration" {
		t.Fatalf("/rename: %q %v", out, err)
	}
	if m := ts.Agent().Model(); m == nil || m.ID != "fake-model-3" {
		t.Fatalf("config.apply did not give way to the new default: %+v", m)
	}
	switches := ts.eventCount("session_switch")
	if _, err := ts.commandThenNotice("/break", "bone: reload failed: "); err != nil {
		t.Fatal(err)
	}
	if n := ts.eventCount("session_switch"); n != switches {
		t.Errorf("a failed switch was reported as a session_switch (%d, was %d)", n, switches)
	}
}

// TestBoneConversationLoadIDTypes: a conversation_id that is neither a
// string nor a number fails the command with what it should be; a
// number is taken as its text, as Lua's tostring writes it.
func TestBoneConversationLoadIDTypes(t *testing.T) {
	init := `bone.register_command("load", function(args)
    local id = { "x" }
    if args == "number" then id = 12345 end
    return { action = "conversation.load", conversation_id = id }
end)`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": ""}, map[string]string{".bone-rust/init.lua": init})
	_, err := ts.command("/load")
	if err == nil || !strings.Contains(err.Error(), "conversation_id must be a string, got table") {
		t.Fatalf("/load: %v", err)
	}
	_, err = ts.command("/load number")
	if err == nil || !strings.Contains(err.Error(), `no session "12345"`) {
		t.Fatalf("/load number: %v", err)
	}
}

// TestBoneToolsCallJudgesCommandAndPath: ctx.tools.call judges a tool
// that names its command or path field (the standard shell and write)
// by that command or path, as the model's own call would be: a rule
// like shell(echo via-tools) or write(ok.txt) allows exactly that.
func TestBoneToolsCallJudgesCommandAndPath(t *testing.T) {
	call := func(tool, input string) string {
		return `local r = ctx.tools.call("` + tool + `", ` + input + `) return tostring(r.ok) .. " " .. tostring(r.content)`
	}
	codes := []string{
		call("shell", `{ command = "echo via-tools" }`),
		call("shell", `{ command = "echo other" }`),
		call("write", `{ path = "ok.txt", content = "x" }`),
		call("write", `{ path = "no.txt", content = "x" }`),
	}
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns(codes)}, map[string]string{".bone-rust/init.lua": probeTool},
		bonePolicy(t, permission.Default, []string{"allow shell(echo via-tools)", "allow write(ok.txt)"}, nil))
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatal(res.Err)
	}
	for id, want := range map[string]string{
		"p0": "true via-tools",
		"p1": "false permission denied",
		"p2": "true ",
		"p3": "false permission denied",
	} {
		if got, _ := resultOf(t, ts, id); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want %q...", id, got, want)
		}
	}
}

// TestBoneBeforeTurnAfterNew: /new rebuilds the Lua state and runs
// bone's files again; the new state's before_turn hook is the one that
// runs, once per request (the old state's is gone).
func TestBoneBeforeTurnAfterNew(t *testing.T) {
	init := `bone.on("before_turn", function() return { system_prompt_append = "HOOK-" .. tostring(bone.cwd ~= nil) } end)`
	turns := `{"expect": {"system": "\n\nHOOK-true"}, "events": [{"text": "one"}]}
{"expect": {"system": "\n\nHOOK-true"}, "events": [{"text": "two"}]}
`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("first"); res.Err != nil || res.Text != "one" {
		t.Fatalf("%+v", res)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	res := ts.prompt("second")
	if res.Err != nil || res.Text != "two" {
		t.Fatalf("after /new: %+v", res)
	}
}

// TestBoneQuietHooks: a before_turn hook that returns nothing (one that
// only looks) changes nothing and is no problem; ctx.config.set_value
// on an empty YAML file writes the key.
func TestBoneQuietHooks(t *testing.T) {
	init := probeTool + `
bone.on("before_turn", function(ev, ctx) ctx.state.set("looked", #ev.messages) end)
`
	setEmpty := `
local dir = ctx.config_dir .. "/config"
os.execute("mkdir -p '" .. dir .. "'")
local f = assert(io.open(dir .. "/empty.yaml", "w")) f:close()
ctx.config.set_value("empty", "a.b", 5)
return tostring(ctx.config.get("empty", "a.b")) .. " " .. tostring(ctx.state.get("looked"))`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns([]string{setEmpty})}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("go"); res.Err != nil || res.Text != "probed" {
		t.Fatalf("%+v", res)
	}
	if got, _ := resultOf(t, ts, "p0"); got != "5 1" {
		t.Errorf("p0: %q, want %q", got, "5 1")
	}
	for _, n := range ts.allNotices() {
		if strings.Contains(n, "before_turn") {
			t.Errorf("a quiet hook was reported: %q", n)
		}
	}
}

// TestBoneLoadedToolMessages: conversation.load keeps a tool message's
// call id, tool name and error mark, and a system message is stored
// as panto's own message, so the loaded session reads as it was given.
func TestBoneLoadedToolMessages(t *testing.T) {
	init := `bone.register_command("import", function()
    return { action = "conversation.load", messages = {
        { role = "system", content = "be brief" },
        { role = "user", content = "read it" },
        { role = "assistant", blocks = { { type = "tool_call", id = "t1", name = "read", input = { path = "a" } } } },
        { role = "tool", tool_call_id = "t1", tool_name = "read", is_error = true, content = "no such file" },
    } }
end)`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": ""}, map[string]string{".bone-rust/init.lua": init})
	if _, err := ts.commandThenSwitch("/import"); err != nil {
		t.Fatal(err)
	}
	a := ts.Agent()
	a.mu.Lock()
	msgs := append([]conv.Message(nil), a.conv.Messages...)
	a.mu.Unlock()
	if len(msgs) != 4 {
		t.Fatalf("%d messages loaded: %+v", len(msgs), msgs)
	}
	if m := msgs[0]; m.Role != conv.System || m.Text() != "be brief" {
		t.Errorf("system message: %+v", m)
	}
	if m := msgs[3]; m.Role != conv.Tool || m.ToolCallID != "t1" || m.ToolName != "read" || !m.IsError || m.Text() != "no such file" {
		t.Errorf("tool message: %+v", m)
	}
	// The stored session holds the same messages: resuming it reads
	// them back, the system message included.
	id := ts.ID()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ts.Resume(ctx, id); err != nil {
		t.Fatal(err)
	}
	a = ts.Agent()
	a.mu.Lock()
	defer a.mu.Unlock()
	if n := len(a.conv.Messages); n != 4 || a.conv.Messages[0].Role != conv.System || a.conv.Messages[3].ToolName != "read" {
		t.Errorf("resumed: %+v", a.conv.Messages)
	}
}

// TestBoneStateClearOneKey: ctx.state.clear(key) forgets that key only.
func TestBoneStateClearOneKey(t *testing.T) {
	code := `ctx.state.set("one_a", 1) ctx.state.set("one_b", 2) ctx.state.clear("one_a")
return tostring(ctx.state.get("one_a")) .. " " .. tostring(ctx.state.get("one_b"))`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns([]string{code})}, map[string]string{".bone-rust/init.lua": probeTool})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	if got, _ := resultOf(t, ts, "p0"); got != "nil 2" {
		t.Errorf("p0: %q, want %q", got, "nil 2")
	}
}

// TestBoneConfigApplyKeepsChosenModel: config.apply resolves the
// session's own model again, not the default: a session switched to
// another provider stays there.
func TestBoneConfigApplyKeepsChosenModel(t *testing.T) {
	config := scriptConfig + `
[providers.other]
protocol = "script"
script = "other.jsonl"
models = { o = "other-model" }
`
	init := `bone.register_command("apply", function() return { action = "config.apply" } end)`
	ts, _ := boneSession(t, map[string]string{"config.toml": config, "turns.jsonl": "", "other.jsonl": ""}, map[string]string{".bone-rust/init.lua": init})
	if err := ts.SetModel("other:o", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.commandThenSwitch("/apply"); err != nil {
		t.Fatal(err)
	}
	if m := ts.Agent().Model(); m == nil || m.ID != "other-model" {
		t.Errorf("config.apply moved the session to %+v", m)
	}
}

// TestBoneHostBindingArguments: the bone layer's own bindings (the
// panto.bone module) name a wrong argument by its position, as Lua's
// own functions do, instead of failing somewhere deeper.
func TestBoneHostBindingArguments(t *testing.T) {
	codes := []string{
		`local ok, err = pcall(require("panto.bone").before_request, 5) return tostring(ok) .. " " .. tostring(err)`,
		`local ok, err = pcall(require("panto.bone").with_max_tokens, nil, 5) return tostring(ok) .. " " .. tostring(err)`,
	}
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns(codes)}, map[string]string{".bone-rust/init.lua": probeTool})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	for id, want := range map[string]string{
		"p0": "false bad argument #1 to 'panto.bone.before_request' (function expected, got number)",
		"p1": "false with_max_tokens: expected a model configuration, got nil",
	} {
		if got, _ := resultOf(t, ts, id); got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
}

// TestBoneToolFilterReachesTheModel: a before_turn tool_filter keeps
// the other tools out of the request the model gets (here an
// OpenAI-compatible server on 127.0.0.1), not only out of the calls
// panto will run, so the model is never offered a tool it may not call.
func TestBoneToolFilterReachesTheModel(t *testing.T) {
	var mu sync.Mutex
	var offered [][]string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body struct {
			Tools []struct {
				Function struct {
					Name string `json:"name"`
				} `json:"function"`
			} `json:"tools"`
		}
		json.Unmarshal(raw, &body)
		var names []string
		for _, tool := range body.Tools {
			names = append(names, tool.Function.Name)
		}
		mu.Lock()
		offered = append(offered, names)
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		for _, s := range []string{
			`{"choices":[{"index":0,"delta":{"role":"assistant","content":"filtered"}}]}`,
			`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
			"[DONE]",
		} {
			fmt.Fprintf(w, "data: %s\n\n", s)
		}
	}))
	defer srv.Close()
	config := "[providers.local]\nprotocol = \"openai-completions\"\nbase_url = \"" + srv.URL + "/v1\"\nmodels = { w = \"worker-model\" }\n\n[models]\ndefault = \"local:w\"\n"
	init := `bone.on("before_turn", function() return { action = "tool_filter", tools = { "read" } } end)`
	ts, _ := boneSession(t, map[string]string{"config.toml": config}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("go"); res.Err != nil || res.Text != "filtered" {
		t.Fatalf("%+v\nnotices %q", res, ts.allNotices())
	}
	mu.Lock()
	defer mu.Unlock()
	if len(offered) != 1 || strings.Join(offered[0], ",") != "read" {
		t.Errorf("the tools offered to the model: %q, want only read", offered)
	}
}

// TestBoneReplacedMessageWithBadBlocks: a conversation_replace message
// whose blocks do not convert is refused with a notice that says which
// message and block, and the request goes out as panto built it; it is
// never sent with that message emptied of its blocks.
func TestBoneReplacedMessageWithBadBlocks(t *testing.T) {
	init := `
bone.on("before_turn", function()
    return { conversation_replace = {
        { role = "user", content = "kept question" },
        { role = "user", blocks = { { type = "text", text = 7 } } },
    } }
end)
`
	turns := `{"expect": {"messages": 1, "user": "go"}, "events": [{"text": "as built"}]}` + "\n"
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("go"); res.Err != nil || res.Text != "as built" {
		t.Fatalf("%+v\nnotices %q", res, ts.allNotices())
	}
	if want := "before_turn: message 2: block 1: 'text' must be a string, got number"; !ts.hasNotice(want) {
		t.Errorf("no notice %q: %q", want, ts.allNotices())
	}
}

// TestBoneHostBindingResults: the panto.bone bindings return exactly
// their documented values: judge without a permission policy one true,
// announce nothing (a caller counting results with select('#', ...)
// would see anything else).
func TestBoneHostBindingResults(t *testing.T) {
	codes := []string{
		`local pb = require("panto.bone") return select('#', pb.judge({ tool = "shell" })) .. " " .. tostring((pb.judge({ tool = "shell" })))`,
		`return select('#', require("panto.bone").announce("hello from the probe"))`,
	}
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns(codes)}, map[string]string{".bone-rust/init.lua": probeTool})
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	for id, want := range map[string]string{"p0": "1 true", "p1": "0"} {
		if got, _ := resultOf(t, ts, id); got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
}

// TestBoneBeforeTurnSeesNoToolsAsAList: a before_turn event's tools
// is a list even when an earlier handler's tool_filter left none, so
// cjson.encode gives [] as bone's own event would, not {}.
func TestBoneBeforeTurnSeesNoToolsAsAList(t *testing.T) {
	init := `
bone.on("before_turn", function() return { tool_filter = {} } end)
bone.on("before_turn", function(e) return { system_prompt_append = "TOOLS=" .. cjson.encode(e.tools) } end)
`
	turns := `{"expect": {"system": "TOOLS=[]"}, "events": [{"text": "ok"}]}` + "\n"
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("go"); res.Err != nil || res.Text != "ok" {
		t.Fatalf("%+v\nnotices %q", res, ts.allNotices())
	}
}

// TestBoneSkipsTheBaseLayersBoneFolder: the base layer's bone/ folder
// never runs as a layer's bone code, even for a base layer that has a
// folder on disk (discover.Options.BaseDir): only the user's, the
// project's and a run's layers bring bone code.
func TestBoneSkipsTheBaseLayersBoneFolder(t *testing.T) {
	base := t.TempDir()
	if err := os.MkdirAll(filepath.Join(base, "bone"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(base, "bone", "init.lua"), []byte(`bone.register_command("basebone", function() return { display = "ran" } end)`), 0o644); err != nil {
		t.Fatal(err)
	}
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": ""}, map[string]string{".bone-rust/init.lua": ""}, func(o *Options) {
		l := o.Setup.Layers[0]
		if l.Name != discover.Base {
			t.Fatalf("the first layer is %q, not the base layer", l.Name)
		}
		l.Dir = base
		l.Resources = append(l.Resources, discover.Resource{Path: "bone/init.lua"})
	})
	if out, err := ts.command("/basebone"); err == nil {
		t.Errorf("the base layer's bone/init.lua ran: /basebone answered %q", out)
	}
}
