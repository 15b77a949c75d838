package agent

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/agent/store"
	"panto/permission"
	"panto/stdext"
)

// withStd gives a test session the standard tools (task among them).
func withStd(o *Options) { o.Setup.AddBase(stdext.FS(), "") }

// taskCall is a script event calling the task tool.
func taskCall(id, agentName, prompt string) string {
	in, _ := json.Marshal(map[string]string{"description": "test " + id, "prompt": prompt, "subagent_type": agentName})
	return `{"tool_call": {"id": "` + id + `", "name": "task", "input": ` + string(in) + `}}`
}

// subagentEvents are the session's subagent_* events.
func (ts *testSession) subagentEvents() []Event {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var out []Event
	for _, e := range ts.events {
		if strings.HasPrefix(e.Type, "subagent_") {
			out = append(out, e)
		}
	}
	return out
}

// TestSubagentRestrictedAndLinked runs the read-only explorer: its
// request offers its four tools only, a write it tries is refused as a
// tool it does not have (the file stays absent), only its final answer
// reaches the parent, and the parent's tool result links the
// transcript, which the session store keeps under subagents/.
func TestSubagentRestrictedAndLinked(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": strings.Join([]string{
			`{"events": [` + taskCall("t1", "explore", "find the answer") + `]}`,
			`{"expect": {"user": "find the answer", "system": "read-only explorer", "tools": ["read", "grep", "find", "ls"]}, "events": [{"tool_call": {"id": "w", "name": "write", "input": {"path": "pwned.txt", "content": "x"}}}]}`,
			`{"expect": {"tool_result": "unknown tool 'write'"}, "text": "the answer is 42", "usage": {"input": 100, "output": 7}}`,
			`{"expect": {"tool_result": "the answer is 42"}, "text": "done"}`,
		}, "\n"),
	}, withStd)
	res := ts.prompt("go")
	if res.Status != "completed" || res.Text != "done" {
		t.Fatalf("result %+v", res)
	}
	if _, err := os.Stat(filepath.Join(ts.dir, "pwned.txt")); err == nil {
		t.Error("the explorer wrote a file")
	}
	var result *struct {
		text string
		md   json.RawMessage
	}
	for _, m := range toolResults(ts.Agent().Conversation()) {
		if m.ToolCallID == "t1" {
			result = &struct {
				text string
				md   json.RawMessage
			}{m.Text(), m.Metadata}
		}
	}
	if result == nil {
		t.Fatal("no result for t1")
	}
	if !strings.HasPrefix(result.text, "the answer is 42\n\n[subagent explore; 1 tool use;") || strings.Contains(result.text, "pwned") {
		t.Errorf("the parent got %q", result.text)
	}
	var link struct {
		Subagent struct {
			Agent     string `json:"agent"`
			SessionID string `json:"session_id"`
			Path      string `json:"path"`
			Status    string `json:"status"`
		} `json:"subagent"`
	}
	json.Unmarshal(result.md, &link)
	l := link.Subagent
	if l.Agent != "explore" || l.Status != "completed" || l.SessionID == "" {
		t.Fatalf("link %s", result.md)
	}
	if !strings.Contains(result.text, "transcript "+l.SessionID) {
		t.Errorf("the result does not name the transcript: %q", result.text)
	}
	if want := filepath.Join(sessionsDir(ts), "subagents"); filepath.Dir(l.Path) != want {
		t.Errorf("transcript at %s, want under %s", l.Path, want)
	}
	tr, err := store.NewFileStore(filepath.Dir(l.Path)).Load(l.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Header.ParentSession != ts.ID() {
		t.Errorf("transcript's parent %q, want %q", tr.Header.ParentSession, ts.ID())
	}
	var texts []string
	for _, e := range tr.Entries {
		if e.Message != nil {
			texts = append(texts, string(e.Message.Role)+":"+e.Message.Text())
		}
	}
	if got := strings.Join(texts, "|"); !strings.Contains(got, "user:find the answer") || !strings.Contains(got, "assistant:the answer is 42") {
		t.Errorf("transcript messages %s", got)
	}
	// The subagent's events name it and say what it was asked to do, so
	// a display can tell parallel subagents apart.
	subEvs := ts.subagentEvents()
	if len(subEvs) == 0 || subEvs[0].Type != "subagent_start" {
		t.Fatalf("subagent events %v", subEvs)
	}
	if f := subEvs[0].Fields; f["agent"] != "explore" || f["description"] != "test t1" || f["tool_call_id"] != "t1" {
		t.Errorf("subagent_start fields %v", f)
	}
	// The link survives in the parent's own session file.
	parent, err := ts.Store().Load(ts.ID())
	if err != nil {
		t.Fatal(err)
	}
	resultID, found := "", false
	for _, e := range parent.Entries {
		if e.Message != nil && e.Message.ToolCallID == "t1" {
			resultID = e.ID
		}
		if e.Type == store.TypePantoMetadata && e.TargetID == resultID && strings.Contains(string(e.Metadata), l.SessionID) {
			found = true
		}
	}
	if !found {
		t.Error("the parent's session file does not link the transcript")
	}
	// The listing of the user's sessions does not show the transcript.
	infos, _ := ts.Store().List()
	for _, in := range infos {
		if in.ID == l.SessionID {
			t.Error("the transcript is listed among the user's sessions")
		}
	}
	evs := ts.subagentEvents()
	if len(evs) < 3 || evs[0].Type != "subagent_start" || evs[len(evs)-1].Type != "subagent_end" {
		t.Fatalf("events %v", evs)
	}
	if evs[1].Fields["tool_name"] != "write" || evs[0].Fields["tool_call_id"] != "t1" {
		t.Errorf("progress %v", evs[1].Fields)
	}
	if end := evs[len(evs)-1].Fields; end["status"] != "completed" || end["tool_uses"] != 1 {
		t.Errorf("end %v", end)
	}
}

