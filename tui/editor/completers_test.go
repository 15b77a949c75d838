package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func texts(c Completion) string {
	var out []string
	for _, it := range c.Items {
		out = append(out, it.Text)
	}
	return strings.Join(out, "|")
}

func TestCommandsCompleter(t *testing.T) {
	cmds := Commands(func() []Item {
		return []Item{{Text: "/new", Description: "new session"}, {Text: "/model", Description: "pick"}, {Text: "/mcp"}}
	})
	for _, c := range []struct{ text, want string }{
		{"/m", "/mcp |/model "}, {"/", "/mcp |/model |/new "}, {"/model x", ""}, {"m", ""}, {" /m", ""},
	} {
		if got := texts(cmds(c.text, len(c.text))); got != c.want {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
}

func TestPathsCompleter(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"tui/screen/screen.go", "tui/screen/painter.go", "tui/term/term.go", "README.md", ".git/HEAD"} {
		os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(root, p), nil, 0o644)
	}
	paths := Paths(root, 0)
	for _, c := range []struct {
		text string
		from int
		want string
	}{
		{"look at @tu", 8, "@tui/"},
		{"look at @tui/s", 8, "@tui/screen/"},
		{"@tui/screen/", 0, "@tui/screen/painter.go |@tui/screen/screen.go "},
		{"@r", 0, "@README.md "},
		{"@", 0, "@README.md |@tui/"},
		{"@.g", 0, "@.git/"},
		{"@../", 0, ""},
		{"no at sign", 0, ""},
	} {
		got := paths(c.text, len(c.text))
		if texts(got) != c.want || (c.want != "" && got.From != c.from) {
			t.Errorf("%q: %q from %d, want %q from %d", c.text, texts(got), got.From, c.want, c.from)
		}
	}
	// through the editor: Tab goes into folders, one level at a time
	e := New(Options{Complete: Chain(Commands(func() []Item { return nil }), paths)})
	feed(e, "see @tu"+tab+"te"+tab)
	if show(e) != "see @tui/term/|" {
		t.Errorf("got %q", show(e))
	}
}
