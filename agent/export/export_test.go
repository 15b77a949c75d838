package export

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"panto/agent/conv"
)

// hostile strings: each must reach the page as text and nothing else.
const (
	hUser    = `</script><img src=x onerror=alert(1)> & "quoted" 'single'`
	hAnswer  = "<script>alert('answer')</script>\n**bold** and `code`"
	hThink   = `<style>body{display:none}</style>`
	hTool    = `x"><svg onload=alert(2)>`
	hArgs    = `{"command":"echo </pre><b>2>&1</b>"}`
	hResult  = "</pre></details><iframe src=javascript:alert(3)></iframe>\n```\nfence"
	hError   = `<a href="javascript:alert(4)">HTTP 500</a>`
	hSummary = `<!-- comment --><object data=x>`
	hDir     = `/tmp/<dir onmouseover=alert(5)>`
	hModel   = `p:<m>`
)

func sample() *Session {
	in, out := int64(1200), int64(300)
	return &Session{
		ID: "0193-abc", Directory: hDir, Model: hModel,
		Exported: time.Date(2026, 12, 2, 3, 4, 5, 0, time.UTC),
		Messages: []conv.Message{
			{Role: conv.System, Blocks: []conv.Block{conv.TextBlock("be brief")}},
			{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(hUser),
				{Type: conv.Image, MediaType: "image/png", Data: "iVBORw0KGgo="},
				{Type: conv.Image, MediaType: `image/svg+xml"><script>`, Data: "PHN2Zz4="}}},
			{Role: conv.Compaction, Blocks: []conv.Block{conv.TextBlock(hSummary)}, TokensBefore: 9000},
			{Role: conv.Assistant, Model: "claude-x", Provider: "anthropic", StopReason: conv.StopToolUse,
				Usage: &conv.Usage{Input: in, Output: out, Cost: &conv.Cost{Input: 0.0012, Output: 0.003}},
				Blocks: []conv.Block{
					{Type: conv.Thinking, Text: hThink},
					{Type: conv.Thinking, Redacted: true, Data: "opaque"},
					conv.TextBlock(hAnswer),
					{Type: conv.ToolCall, ID: "call_1", Name: hTool, Arguments: hArgs},
					{Type: conv.ToolCall, ID: "call_2", Name: "ls", Arguments: "not json"},
				}},
			{Role: conv.Tool, ToolCallID: "call_1", ToolName: hTool, IsError: true, Blocks: []conv.Block{conv.TextBlock(hResult)}},
			{Role: conv.Tool, ToolCallID: "orphan", ToolName: "grep", Blocks: []conv.Block{conv.TextBlock("lonely result")}},
			{Role: conv.Assistant, Model: "claude-x", StopReason: conv.StopError, Error: hError},
			{Role: conv.Assistant, Model: "claude-x", StopReason: conv.StopCancelled, Blocks: []conv.Block{conv.TextBlock("partial")}},
		},
		Costs: []conv.Spend{
			{Provider: "anthropic", Model: "claude-x", Usage: conv.Usage{Input: in, Output: out, Cost: &conv.Cost{Input: 0.0012, Output: 0.003}}, Responses: 3, Unpriced: 0},
			{Provider: "local", Model: "qwen", Usage: conv.Usage{Input: 5}, Responses: 1, Unpriced: 1},
		},
	}
}

// allowed are the elements a page may have: nothing that runs, loads
// or embeds anything but the inline images.
var allowed = map[string]bool{
	"html": true, "head": true, "meta": true, "title": true, "style": true, "body": true,
	"header": true, "h1": true, "h2": true, "dl": true, "dt": true, "dd": true, "main": true,
	"section": true, "div": true, "span": true, "time": true, "details": true, "summary": true,
	"pre": true, "p": true, "img": true, "footer": true, "table": true, "tbody": true, "tr": true,
	"th": true, "td": true,
}

