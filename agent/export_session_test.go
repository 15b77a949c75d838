package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExport: /export writes the whole current branch, the messages a
// compaction summarised included, to the default name in the project
// folder or to a name given relative to it, and says where.
func TestExport(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": `{"text": "first <answer>"}
{"text": "second"}
{"expect": {"purpose": "compaction"}, "text": "SUMMARY"}
`,
	})
	ts.prompt("q1 & <b>" + long)
	ts.prompt("q2 " + long)
	if err := ts.Compact(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	if ts.Agent().Conversation().Offloaded == 0 {
		t.Fatal("nothing was compacted away")
	}
	p, err := ts.Export("")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(ts.dir, "panto-session-"+ts.ID()+".html"); p != want {
		t.Errorf("wrote %s, want %s", p, want)
	}
	page, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"q1 &amp; &lt;b&gt;word", "first &lt;answer&gt;", "second", "SUMMARY"} {
		if !strings.Contains(string(page), s) {
			t.Errorf("the page lacks %q", s)
		}
	}
	os.Mkdir(filepath.Join(ts.dir, "notes"), 0o755)
	p, err = ts.Export("notes/s.md")
	if err != nil || p != filepath.Join(ts.dir, "notes", "s.md") {
		t.Fatalf("%s, %v", p, err)
	}
	if md, _ := os.ReadFile(p); !strings.Contains(string(md), " UTC*\n\nq1 & <b>word") {
		t.Errorf("markdown %.600q", md)
	}
	if _, err := ts.Export("missing/s.html"); err == nil || !strings.Contains(err.Error(), filepath.Join(ts.dir, "missing")) {
		t.Errorf("a missing folder: %v", err)
	}
}