// barrierTool waits until the calls of both subagents have arrived: run
// one after the other, the first would never see the second, and fails
// after a bounded number of loop turns instead of hanging.
const barrierTool = `
local uv = require("luv")
local panto = require("panto")
local count = 0
local function sleep(ms)
  local co = coroutine.running()
  local t = uv.new_timer()
  t:start(ms, 0, function() t:close(); coroutine.resume(co) end)
  coroutine.yield()
end
return {
  name = "barrier", description = "wait for the other", effects = {},
  schema = { type = "object", properties = {} },
  handler = function()
    count = count + 1
    for _ = 1, 3000 do
      if count >= 2 then return "both arrived" end
      sleep(1)
    end
    error("barrier: the other call never arrived", 0)
  end,
}
`

// TestSubagentsRunConcurrently: two task calls in one assistant message
// run at the same time, each subagent on a model of its own (the script
// of each provider is its own sequence, so the interleaving cannot
// disturb them).
func TestSubagentsRunConcurrently(t *testing.T) {
	sub := func(name string) string {
		return `{"events": [{"tool_call": {"id": "b", "name": "barrier", "input": {}}}]}` + "\n" +
			`{"expect": {"tool_result": "both arrived"}, "text": "` + name + ` passed"}`
	}
	ts := newSession(t, map[string]string{
		"config.toml": scriptConfig + `
[providers.fa]
protocol = "script"
script = "a.jsonl"
models = { m = "a-model" }

[providers.fb]
protocol = "script"
script = "b.jsonl"
models = { m = "b-model" }
`,
		"tools/barrier.lua": barrierTool,
		"agents/a.md":       "---\nname: a\ndescription: first\ntools: barrier\nmodel: fa:m\n---\nYou are A.",
		"agents/b.md":       "---\nname: b\ndescription: second\ntools: [barrier]\nmodel: fb:m\n---\nYou are B.",
		"a.jsonl":           sub("A"),
		"b.jsonl":           sub("B"),
		"turns.jsonl": `{"events": [` + taskCall("ta", "a", "go A") + `,` + taskCall("tb", "b", "go B") + `]}` + "\n" +
			`{"text": "both done"}`,
	}, withStd)
	res := ts.prompt("go")
	ts.noProblems()
	if res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
	for id, want := range map[string]string{"ta": "A passed", "tb": "B passed"} {
		text, isErr := resultOf(t, ts, id)
		if isErr || !strings.HasPrefix(text, want) {
			t.Errorf("%s: %q (error %v)", id, text, isErr)
		}
	}
}

