package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportCommand: /export writes the default page in the project
// folder and says where; /export NAME.md writes markdown there.
func TestExportCommand(t *testing.T) {
	u := startUI(t, map[string]string{"turns.jsonl": `{"events": [{"text": "hello <there>"}]}` + "\n"}, 200)
	u.typ("hi\r")
	u.waitFor("hello <there>")
	u.waitForGone("esc to cancel")
	dir := u.s.Host().Session().Directory
	u.typ("/export\r")
	page := filepath.Join(dir, "panto-session-"+u.s.ID()+".html")
	u.waitFor("exported the session to " + page)
	if data, err := os.ReadFile(page); err != nil || !strings.Contains(string(data), "hello &lt;there&gt;") {
		t.Errorf("page: %v %.200q", err, data)
	}
	u.typ("/export \"my notes.md\"\r")
	u.waitFor("exported the session to " + filepath.Join(dir, "my notes.md"))
	if data, err := os.ReadFile(filepath.Join(dir, "my notes.md")); err != nil || !strings.Contains(string(data), "hello <there>") {
		t.Errorf("markdown: %v %.200q", err, data)
	}
	u.typ("/export nowhere/x.html\r")
	u.waitFor("✗ export: cannot write in " + filepath.Join(dir, "nowhere"))
}
