package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadMCPJSONMissingFile: a project without .mcp.json has no
// servers and no error; a path that cannot be read is an error naming
// the file.
func TestReadMCPJSONMissingFile(t *testing.T) {
	dir := t.TempDir()
	f, warns, err := ReadMCPJSON(filepath.Join(dir, ".mcp.json"), ".mcp.json", os.Getenv)
	if f != nil || len(warns) != 0 || err != nil {
		t.Errorf("missing file: %v, %v, %v; want nothing", f, warns, err)
	}
	// A folder where the file should be cannot be read.
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadMCPJSON(filepath.Join(dir, "sub"), "sub/.mcp.json", os.Getenv); err == nil {
		t.Error("reading a folder as .mcp.json gave no error")
	}
}

// TestMCPServerFieldsForTheOtherTransport: an http server given fields
// only a command uses (even a single argument), or a command given
// headers, is kept with a warning saying they are ignored.
func TestMCPServerFieldsForTheOtherTransport(t *testing.T) {
	for _, c := range []struct {
		name string
		s    MCPServer
		want string
	}{
		{"one argument", MCPServer{URL: "https://example.com/mcp", Args: []string{"-v"}}, "an http server ignores them"},
		{"an env", MCPServer{URL: "https://example.com/mcp", Env: map[string]string{"A": "1"}}, "an http server ignores them"},
		{"headers", MCPServer{Command: "srv", Headers: map[string]string{"A": "1"}}, "a command ignores them"},
		{"nothing extra", MCPServer{URL: "https://example.com/mcp"}, ""},
	} {
		var warned []string
		s := c.s
		ok := checkMCPServer("srv", &s, func(format string, a ...any) { warned = append(warned, fmt.Sprintf(format, a...)) })
		if !ok {
			t.Errorf("%s: the server was dropped (%q)", c.name, warned)
			continue
		}
		got := strings.Join(warned, "; ")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: warnings %q, want one containing %q", c.name, got, c.want)
		}
	}
}
