package agent

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"panto/agent/conv"
	"panto/permission"
)

// TestRunShellEdges: a failing command's exit code is recorded; output
// past the cap keeps its first 50 KiB on a rune boundary and says so;
// without a shell tool the command is refused and nothing is recorded.
func TestRunShellEdges(t *testing.T) {
	ts := newSession(t, map[string]string{"turns.jsonl": ""}, withPolicy(t, permission.Yolo, nil, nil))
	ctx := context.Background()

	res, err := runShell(t, ts, ctx, "echo nope; exit 3")
	if err != nil || !strings.Contains(res.Output, "nope\n[exit code: 3]") {
		t.Fatalf("failing command: %+v %v", res, err)
	}
	back, ok := ShellCommandOf(&ts.Agent().Conversation().Messages[0])
	if !ok || back.OK != res.OK || back.Command != "echo nope; exit 3" || !strings.Contains(back.Output, "[exit code: 3]") {
		t.Errorf("recorded %+v %v", back, ok)
	}

	// A shell tool of the project's own (the standard one keeps its
	// output under the cap) answers one ASCII byte, then two-byte runes:
	// the cap falls inside a rune.
	own := newSession(t, map[string]string{"turns.jsonl": "", "tools/shell.lua": `return { name = "shell", description = "d",
  schema = { type = "object", properties = { command = { type = "string" } } },
  handler = function(input) return "x" .. string.rep("é", 30600) end }`})
	res, err = runShell(t, own, ctx, "anything")
	if err != nil || !res.OK {
		t.Fatalf("long output: %v %v", res.OK, err)
	}
	kept, note, found := strings.Cut(res.Output, "\n[cut: ")
	if !found {
		t.Fatalf("no cut note at the end of %d bytes: %.80q", len(res.Output), res.Output[max(0, len(res.Output)-80):])
	}
	if len(kept) > shellCapBytes || len(kept) < shellCapBytes-1 || !utf8.ValidString(kept) || !strings.HasPrefix(kept, "xé") {
		t.Errorf("kept %d bytes (valid UTF-8: %v), want the first whole runes of the first %d", len(kept), utf8.ValidString(kept), shellCapBytes)
	}
	if note != "the first 50.0 KiB of 59.8 KiB of output are kept]" {
		t.Errorf("note %q", note)
	}

	bare := newSession(t, map[string]string{"turns.jsonl": ""})
	if _, err := runShell(t, bare, ctx, "echo hi"); err == nil || err.Error() != "no shell tool is registered (the standard tools are off)" {
		t.Errorf("without a shell tool: %v", err)
	}
	if n := bare.Agent().Conversation().Len(); n != 0 {
		t.Errorf("%d messages recorded", n)
	}
}

// TestShellCommandOfOthers: only a message RunShell wrote reads back as
// a command; a user message that merely looks like one does not.
func TestShellCommandOfOthers(t *testing.T) {
	good := shellTag(ShellResult{Command: `say "hi"`, Output: "hi\n", OK: true})
	for _, c := range []struct {
		name string
		m    conv.Message
		ok   bool
	}{
		{"recorded", conv.Message{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(good)}}, true},
		{"assistant", conv.Message{Role: conv.Assistant, Blocks: []conv.Block{conv.TextBlock(good)}}, false},
		{"two blocks", conv.Message{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(good), conv.TextBlock("more")}}, false},
		{"no closing tag", conv.Message{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(strings.TrimSuffix(good, "</shell-command>"))}}, false},
		{"image", conv.Message{Role: conv.User, Blocks: []conv.Block{{Type: conv.Image, Data: good}}}, false},
		{"typed", conv.Message{Role: conv.User, Blocks: []conv.Block{conv.TextBlock("<shell-command command=\"ls\" ok=\"maybe\">\n</shell-command>")}}, false},
	} {
		got, ok := ShellCommandOf(&c.m)
		if ok != c.ok {
			t.Errorf("%s: read back %v, want %v", c.name, ok, c.ok)
		}
		if ok && (got.Command != `say "hi"` || got.Output != "hi" || !got.OK) {
			t.Errorf("%s: %+v", c.name, got)
		}
		if m := c.m; ok && PromptText(&m) != `!say "hi"` {
			t.Errorf("%s: prompt text %q", c.name, PromptText(&m))
		}
	}
}