// TestSubagentDepthLimit: a subagent's own task call beyond the limit
// ([subagents] max_depth) is refused with an error its model reads.
func TestSubagentDepthLimit(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": strings.Join([]string{
			`{"events": [` + taskCall("t1", "general-purpose", "level one") + `]}`,
			`{"expect": {"user": "level one"}, "events": [` + taskCall("t2", "general-purpose", "level two") + `]}`,
			`{"expect": {"tool_result": "subagents may nest at most 1 deep and this one would be level 2"}, "text": "did it myself"}`,
			`{"expect": {"tool_result": "did it myself"}, "text": "done"}`,
		}, "\n"),
		"config.toml": scriptConfig + "\n[subagents]\nmax_depth = 1\n",
	}, withStd)
	if res := ts.prompt("go"); res.Status != "completed" || res.Text != "done" {
		t.Fatalf("result %+v", res)
	}
}

// TestSubagentUnknownType names the definitions there are.
func TestSubagentUnknownType(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"events": [` + taskCall("t1", "nope", "x") + `]}` + "\n" +
			`{"expect": {"tool_result": "no subagent named 'nope' (defined: explore, general-purpose)"}, "text": "ok"}`,
	}, withStd)
	if res := ts.prompt("go"); res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
}

// blockTool waits until its call is cancelled.
const blockTool = `
local uv = require("luv")
local panto = require("panto")
return {
  name = "block", description = "wait forever", effects = {},
  schema = { type = "object", properties = {} },
  handler = function()
    local co = coroutine.running()
    local t = uv.new_timer()
    t:start(3600000, 0, function() t:close(); coroutine.resume(co) end)
    coroutine.yield()
    return "woke up"
  end,
}
`

// TestSubagentCancelledWithTurn: cancelling the parent's turn (Esc)
// cancels the running subagent, whose end is reported.
func TestSubagentCancelledWithTurn(t *testing.T) {
	var ts *testSession
	var once sync.Once
	ts = newSession(t, map[string]string{
		"tools/block.lua": blockTool,
		"turns.jsonl": `{"events": [` + taskCall("t1", "general-purpose", "wait") + `]}` + "\n" +
			`{"events": [{"tool_call": {"id": "b", "name": "block", "input": {}}}]}`,
	}, withStd, func(o *Options) {
		next := o.OnEvent
		o.OnEvent = func(e Event) {
			next(e)
			if e.Type == "subagent_tool" && e.Fields["tool_name"] == "block" {
				once.Do(func() { go ts.Cancel() })
			}
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := ts.Prompt(ctx, "go")
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != "cancelled" {
		t.Fatalf("result %+v", res)
	}
	// The subagent's end arrives on the owner; turn the loop until it has.
	ended := func() bool {
		for _, e := range ts.subagentEvents() {
			if e.Type == "subagent_end" {
				return true
			}
		}
		return false
	}
	ts.RunLoop(ctx, ended)
	var end map[string]any
	for _, e := range ts.subagentEvents() {
		if e.Type == "subagent_end" {
			end = e.Fields
		}
	}
	if end == nil || end["status"] != "cancelled" {
		t.Fatalf("subagent end %v", end)
	}
	if text, isErr := resultOf(t, ts, "t1"); !isErr {
		t.Errorf("t1 result %q is not an error", text)
	}
}

// voteExtension denies every write through tool_permission.
const voteExtension = `
local panto = require("panto")
return { name = "vote", activate = function()
  panto.ext.on("tool_permission", function(e)
    if e.tool_name == "write" then e.decision = "deny"; e.reason = "the vote says no writes" end
  end)
end }
`

// TestExtensionVoteHoldsForSubagentsAndOwnedAgents: an extension's
// tool_permission vote applies to a subagent's calls and to an owned
// agent's, as to the session agent's (issue 19's leftover).
func TestExtensionVoteHoldsForSubagentsAndOwnedAgents(t *testing.T) {
	t.Run("subagent", func(t *testing.T) {
		ts := newSession(t, map[string]string{
			"extensions/vote.lua": voteExtension,
			"turns.jsonl": strings.Join([]string{
				`{"events": [` + taskCall("t1", "general-purpose", "write it") + `]}`,
				`{"events": [{"tool_call": {"id": "w", "name": "write", "input": {"path": "out.txt", "content": "x"}}}]}`,
				`{"expect": {"tool_result": "the vote says no writes"}, "text": "could not"}`,
				`{"text": "done"}`,
			}, "\n"),
		}, withPolicy(t, permission.Yolo, nil, nil))
		if res := ts.prompt("go"); res.Status != "completed" {
			t.Fatalf("result %+v", res)
		}
		if _, err := os.Stat(filepath.Join(ts.dir, "out.txt")); err == nil {
			t.Error("the subagent wrote despite the vote")
		}
	})
	t.Run("owned agent", func(t *testing.T) {
		ts := newSession(t, map[string]string{
			"extensions/vote.lua": voteExtension,
			"tools/delegate.lua": `
