package agent

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/agent/conv"
)

// TestAttachmentSummaryUnits: the transcript row's sizes switch unit at
// exactly 1 KiB and 1 MiB, and counts of one are singular.
func TestAttachmentSummaryUnits(t *testing.T) {
	for _, c := range []struct {
		at   Attachment
		want string
	}{
		{Attachment{Path: "b", Kind: "binary", Size: 1}, "b: a binary file (1 byte), not attached"},
		{Attachment{Path: "b", Kind: "binary", Size: 1023}, "b: a binary file (1023 bytes), not attached"},
		{Attachment{Path: "b", Kind: "binary", Size: 1024}, "b: a binary file (1.0 KiB), not attached"},
		{Attachment{Path: "b", Kind: "binary", Size: 1536}, "b: a binary file (1.5 KiB), not attached"},
		{Attachment{Path: "b", Kind: "binary", Size: 1024*1024 - 1}, "b: a binary file (1024.0 KiB), not attached"},
		{Attachment{Path: "b", Kind: "binary", Size: 1024 * 1024}, "b: a binary file (1.0 MiB), not attached"},
		{Attachment{Path: "b", Kind: "binary", Size: 3 * 1024 * 1024}, "b: a binary file (3.0 MiB), not attached"},
		{Attachment{Path: "d", Kind: "folder", Entries: 1}, "d (1 entry)"},
		{Attachment{Path: "d", Kind: "folder", Entries: 0}, "d (0 entries)"},
		{Attachment{Path: "d", Kind: "folder", Entries: 250, Cut: true}, "d (first 200 of 250 entries)"},
		{Attachment{Path: "f", Kind: "file", Lines: 1}, "f (1 line)"},
		{Attachment{Path: "f", Kind: "file", Lines: 2, Size: 2048, Cut: true}, "f (the first 2 lines of a 2.0 KiB file)"},
	} {
		if got := c.at.Summary(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.at, got, c.want)
		}
	}
}

