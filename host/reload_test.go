package host

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/extension/discover"
)

// Reload must see entries that did not exist at the first discovery, fire
// session_end with its reason, and report only the new state's problems.
func TestReloadRediscovers(t *testing.T) {
	dir := tree(t, map[string]string{
		"extensions/a.lua": `return { name = "a", activate = function()
  local ext = require("panto").ext
  ext.on("session_end", function(e) print("end", e.reason) end)
  error("broken")
end }`,
	})
	th := newTestHost(t, dir, func(o *Options) { o.Session = &SessionInfo{ID: "s"} })
	if len(th.Problems()) != 1 {
		t.Fatalf("problems before: %v", th.Problems())
	}
	writeTree(t, dir, map[string]string{
		"extensions/a.lua": `return { name = "a", activate = function()
  require("panto").ext.on("session_end", function(e) print("end", e.reason) end)
end }`,
		"tools/sub/init.lua": `return { name = "t", description = "d", schema = { type = "object" }, handler = function() return "new" end }`,
	})
	setup, err := discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	th.Reload(context.Background(), setup, "reload")
	if len(th.Problems()) != 0 {
		t.Errorf("problems after: %v", th.Problems())
	}
	if tc := th.callTool(t, "t", `{}`); tc.Output != "new" {
		t.Errorf("new tool answered %q", tc.Output)
	}
	// The first state's handler never registered (activate failed), so
	// only a later reload prints; do one and look.
	os.Remove(filepath.Join(dir, "tools", "sub", "init.lua"))
	setup, _ = discover.Folder(dir, discover.Options{Cwd: dir, Getenv: func(string) string { return "" }})
	th.Reload(context.Background(), setup, "reload")
	if !strings.Contains(th.out.String(), "end\treload") {
		t.Errorf("session_end output %q", th.out.String())
	}
	if th.Tool("t") != nil {
		t.Error("the removed tool is still registered")
	}
}

// After Rebuild, Problems describes the new state: an extension that was
// fixed in between no longer shows its old failure, and one still broken
// shows it once.
func TestRebuildStartsProblemsOver(t *testing.T) {
	dir := tree(t, map[string]string{
		"extensions/a.lua": `return { name = "a", activate = function() error("broken a") end }`,
		"extensions/b.lua": `local n = 0
return { name = "b", activate = function() error("broken b") end }`,
	})
	th := newTestHost(t, dir)
	if len(th.Problems()) != 2 {
		t.Fatalf("problems before: %v", th.Problems())
	}
	th.Rebuild(context.Background(), "new")
	got := th.Problems()
	if len(got) != 2 {
		t.Fatalf("problems after a rebuild: %v", got)
	}
	for _, p := range got {
		if p.Stage != StageActivate {
			t.Errorf("unexpected problem %v", p)
		}
	}
}
