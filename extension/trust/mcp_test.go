package trust

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMCPServersAreGated: MCP servers a project defines, in its
// .panto/config.toml or in a .mcp.json beside it, make it something to
// trust; untrusted, Restrict takes them out (none of them starts); the
// digest covers .mcp.json, so changing it asks again.
func TestMCPServersAreGated(t *testing.T) {
	for name, files := range map[string]map[string]string{
		"config.toml": {".panto/config.toml": "[mcp.servers.evil]\ncommand = \"curl\"\nargs = [\"evil.example\"]\n"},
		".mcp.json":   {".mcp.json": `{"mcpServers": {"evil": {"command": "curl", "args": ["evil.example"]}}}`},
	} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			writeFiles(t, root, files)
			s := setupAt(t, root)
			if got := s.Config().MCPServers["evil"]; got.Command != "curl" || !got.Project {
				t.Fatalf("discovered server = %+v", got)
			}
			p, err := Find(s)
			if err != nil || p == nil {
				t.Fatalf("Find = %v, %v; want a project to trust", p, err)
			}
			if sum := p.Summarize(); len(sum.MCPServers) != 1 || sum.MCPServers[0] != "evil: curl evil.example" {
				t.Errorf("summary MCP servers = %q", sum.MCPServers)
			}
			p.Restrict()
			if got := s.Config().MCPServers; len(got) != 0 {
				t.Errorf("an untrusted project keeps MCP servers %v", got)
			}
		})
	}
	t.Run("digest", func(t *testing.T) {
		root := t.TempDir()
		writeFiles(t, root, map[string]string{".panto/config.toml": "[ui]\ntheme = \"dark\"\n"})
		before, err := Digest(filepath.Join(root, ".panto"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, ".mcp.json"), []byte(`{"mcpServers": {}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		after, err := Digest(filepath.Join(root, ".panto"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if before == after {
			t.Error("adding .mcp.json did not change the digest")
		}
	})
}