// TestAttachEdges: files and folders at the edges of what @path
// attaches, what the model is given for each, and that each block reads
// back as the attachment it is.
func TestAttachEdges(t *testing.T) {
	var many []string
	files := map[string]string{
		"turns.jsonl": "",
		"empty.txt":   "",
		"twolines":    "a\nb",
		"latin1.txt":  "caf\xe9 au lait\n",
		// A two-byte rune across the sniffed head's end is still text.
		"straddle.txt": strings.Repeat("x", attachSniff-1) + "é\n",
		"nul.txt":      strings.Repeat("x", attachSniff-1) + "\x00",
		"late-nul.txt": strings.Repeat("x", attachSniff) + "\x00\n",
		// NUL is valid UTF-8: only the NUL test tells this one.
		"nul-first.bin": "\x00abc\n",
		"one/only.md":   "x",
		// Exactly the line cap, and one byte more.
		"exact.txt": strings.Repeat("l\n", attachMaxLines),
		"over.txt":  strings.Repeat("l\n", attachMaxLines) + "x",
	}
	for i := range attachMaxEntries + 5 {
		n := fmt.Sprintf("big/f%03d", i)
		files[n] = "x"
		many = append(many, fmt.Sprintf("f%03d", i))
	}
	ts := newSession(t, files)
	outside := filepath.Join(t.TempDir(), "out.txt")
	if err := os.WriteFile(outside, []byte("far away\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		name, text string
		kind       string
		body       []string
		summary    string
	}{
		{"empty file", "@empty.txt", "file", []string{"<file path=\"empty.txt\">\n\n</file>"}, "empty.txt (0 lines)"},
		{"no final newline", "@twolines", "file", []string{`<file path="twolines" lines="2" size="3">` + "\na\nb\n</file>"}, "twolines (2 lines)"},
		{"not UTF-8", "@latin1.txt", "binary", []string{`binary="true" size="13"`, "a binary file of 13 bytes"}, "latin1.txt: a binary file (13 bytes), not attached"},
		{"rune across the sniffed head", "@straddle.txt", "file", []string{`lines="1"`, "xé\n</file>"}, "straddle.txt (1 line)"},
		{"NUL in the head", "@nul.txt", "binary", []string{`binary="true"`}, "nul.txt: a binary file (8.0 KiB), not attached"},
		{"NUL as the first byte", "@nul-first.bin", "binary", []string{`binary="true" size="5"`}, "nul-first.bin: a binary file (5 bytes), not attached"},
		{"NUL past the head", "@late-nul.txt", "file", []string{`lines="1"`}, "late-nul.txt (1 line)"},
		{"exactly the line cap", "@exact.txt", "file", []string{`<file path="exact.txt" lines="2000" size="4000">`}, "exact.txt (2000 lines)"},
		{"one byte past the line cap", "@over.txt", "file", []string{`lines="2000" size="4001" cut="true"`, "l\nl\n[cut: the first 2000 lines (3.9 KiB) of 3.9 KiB are attached"}, "over.txt (the first 2000 lines of a 3.9 KiB file)"},
		{"folder of one", "@one", "folder", []string{"<folder path=\"one\" entries=\"1\">\nonly.md\n</folder>"}, "one (1 entry)"},
		{"folder cut", "@big", "folder", []string{`entries="205" cut="true"`, strings.Join(many[:attachMaxEntries], "\n") + "\n[cut: the first 200 of 205 entries]\n</folder>"}, "big (first 200 of 205 entries)"},
		{"outside the project", "@" + outside, "file", []string{fmt.Sprintf("<file path=%q", outside), "far away"}, outside + " (1 line)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			blocks, atts, err := ts.Attach(ctx, "look at "+c.text)
			if err != nil {
				t.Fatal(err)
			}
			if len(blocks) != 1 || len(atts) != 1 {
				t.Fatalf("%d blocks, %d attachments", len(blocks), len(atts))
			}
			for _, want := range c.body {
				if !strings.Contains(blocks[0].Text, want) {
					t.Errorf("the block lacks %q:\n%.400s", want, blocks[0].Text)
				}
			}
			if got := atts[0].Summary(); atts[0].Kind != c.kind || got != c.summary {
				t.Errorf("kind %s %q, want %s %q", atts[0].Kind, got, c.kind, c.summary)
			}
			back, ok := AttachmentOf(blocks[0])
			if !ok || back.Summary() != atts[0].Summary() || back.Kind != atts[0].Kind {
				t.Errorf("read back %+v (%v), want %+v", back, ok, atts[0])
			}
		})
	}
	t.Run("a path named twice is attached once", func(t *testing.T) {
		blocks, atts, err := ts.Attach(ctx, "@twolines and @./twolines and @one")
		if err != nil {
			t.Fatal(err)
		}
		if len(blocks) != 2 || atts[0].Path != "twolines" || atts[1].Path != "one" {
			t.Errorf("%d blocks: %+v", len(blocks), atts)
		}
	})
	t.Run("one missing mention attaches nothing", func(t *testing.T) {
		blocks, atts, err := ts.Attach(ctx, "@twolines @gone.txt")
		if err == nil || err.Error() != "@gone.txt: no such file or folder" || blocks != nil || atts != nil {
			t.Errorf("%v %d %d", err, len(blocks), len(atts))
		}
	})
	t.Run("home folder", func(t *testing.T) {
		home := t.TempDir()
		t.Setenv("HOME", home)
		if err := os.WriteFile(filepath.Join(home, "notes.md"), []byte("mine\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		blocks, atts, err := ts.Attach(ctx, "@~/notes.md")
		if err != nil {
			t.Fatal(err)
		}
		if atts[0].Path != filepath.Join(home, "notes.md") || !strings.Contains(blocks[0].Text, "mine") {
			t.Errorf("%+v %q", atts[0], blocks[0].Text)
		}
	})
}

// TestAttachmentsSplit: a user message's blocks split into what was
// typed and what was attached, in order; a text that only looks like an
// attachment (no closing tag, a bad attribute) is typed text.
func TestAttachmentsSplit(t *testing.T) {
	file := attachTag(Attachment{Path: "a.go", Kind: "file", Lines: 1, Size: 2}, "x")
	folder := attachTag(Attachment{Path: "d", Kind: "folder", Entries: 1}, "e")
	blocks := []conv.Block{
		conv.TextBlock("explain @a.go and @d"),
		conv.TextBlock(file),
		conv.TextBlock("<file path=\"a.go\">\nno closing tag"),
		conv.TextBlock("<file path=\"a.go\">\nx\n</folder>"),
		conv.TextBlock(folder),
		{Type: conv.Image, MediaType: "image/png", Data: "x"},
	}
	typed, atts := Attachments(blocks)
	if len(typed) != 4 || typed[0].Text != "explain @a.go and @d" || typed[3].Type != conv.Image {
		t.Errorf("typed %+v", typed)
	}
	if len(atts) != 2 || atts[0].Path != "a.go" || atts[0].Lines != 1 || atts[0].Size != 2 || atts[1].Kind != "folder" || atts[1].Entries != 1 {
		t.Errorf("attachments %+v", atts)
	}
	if m := (conv.Message{Role: conv.User, Blocks: blocks[:2]}); PromptText(&m) != "explain @a.go and @d" {
		t.Errorf("prompt text %q", PromptText(&m))
	}
	f := userFields("hi", blocks[1:2])
	list, _ := f["attachments"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["summary"] != "a.go (1 line)" {
		t.Errorf("user_message fields %v", f)
	}
	if _, ok := userFields("hi", nil)["attachments"]; ok {
		t.Error("attachments listed for a message without any")
	}
	if !HasMentions("see @a.go") || HasMentions("mail a@b.c") {
		t.Error("HasMentions")
	}
}

// TestParseMentionsEmptyQuotes: @"" names no path (it would otherwise
// attach the whole project folder), while @"x" names x.
func TestParseMentionsEmptyQuotes(t *testing.T) {
	if got := ParseMentions(`say @"" please`); len(got) != 0 {
		t.Errorf(`@"": %+v`, got)
	}
	if got := ParseMentions(`say @"x" please`); len(got) != 1 || got[0] != (Mention{"x", 4, 8}) {
		t.Errorf(`@"x": %+v`, got)
	}
}
