package agent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestBoneCommandResults: each return shape of a bone command handler.
func TestBoneCommandResults(t *testing.T) {
	init := `
bone.register_command("show", { description = "display only", handler = function(args, ctx)
    return { display = "shown " .. tostring(args), submit = false }
end })
bone.register_command("both", function(args, ctx) return { display = "sent too" } end)
bone.register_command("md", function(args, ctx) return { display = "**bold**", display_role = "assistant", submit = false } end)
bone.register_command("mdreplace", function()
    return { action = "conversation.replace", messages = { { role = "user", content = "kept" } }, display = "# replaced", display_role = "assistant" }
end)
bone.register_command("none", function(args, ctx) return nil end)
bone.register_command("replace", function(args, ctx)
    return { action = "conversation.replace", messages = { { role = "user", content = "only this" }, { role = "assistant", content = "and this" } } }
end)
bone.register_command("switch", function(args) return { action = "config.switch_provider", provider = args } end)
bone.register_command("bogus", function() return { action = "nope" } end)
`
	config := scriptConfig + `
[providers.other]
protocol = "script"
script = "other.jsonl"
models = { o = "other-model" }
`
	turns := `{"expect": {"user": "sent too"}, "events": [{"text": "got it"}]}
{"events": [{"text": "second"}]}
`
	other := `{"expect": {"model": "other-model"}, "events": [{"text": "from other"}]}
`
	ts, _ := boneSession(t, map[string]string{"config.toml": config, "turns.jsonl": turns, "other.jsonl": other}, map[string]string{".bone-rust/init.lua": init})
	for _, c := range []struct {
		line, out string
		markdown  bool
		err       string
	}{
		{"/show x", "shown x", false, ""},
		{"/md", "**bold**", true, ""},
		{"/mdreplace", "# replaced", true, ""},
		{"/none", "", false, ""},
		{"/bogus", "", false, "unknown action 'nope'"},
	} {
		out, err := ts.commandOutput(c.line)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.line, err, c.err)
			}
			continue
		}
		if err != nil || out.Text != c.out || out.Markdown != c.markdown {
			t.Errorf("%s: %+v %v, want %q (markdown %v)", c.line, out, err, c.out, c.markdown)
		}
	}
	if _, ok := ts.runQueued(); ok {
		t.Fatal("a display-only command submitted something")
	}
	if _, err := ts.command("/both"); err != nil {
		t.Fatal(err)
	}
	if res, ok := ts.runQueued(); !ok || res.Text != "got it" {
		t.Fatalf("/both: %v %+v", ok, res)
	}
	out, err := ts.command("/replace")
	if err != nil || !strings.Contains(out, "replaced") {
		t.Fatalf("/replace: %q %v", out, err)
	}
	a := ts.Agent()
	a.mu.Lock()
	k := a.conv.LastCompaction()
	summary := ""
	if k >= 0 {
		summary = a.conv.Messages[k].Text()
	}
	a.mu.Unlock()
	if !strings.Contains(summary, "[user] only this") || !strings.Contains(summary, "[assistant] and this") {
		t.Errorf("replace did not compact with the messages: %q", summary)
	}
	if out, err := ts.command("/switch other"); err != nil || out != "switched to other:o" {
		t.Fatalf("/switch: %q %v", out, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if res, err := ts.Prompt(ctx, "hi"); err != nil || res.Text != "from other" {
		t.Fatalf("after switch: %+v %v", res, err)
	}
}
