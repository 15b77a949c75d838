package agent

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"panto/extension/discover"
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

// TestExportPath: a name is taken from the project folder, "~/" from the
// home folder, and an absolute path as it is.
func TestExportPath(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the table's paths are Unix ones")
	}
	s := &Session{setup: &discover.Setup{Home: "/home/me"}, cwd: "/work/proj"}
	for in, want := range map[string]string{
		"s.html":         "/work/proj/s.html",
		"../out/s.md":    "/work/out/s.md",
		"~/exports/s.md": "/home/me/exports/s.md",
		"~":              "/home/me",
		"/tmp/s.html":    "/tmp/s.html",
		"~x/s.html":      "/work/proj/~x/s.html",
	} {
		if got := s.exportPath(in); got != filepath.FromSlash(want) {
			t.Errorf("exportPath(%q) = %q, want %q", in, got, want)
		}
	}
}
