package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoteNamesWhatTheProjectHas: the note names .panto/ when the
// project has one, and the project's folder when it brings only files
// at its root (a .mcp.json).
func TestNoteNamesWhatTheProjectHas(t *testing.T) {
	root := t.TempDir()
	p := &Project{Root: root}
	if n := p.Note(); !strings.HasPrefix(n, root+" is not trusted") {
		t.Errorf("without .panto: %q", n)
	}
	if err := os.Mkdir(filepath.Join(root, ".panto"), 0o755); err != nil {
		t.Fatal(err)
	}
	if n := p.Note(); !strings.HasPrefix(n, filepath.Join(root, ".panto")+" is not trusted") || !strings.HasSuffix(n, "panto trust "+root+")") {
		t.Errorf("with .panto: %q", n)
	}
}
