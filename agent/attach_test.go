package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/agent/conv"
	"panto/permission"
)

func TestParseMentions(t *testing.T) {
	cases := []struct {
		text string
		want []Mention
	}{
		{"explain @main.go", []Mention{{"main.go", 8, 16}}},
		{"@a.go and @dir/b.go.", []Mention{{"a.go", 0, 5}, {"dir/b.go", 10, 19}}},
		{"see (@x.lua), thanks", nil}, // "(" before the @: not a mention
		{"see @x.lua, thanks", []Mention{{"x.lua", 4, 10}}},
		{"mail me at a@b.com", nil},
		{"a lone @ here", nil},
		{`read @"my notes.txt" now`, []Mention{{"my notes.txt", 5, 20}}},
		{`@"unclosed quote`, nil},
		{"tab\t@~/notes.md\n", []Mention{{"~/notes.md", 4, 15}}},
		{"@~", nil},
		{"@...", nil},
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			got := ParseMentions(c.text)
			if len(got) != len(c.want) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("mention %d: got %+v, want %+v", i, got[i], c.want[i])
				}
			}
		})
	}
}

func FuzzParseMentions(f *testing.F) {
	for _, s := range []string{"explain @main.go", `@"a b" @c.`, "x@y @", "@\"\n\"", "\u00a0@é.go"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		last := 0
		for _, m := range ParseMentions(text) {
			if m.Start < last || m.End > len(text) || m.Start >= m.End || text[m.Start] != '@' {
				t.Fatalf("bad range %+v in %q", m, text)
			}
			if m.Path == "" || !strings.Contains(text[m.Start:m.End], m.Path) {
				t.Fatalf("path %q not in %q", m.Path, text[m.Start:m.End])
			}
			last = m.End
		}
	})
}

// TestAttach: each kind of @path, what the model is given and what the
// transcript row says; the block reads back as the same attachment.
func TestAttach(t *testing.T) {
	long := strings.Repeat("a line\n", attachMaxLines+5)
	wide := strings.Repeat("0123456789", attachMaxBytes/10+100) // one line past the byte cap
	ts := newSession(t, map[string]string{
		"turns.jsonl":    "",
		"src/main.go":    "package main\n\nfunc main() {}\n",
		"long.txt":       long,
		"wide.txt":       wide,
		"blob.bin":       "PK\x03\x04\x00\x00binary",
		"notes/a.md":     "a",
		"notes/b/c.md":   "c",
		"with space.txt": "spaced\n",
	})
	ctx := context.Background()
	cases := []struct {
		name, text string
		kind       string
		body       []string // in the block
		summary    string
	}{
		{"file", "explain @src/main.go please", "file", []string{`<file path="src/main.go" lines="3" size="29">`, "func main() {}\n</file>"}, "src/main.go (3 lines)"},
		{"lines cut", "@long.txt", "file", []string{`lines="2000"`, `cut="true"`, "[cut: the first 2000 lines (13.7 KiB) of 13.7 KiB are attached"}, "long.txt (the first 2000 lines of a 13.7 KiB file)"},
		{"bytes cut", "@wide.txt", "file", []string{`cut="true"`, "the first 1 line (50.0 KiB) of 51.0 KiB are attached"}, "wide.txt (the first 1 line of a 51.0 KiB file)"},
		{"binary", "@blob.bin", "binary", []string{`binary="true"`, "[a binary file of 12 bytes: its contents were not attached]"}, "blob.bin: a binary file (12 bytes), not attached"},
		{"folder", "@notes", "folder", []string{`<folder path="notes" entries="2">`, "a.md\nb/\n</folder>"}, "notes (2 entries)"},
		{"quoted", `@"with space.txt"`, "file", []string{"spaced\n</file>"}, "with space.txt (1 line)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			blocks, atts, err := ts.Attach(ctx, c.text)
			if err != nil {
				t.Fatal(err)
			}
			if len(blocks) != 1 || len(atts) != 1 {
				t.Fatalf("%d blocks, %d attachments", len(blocks), len(atts))
			}
			for _, want := range c.body {
				if !strings.Contains(blocks[0].Text, want) {
					t.Errorf("the block lacks %q:\n%.600s", want, blocks[0].Text)
				}
			}
			if atts[0].Kind != c.kind || atts[0].Summary() != c.summary {
				t.Errorf("attachment %+v: %q, want kind %s %q", atts[0], atts[0].Summary(), c.kind, c.summary)
			}
			back, ok := AttachmentOf(blocks[0])
			if want := atts[0]; !ok || back.Summary() != want.Summary() || back.Path != want.Path || back.Kind != want.Kind {
				t.Errorf("read back %+v (%v), want %+v", back, ok, want)
			}
		})
	}
	if len(long) != 14035 || len(wide) != 52200 {
		t.Fatalf("the sizes the expectations were worked out for changed: %d %d", len(long), len(wide))
	}
	t.Run("missing", func(t *testing.T) {
		_, _, err := ts.Attach(ctx, "fix @nope.go")
		if err == nil || err.Error() != "@nope.go: no such file or folder" {
			t.Errorf("err %v", err)
		}
	})
	t.Run("typed text is not an attachment", func(t *testing.T) {
		if _, ok := AttachmentOf(conv.TextBlock("explain @src/main.go")); ok {
			t.Error("the typed text read as an attachment")
		}
	})
}