func render(t *testing.T, s *Session, f Format) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, s, f); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestHTMLEscapesEverything(t *testing.T) {
	page := render(t, sample(), HTML)
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	images := 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			if !allowed[n.Data] {
				t.Errorf("element <%s> in the page", n.Data)
			}
			for _, a := range n.Attr {
				switch {
				case strings.HasPrefix(strings.ToLower(a.Key), "on"):
					t.Errorf("<%s %s=%q>", n.Data, a.Key, a.Val)
				case a.Key == "href":
					t.Errorf("<%s href=%q>: the page links nowhere", n.Data, a.Val)
				case a.Key == "src":
					images++
					if n.Data != "img" || !strings.HasPrefix(a.Val, "data:image/png;base64,") {
						t.Errorf("<%s src=%q>", n.Data, a.Val)
					}
				}
			}
			if n.Data == "style" && (strings.Contains(n.FirstChild.Data, "url(") || strings.Contains(n.FirstChild.Data, "@import")) {
				t.Error("the style loads something")
			}
		case html.TextNode:
			if n.Parent == nil || n.Parent.Data != "style" {
				text.WriteString(n.Data)
				text.WriteString("\n")
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if images != 1 {
		t.Errorf("%d images, want the one png (the other's type is not shown inline)", images)
	}
	shown := text.String()
	for _, s := range []string{hUser, hAnswer, hThink, hTool, `"command": "echo </pre><b>2>&1</b>"`, hResult, hError, hSummary, hDir, hModel, "be brief", "lonely result", "not json"} {
		if !strings.Contains(shown, s) {
			t.Errorf("the page's text lacks %q", s)
		}
	}
	for _, s := range []string{"⏹ cancelled", "✗ " + hError, "(thinking the provider keeps private)", "tool ls (no result)", "tool " + hTool + " (error)",
		"at least $0.0042 (some responses have no known price)", "no price known", "it replaced about 9000 tokens"} {
		if !strings.Contains(shown, s) {
			t.Errorf("the page lacks %q", s)
		}
	}
}

// TestHTMLStructure: a section per message (a tool result inside its
// call's block, an orphan result on its own), and a cost row per model.
func TestHTMLStructure(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(render(t, sample(), HTML)))
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	var toolBlocks []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			for _, a := range n.Attr {
				if a.Key == "class" {
					count[n.Data+"."+a.Val]++
					if strings.HasPrefix(a.Val, "tool") && n.Data == "details" {
						toolBlocks = append(toolBlocks, n)
					}
				}
			}
			count[n.Data]++
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	// 8 messages, call_1's result shown in its call's block.
	want := map[string]int{"section.msg user": 1, "section.msg assistant": 3, "section.msg tool": 1, "section.msg system": 1,
		"section.msg compaction": 1, "details.thinking": 1, "details.tool failed": 1, "details.tool": 1, "pre.result": 2, "tr": 3, "script": 0}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d, want %d", k, count[k], n)
		}
	}
	if len(toolBlocks) == 2 && !strings.Contains(textOf(toolBlocks[0]), "fence") {
		t.Errorf("the failed call's block lacks its result: %q", textOf(toolBlocks[0]))
	}
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func TestMarkdown(t *testing.T) {
	md := render(t, sample(), Markdown)
	for _, s := range []string{
		"# panto session 0193-abc\n",
		"- Model: `p:<m>`\n",
		"## You\n\n" + hUser + "\n",
		"## Assistant\n",
		hAnswer + "\n",
		"**Tool `" + hTool + "` (error)**\n\n```json\n{\n  \"command\": \"echo </pre><b>2>&1</b>\"\n}\n```\n",
		// The result holds a fence of three backticks: its own has four.
		"````\n" + hResult + "\n````\n",
		"**Tool `ls` (no result)**\n\n```json\nnot json\n```\n",
		"## Tool result\n",
		"**Result of `grep`**\n\n```\nlonely result\n```\n",
		"**✗ Error:**\n\n```\n" + hError + "\n```\n",
		"*⏹ cancelled*",
		"- `anthropic · claude-x`: 3 responses · 1200 input, 300 output, 0 cache read, 0 cache write tokens; $0.0042\n",
		"- `local · qwen`: 1 response · 5 input, 0 output, 0 cache read, 0 cache write tokens; no price known\n",
		"Total: at least $0.0042 (some responses have no known price)\n",
	} {
		if !strings.Contains(md, s) {
			t.Errorf("markdown lacks %q\n%s", s, md)
		}
	}
	if strings.Contains(md, "<html") || strings.Contains(md, "&lt;") {
		t.Error("markdown written as HTML")
	}
}

