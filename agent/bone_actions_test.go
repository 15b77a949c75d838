package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
)

// TestBoneConversationLoad: conversation.load with a stored session's
// id resumes it once the command has returned (as /resume does), with
// only messages starts a new stored session holding them, and a bad id
// fails the command with the error, switching nothing.
func TestBoneConversationLoad(t *testing.T) {
	init := `
bone.register_command("load", function(args, ctx)
    return { action = "conversation.load", conversation_id = args }
end)
bone.register_command("import", function(args, ctx)
    return { action = "conversation.load", conversation_id = args, display = "imported", messages = {
        { role = "user", content = "imported question" },
        { role = "assistant", content = "imported answer" },
    } }
end)
bone.register_command("empty", function() return { action = "conversation.load" } end)
`
	turns := `{"events": [{"text": "first answer"}]}
{"expect": {"messages": 3, "user": "and then"}, "events": [{"text": "continued"}]}
{"expect": {"messages": 3, "user": "after import"}, "events": [{"text": "continued import"}]}
`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("first question"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	first := ts.ID()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	second := ts.ID()

	for _, c := range []struct{ line, err string }{
		{"/load nosuchsession", "ids come from ctx.session.list"},
		{"/empty", "give conversation_id"},
	} {
		if _, err := ts.command(c.line); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want an error with %q", c.line, err, c.err)
		}
	}
	if out, err := ts.command("/load " + second); err != nil || !strings.Contains(out, "is the current one") {
		t.Errorf("/load of the current session: %q %v", out, err)
	}
	if ts.ID() != second || ts.eventCount("session_switch") != 0 {
		t.Fatalf("a failed or idle load switched the session: %s", ts.ID())
	}

	out, err := ts.commandThenSwitch("/load " + first[:8])
	if err != nil || out != "resuming session "+first {
		t.Fatalf("/load: %q %v", out, err)
	}
	if ts.ID() != first {
		t.Fatalf("after /load the session is %s, want %s", ts.ID(), first)
	}
	if got := convTexts(ts); got != "user:first question|assistant:first answer" {
		t.Errorf("the loaded conversation: %s", got)
	}
	if res := ts.prompt("and then"); res.Err != nil || res.Text != "continued" {
		t.Fatalf("a turn after the load: %+v", res)
	}

	// An id panto's store does not know, with messages: a new session.
	out, err = ts.commandThenSwitch("/import bone-conversation-7")
	if err != nil || out != "imported" {
		t.Fatalf("/import: %q %v", out, err)
	}
	if id := ts.ID(); id == first || id == second {
		t.Fatalf("the import did not start a new session: %s", id)
	}
	if got := convTexts(ts); got != "user:imported question|assistant:imported answer" {
		t.Errorf("the imported conversation: %s", got)
	}
	stored, err := ts.Store().Load(ts.ID())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(stored.ActiveBranch("").Messages); n != 2 {
		t.Errorf("the store keeps %d messages of the import, want 2", n)
	}
	if res := ts.prompt("after import"); res.Err != nil || res.Text != "continued import" {
		t.Fatalf("a turn after the import: %+v", res)
	}
	if _, err := ts.command("/load " + first); err != nil {
		t.Fatalf("the commands are there after the switch (bone's init.lua ran again): %v", err)
	}
}

// convTexts is the session agent's conversation as "role:text|...".
func convTexts(ts *testSession) string {
	var parts []string
	for _, m := range ts.Agent().Conversation().Messages {
		parts = append(parts, string(m.Role)+":"+m.Text())
	}
	return strings.Join(parts, "|")
}