// TestAttachOutsideTheProject: a path outside the project is read only
// as the read tool would be: headless, the policy's ask is a refusal
// that names the rule; with an asker, the user's answer decides, and
// "for this session" is not asked again.
func TestAttachOutsideTheProject(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	t.Run("headless", func(t *testing.T) {
		home := t.TempDir()
		ts := newSession(t, map[string]string{"turns.jsonl": ""}, withPolicy(t, permission.Default, nil, nil), func(o *Options) {
			o.Setup.Home, o.Setup.ConfigHome = home, filepath.Join(home, ".config", "panto")
		})
		_, _, err := ts.Attach(ctx, "@"+outside)
		if err == nil || !strings.Contains(err.Error(), "cannot ask") || !strings.Contains(err.Error(), "outside the project") {
			t.Errorf("err %v", err)
		}
		// The hint names the user's own config file, as a tool call's does.
		if file := "~/.config/panto/config.toml"; err == nil || !strings.HasSuffix(err.Error(), "allow in "+file) {
			t.Errorf("err %v, want the hint to name %q", err, file)
		}
		if _, atts, err := ts.Attach(ctx, "@turns.jsonl"); err != nil || len(atts) != 1 {
			t.Errorf("a file inside the project: %v %v", atts, err)
		}
	})
	t.Run("asked", func(t *testing.T) {
		var asked []permission.Question
		answer := permission.Answer{}
		ask := func(_ context.Context, q permission.Question) permission.Answer {
			asked = append(asked, q)
			return answer
		}
		ts := newSession(t, map[string]string{"turns.jsonl": ""}, withPolicy(t, permission.Default, nil, ask))
		if _, _, err := ts.Attach(ctx, "@"+outside); err == nil || !strings.Contains(err.Error(), "the user denied") {
			t.Errorf("denied: %v", err)
		}
		if len(asked) != 1 || asked[0].Call.Tool != "read" || asked[0].Call.Path != outside {
			t.Fatalf("asked %+v", asked)
		}
		answer = permission.Answer{Allow: true, Scope: permission.Session}
		blocks, _, err := ts.Attach(ctx, "@"+outside)
		if err != nil || !strings.Contains(blocks[0].Text, "outside\n</file>") {
			t.Fatalf("allowed: %v %v", blocks, err)
		}
		if _, _, err := ts.Attach(ctx, "@"+outside); err != nil || len(asked) != 2 {
			t.Errorf("asked again after allow for this session: %d questions, %v", len(asked), err)
		}
	})
}

// TestAttachedPrompt: the model is sent the typed text and the file;
// user_message handlers and the event see the typed text, the event
// lists the attachment, and the session's summary names the prompt as
// typed.
func TestAttachedPrompt(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"expect": {"user": "func main() {}"}, "text": "seen"}` + "\n",
		"main.go":     "package main\n\nfunc main() {}\n",
		"extensions/up.lua": `local panto = require("panto")
return { name = "up", activate = function()
  panto.ext.on("user_message", function(e) e.text = e.text:upper() end)
end }`,
	})
	ctx := context.Background()
	text := "explain @main.go"
	blocks, _, err := ts.Attach(ctx, text)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ts.Start(ctx, append([]conv.Block{conv.TextBlock(text)}, blocks...))
	if err != nil {
		t.Fatal(err)
	}
	if res := ts.Wait(ctx, r); res.Text != "seen" {
		t.Fatalf("result %+v", res)
	}
	msgs := ts.Agent().Conversation().Messages
	typed, atts := Attachments(msgs[0].Blocks)
	if len(typed) != 1 || typed[0].Text != "EXPLAIN @MAIN.GO" || len(atts) != 1 || atts[0].Path != "main.go" {
		t.Errorf("stored %+v", msgs[0].Blocks)
	}
	var ev Event
	for _, e := range ts.events {
		if e.Type == "user_message" {
			ev = e
		}
	}
	list, _ := ev.Fields["attachments"].([]any)
	if ev.Fields["text"] != "EXPLAIN @MAIN.GO" || len(list) != 1 || list[0].(map[string]any)["summary"] != "main.go (3 lines)" {
		t.Errorf("event %+v", ev.Fields)
	}
	if turns := ts.UserTurns(); len(turns) != 1 || turns[0].Text != "EXPLAIN @MAIN.GO" {
		t.Errorf("/rewind lists %+v", turns)
	}
	infos, err := ts.Store().List()
	if err != nil || len(infos) != 1 || infos[0].LastUserMessage != "EXPLAIN @MAIN.GO" {
		t.Errorf("listing %+v %v", infos, err)
	}
}
