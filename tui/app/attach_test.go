package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/permission"
)

// TestAttachFile: Tab completes an @path, the sent prompt carries the
// file (the script model checks it got it), the transcript shows the
// prompt as typed with a row for the file, and a resumed session shows
// the same; a missing file is an error and the prompt goes back into
// the editor.
func TestAttachFile(t *testing.T) {
	u := startUI(t, map[string]string{
		"main.go": "package main\n\nfunc main() {}\n",
		"turns.jsonl": `{"expect": {"user": "func main() {}"}, "text": "a main function"}` + "\n" +
			`{"text": "elsewhere"}` + "\n",
	}, 100)
	u.waitFor("Ask, or type")
	u.typ("explain @ma")
	u.waitFor("main.go") // the menu opens by itself
	u.typ("\t")
	u.waitFor("› explain @main.go")
	u.typ("\r")
	got := u.waitFor("a main function")
	for _, want := range []string{"> explain @main.go", "⎿ attached main.go (3 lines)"} {
		if !strings.Contains(got, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "func main() {}") {
		t.Errorf("the file's contents are shown:\n%s", got)
	}
	u.waitForGone("esc to cancel")

	u.typ("fix @nope.go\r")
	u.waitFor("✗ not sent: @nope.go: no such file or folder")
	u.waitFor("› fix @nope.go")
	u.typ("\x15") // Ctrl-U empties the prompt

	u.newSession()
	u.typ("other\r")
	u.waitFor("elsewhere")
	u.waitForGone("esc to cancel")
	u.typ("/resume\r")
	u.waitFor("Resume a session")
	u.waitFor("explain @main.go") // the picker names the prompt as typed
	u.typ("\r")
	got = u.waitFor("resumed session")
	got = got[strings.LastIndex(got, "resumed session"):]
	at := strings.Index(got, "> explain @main.go")
	if at < 0 || !strings.HasPrefix(strings.TrimLeft(got[at+len("> explain @main.go"):], " \n"), "⎿ attached main.go (3 lines)") {
		t.Errorf("the resumed prompt is not drawn as it was:\n%s", got)
	}
	if strings.Contains(got, "func main() {}") {
		t.Errorf("the resumed transcript shows the file's contents:\n%s", got)
	}
}

// TestAttachOutsideAsks: a file outside the project is read only after
// the permission question the read tool would get; Esc denies it (the
// prompt comes back), Enter on "Allow once" sends it.
func TestAutoMenu(t *testing.T) {
	cases := []struct {
		text string
		pos  int
		want bool
	}{
		{"/", 1, true},
		{"/he", 3, true},
		{"/help me", 8, false},
		{"x /", 3, false},
		{"@", 1, true},
		{"see @src/ma", 11, true},
		{"see @src/ma", 3, false},
		{"mail a@b", 8, false},
		{"é@x", 4, false},
		{"\u00a0@x", 4, true},
	}
	for _, c := range cases {
		if got := autoMenu(c.text, c.pos); got != c.want {
			t.Errorf("autoMenu(%q, %d) = %v", c.text, c.pos, got)
		}
	}
}

func TestAttachOutsideAsks(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "far.txt")
	if err := os.WriteFile(outside, []byte("from afar\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	u := startUI(t, map[string]string{
		"turns.jsonl": `{"expect": {"user": "from afar"}, "text": "read it"}` + "\n",
	}, 200, withPermissions(t, permission.Default))
	u.waitFor("default mode")
	u.typ("look at @" + outside + "\r")
	u.waitFor("Allow once")
	u.typ("\x1b")
	u.waitFor("✗ not sent: @" + outside + ": the user denied this call")
	u.waitForGone("Allow once")
	u.waitFor("› look at @" + outside)
	u.typ("\r")
	u.waitFor("Allow once")
	u.typ("\r")
	got := u.waitFor("read it")
	if !strings.Contains(got, "⎿ attached "+outside+" (1 line)") {
		t.Errorf("no attachment row:\n%s", got)
	}
}