func TestCodeAndFence(t *testing.T) {
	for in, want := range map[string]string{"ls": "`ls`", "a`b": "``a`b``", "`x": "`` `x ``", "a\nb": "`a b`"} {
		if got := code(in); got != want {
			t.Errorf("code(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFormatAndName(t *testing.T) {
	for p, want := range map[string]Format{"a.md": Markdown, "A.MARKDOWN": Markdown, "a.html": HTML, "a": HTML, "a.md.html": HTML} {
		if FormatFor(p) != want {
			t.Errorf("FormatFor(%q) = %v", p, FormatFor(p))
		}
	}
	if DefaultName("abc") != "panto-session-abc.html" || DefaultName("") != "panto-session-unsaved.html" {
		t.Error(DefaultName("abc"), DefaultName(""))
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	t.Run("html and markdown by name", func(t *testing.T) {
		for name, start := range map[string]string{"s.html": "<!DOCTYPE html>", "s.md": "# panto session"} {
			p := filepath.Join(dir, name)
			if err := WriteFile(p, sample()); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(p)
			if err != nil || !strings.HasPrefix(string(data), start) {
				t.Errorf("%s starts %.30q (%v)", name, data, err)
			}
		}
	})
	t.Run("a missing folder", func(t *testing.T) {
		p := filepath.Join(dir, "nope", "s.html")
		err := WriteFile(p, sample())
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "nope")) || !strings.Contains(err.Error(), "no such file") {
			t.Errorf("error %v", err)
		}
	})
	t.Run("under a file", func(t *testing.T) {
		f := filepath.Join(dir, "plain")
		os.WriteFile(f, []byte("x"), 0o644)
		if err := WriteFile(filepath.Join(f, "s.html"), sample()); err == nil {
			t.Error("no error")
		}
	})
	t.Run("a folder", func(t *testing.T) {
		err := WriteFile(dir, sample())
		if err == nil || !strings.Contains(err.Error(), "is a folder") {
			t.Errorf("error %v", err)
		}
	})
	t.Run("a read-only folder", func(t *testing.T) {
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o500)
		if f, err := os.Create(filepath.Join(ro, "probe")); err == nil {
			f.Close()
			t.Skip("this user can write in a read-only folder (root)")
		}
		err := WriteFile(filepath.Join(ro, "s.html"), sample())
		if err == nil || !strings.Contains(err.Error(), "permission denied") {
			t.Errorf("error %v", err)
		}
	})
	t.Run("a failure part way leaves nothing", func(t *testing.T) {
		sub := filepath.Join(dir, "partial")
		os.Mkdir(sub, 0o755)
		old := filepath.Join(sub, "old.html")
		os.WriteFile(old, []byte("the earlier export"), 0o644)
		writeDoc = func(w io.Writer, s *Session, f Format) error {
			io.WriteString(w, "<!DOCTYPE html><html><body>half")
			return errors.New("disk full")
		}
		defer func() { writeDoc = Write }()
		for _, p := range []string{filepath.Join(sub, "new.html"), old} {
			err := WriteFile(p, sample())
			if err == nil || !strings.Contains(err.Error(), "disk full") || !strings.Contains(err.Error(), p) {
				t.Errorf("%s: error %v", p, err)
			}
		}
		entries, _ := os.ReadDir(sub)
		if len(entries) != 1 || entries[0].Name() != "old.html" {
			t.Errorf("the folder holds %v", entries)
		}
		if data, _ := os.ReadFile(old); string(data) != "the earlier export" {
			t.Errorf("the earlier export became %q", data)
		}
	})
}