local panto = require("panto")
return {
  name = "delegate", description = "run an owned agent", effects = {},
  schema = { type = "object", properties = {} },
  handler = function()
    local a = panto.agent { tools = { "write" } }
    local s = a:run("write it")
    for _ in s:events() do end
    return s:result().text
  end,
}`,
			"turns.jsonl": strings.Join([]string{
				`{"events": [{"tool_call": {"id": "d", "name": "delegate", "input": {}}}]}`,
				`{"events": [{"tool_call": {"id": "w", "name": "write", "input": {"path": "out.txt", "content": "x"}}}]}`,
				`{"expect": {"tool_result": "the vote says no writes"}, "text": "owned agent could not"}`,
				`{"expect": {"tool_result": "owned agent could not"}, "text": "done"}`,
			}, "\n"),
		}, withPolicy(t, permission.Yolo, nil, nil))
		if res := ts.prompt("go"); res.Status != "completed" || res.Text != "done" {
			t.Fatalf("result %+v", res)
		}
		ts.noProblems()
		if _, err := os.Stat(filepath.Join(ts.dir, "out.txt")); err == nil {
			t.Error("the owned agent wrote despite the vote")
		}
	})
}

// TestRegisterSubagentFromLua: an extension registers a definition
// (bone's register_subagent maps onto this), panto.subagents() lists it
// with its source, and the task tool runs it with its prompt and tools.
func TestRegisterSubagentFromLua(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/reg.lua": `
local panto = require("panto")
return { name = "reg", activate = function()
  panto.register_subagent { name = "lister", description = "lists", prompt = "You list folders.", tools = { "LS" } }
  local ok, err = pcall(panto.register_subagent, { name = "bad name", prompt = "x" })
  assert(not ok and tostring(err):find("must be letters"), tostring(err))
  local seen = {}
  for _, d in ipairs(panto.subagents()) do seen[#seen + 1] = d.name .. "=" .. d.source end
  assert(table.concat(seen, ",") == "explore=builtin,general-purpose=builtin,lister=extension", table.concat(seen, ","))
end }`,
		"turns.jsonl": strings.Join([]string{
			`{"events": [` + taskCall("t1", "lister", "list") + `]}`,
			`{"expect": {"system": "You list folders.", "tools": ["ls"]}, "text": "listed"}`,
			`{"expect": {"tool_result": "listed"}, "text": "done"}`,
		}, "\n"),
	}, withStd)
	ts.noProblems()
	if res := ts.prompt("go"); res.Status != "completed" || res.Text != "done" {
		t.Fatalf("result %+v", res)
	}
}