// TestBoneConfigActions: config.reload_tools reruns every extension and
// bone file (a tool registered since appears); config.apply also reads
// config.toml again and resolves the session's model against it, so a
// changed model id is what the next request asks for.
func TestBoneConfigActions(t *testing.T) {
	init := `
if io.open(bone.config_dir .. "/extra.flag", "r") then
    bone.register_tool({ name = "extra", description = "appears after a reload", parameters = { type = "object" },
        execute = function() return "extra" end })
end
bone.register_command("addtool", function(args, ctx)
    local f = assert(io.open(ctx.config_dir .. "/extra.flag", "w"))
    f:close()
    return { action = "config.reload_tools" }
end)
bone.register_command("newmodel", function(args, ctx)
    local file = ctx.cwd .. "/config.toml"
    local f = assert(io.open(file, "r"))
    local text = f:read("a")
    f:close()
    f = assert(io.open(file, "w"))
    f:write((text:gsub("fake%-model%-1", "fake-model-2")))
    f:close()
    return { action = "config.apply", display = "applied" }
end)
`
	turns := `{"expect": {"model": "fake-model-1"}, "events": [{"text": "one"}]}
{"expect": {"model": "fake-model-2"}, "events": [{"text": "two"}]}
`
	ts, home := boneSession(t, map[string]string{"turns.jsonl": turns}, map[string]string{".bone-rust/init.lua": init})
	hasTool := func(name string) bool {
		for _, tool := range ts.Host().Tools() {
			if tool.Name == name {
				return true
			}
		}
		return false
	}
	if hasTool("extra") {
		t.Fatal("the extra tool exists before its flag")
	}
	out, err := ts.commandThenSwitch("/addtool")
	if err != nil || out != "reloading tools" {
		t.Fatalf("/addtool: %q %v", out, err)
	}
	if _, err := os.Stat(filepath.Join(home, ".bone-rust", "extra.flag")); err != nil {
		t.Fatal(err)
	}
	if !hasTool("extra") {
		t.Fatal("config.reload_tools did not run init.lua again")
	}
	if res := ts.prompt("before apply"); res.Err != nil || res.Text != "one" {
		t.Fatalf("%+v", res)
	}
	if out, err := ts.commandThenSwitch("/newmodel"); err != nil || out != "applied" {
		t.Fatalf("/newmodel: %q %v", out, err)
	}
	if m := ts.Agent().Model(); m == nil || m.ID != "fake-model-2" {
		t.Fatalf("config.apply left the model at %+v", m)
	}
	if res := ts.prompt("after apply"); res.Err != nil || res.Text != "two" {
		t.Fatalf("%+v", res)
	}
}

// TestBoneActionsWhileRunning: a command that would switch the session
// while a turn runs fails at once with what to do, and nothing switches.
func TestBoneActionsWhileRunning(t *testing.T) {
	init := `
bone.register_command("reloadnow", function() return { action = "config.reload_tools" } end)
bone.register_command("applynow", function() return { action = "config.apply" } end)
bone.register_command("loadnow", function(args) return { action = "conversation.load", conversation_id = args } end)
`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": `{"events": [{"text": "x"}]}` + "\n"}, map[string]string{".bone-rust/init.lua": init})
	a := ts.Agent()
	a.mu.Lock()
	a.running = true
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		a.running = false
		a.mu.Unlock()
	}()
	for _, line := range []string{"/reloadnow", "/applynow", "/loadnow " + ts.ID()} {
		if _, err := ts.command(line); err == nil || !strings.Contains(err.Error(), "a turn is running") {
			t.Errorf("%s: %v, want a turn-is-running error", line, err)
		}
	}
}

// TestBoneLoadWithoutStore: with --no-session nothing can be loaded,
// and bad messages fail the command; neither switches the session.
func TestBoneLoadWithoutStore(t *testing.T) {
	init := `
bone.register_command("load", function(args) return { action = "conversation.load", conversation_id = args } end)
bone.register_command("bad", function() return { action = "conversation.load", messages = { { role = "robot", content = "x" } } } end)
`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": `{"events": [{"text": "x"}]}` + "\n"}, map[string]string{".bone-rust/init.lua": init},
		func(o *Options) { o.NoSession = true })
	for line, want := range map[string]string{
		"/load abc": "sessions are not kept in this run (--no-session)",
		"/bad":      "role must be user, assistant, system or tool",
	} {
		if _, err := ts.command(line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", line, err, want)
		}
	}
	if n := ts.eventCount("session_switch"); n != 0 {
		t.Errorf("%d switches", n)
	}
}

// TestBoneLoadMessagesWhileRunning: the switch conversation.load posts
// runs after its command has returned, so a turn may have started by
// then (a prompt sent right after the command); the switch then fails
// instead of replacing the conversation under the running turn.
func TestBoneLoadMessagesWhileRunning(t *testing.T) {
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": `{"events": [{"text": "x"}]}` + "\n"}, map[string]string{".bone-rust/init.lua": ""})
	before := ts.ID()
	a := ts.Agent()
	a.mu.Lock()
	a.running = true
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		a.running = false
		a.mu.Unlock()
	}()
	// No loop turn runs meanwhile: the test is the owner here.
	msgs := []conv.Message{{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("loaded")}}}
	err := ts.loadMessages(context.Background(), msgs)
	if err == nil || !strings.Contains(err.Error(), "a turn is running") {
		t.Errorf("loadMessages: %v, want a turn-is-running error", err)
	}
	if ts.ID() != before || ts.Agent().Conversation().Len() != 0 {
		t.Errorf("the session switched to %s with %d messages", ts.ID(), ts.Agent().Conversation().Len())
	}
}
