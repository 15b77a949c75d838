package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRPCExport: RPC export writes the project's session beside it (the
// default page, or the name given, pi's export_html spelling included)
// and answers with the path; a file it cannot write is a failed
// response that says why.
func TestRPCExport(t *testing.T) {
	isolate(t)
	project := t.TempDir()
	inProject(t, project)
	srv := newRecordingServer(t, e2eReplies["anthropic"][1])
	t.Setenv("ANTHROPIC_API_KEY", "sk-export-test")
	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	if code, _, errOut := runCLI(t, "-p", "say <hi>"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, out, errOut := runCLIWithStdin(t, func(w *os.File) {
		w.WriteString(`{"type":"export","id":1}` + "\n")
		w.WriteString(`{"type":"export","id":2,"path":"notes.md"}` + "\n")
		w.WriteString(`{"type":"export_html","id":3,"outputPath":"pi.html"}` + "\n")
		w.WriteString(`{"type":"export","id":4,"path":"no/such/dir.html"}` + "\n")
	}, "--mode", "rpc", "--continue")
	if code != 0 {
		t.Fatalf("rpc: exit %d, %s", code, errOut)
	}
	paths := map[float64]string{}
	var failure string
	for _, line := range strings.Split(out, "\n") {
		var r struct {
			Type, Command, Error string
			ID                   float64
			Success              bool
			Data                 struct{ Path string }
		}
		if json.Unmarshal([]byte(line), &r) != nil || r.Type != "response" {
			continue
		}
		if r.Success {
			paths[r.ID] = r.Data.Path
		} else {
			failure = r.Error
		}
	}
	dir, _ := filepath.EvalSymlinks(project)
	for id, name := range map[float64]string{2: "notes.md", 3: "pi.html"} {
		if p, _ := filepath.EvalSymlinks(paths[id]); p != filepath.Join(dir, name) {
			t.Errorf("export %v wrote %q, want %s", id, paths[id], name)
		}
	}
	if base := filepath.Base(paths[1]); !strings.HasPrefix(base, "panto-session-") || !strings.HasSuffix(base, ".html") {
		t.Errorf("the default export is %q", paths[1])
	}
	page, err := os.ReadFile(paths[1])
	if err != nil || !strings.Contains(string(page), "say &lt;hi&gt;") || !strings.Contains(string(page), "<!DOCTYPE html>") {
		t.Errorf("page: %v %.300q", err, page)
	}
	if md, err := os.ReadFile(paths[2]); err != nil || !strings.Contains(string(md), "say <hi>") {
		t.Errorf("markdown: %v %.300q", err, md)
	}
	if !strings.Contains(failure, "export: cannot write in") || !strings.Contains(failure, filepath.Join("no", "such")) {
		t.Errorf("the unwritable export answered %q", failure)
	}
}
