package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSlowNotice: a tool or command handler still running after
// slowAfter gets one notice naming the line it is on; one that returns
// in time gets none.
func TestSlowNotice(t *testing.T) {
	defer func(d time.Duration) { slowAfter = d }(slowAfter)
	slowAfter = 50 * time.Millisecond
	dir := watchFolder(t, map[string]string{
		"tools/spin.lua": "return { name = \"spin\", description = \"d\", schema = { type = \"object\" }, handler = function()\n  local n = 0\n  while true do\n    n = n + 1\n  end\nend }\n",
		"extensions/c.lua": "return { name = \"c\", activate = function()\n  require(\"panto\").ext.register_command { name = \"quick\", description = \"d\", handler = function() return \"done\" end }\n" +
			"  require(\"panto\").ext.register_command { name = \"slow\", description = \"d\", handler = function()\n    local n = 0\n    while true do\n      n = n + 1\n    end\n  end }\nend }\n",
	})
	t.Chdir(dir)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tool", "spin", "--input", "{}"}, "panto: tool spin: still running after 50ms, at tools/spin.lua:4 (Ctrl-C interrupts it; --timeout D bounds every call)"},
		{[]string{"--command", "/slow"}, "panto: command /slow: still running after 50ms, at extensions/c.lua:6"},
	} {
		code, _, errOut := runCLI(t, append([]string{"run", ".", "--timeout", "1s"}, c.args...)...)
		if code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "still running") != 1 || !strings.Contains(errOut, "ran past --timeout 1s") {
			t.Errorf("%v: exit %d\n%s\nwant %s", c.args, code, errOut, c.want)
		}
	}
	if code, out, errOut := runCLI(t, "run", ".", "--command", "/quick"); code != 0 || out != "done\n" || strings.Contains(errOut, "still running") {
		t.Errorf("quick: exit %d %q %q", code, out, errOut)
	}
}

// TestSlowNoticeInATurn: a tool handler of a headless turn that runs
// past slowAfter is named with its line on stderr, once; the answer on
// stdout is unchanged.
func TestSlowNoticeInATurn(t *testing.T) {
	isolate(t)
	defer func(d time.Duration) { slowAfter = d }(slowAfter)
	slowAfter = 50 * time.Millisecond
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"config.toml": "[providers.fake]\nprotocol = \"script\"\nscript = \"turns.jsonl\"\nmodels = { m = \"fake-1\" }\n",
		"turns.jsonl": `{"events": [{"tool_call": {"id": "c1", "name": "busy", "input": {}}}]}` + "\n" + `{"events": [{"text": "done"}]}` + "\n",
		// Far longer than --timeout: the call is stopped there.
		"tools/busy.lua": "return { name = \"busy\", description = \"d\", schema = { type = \"object\" }, effects = {}, handler = function()\n  local n = 0\n  while n < 4e9 do\n    n = n + 1\n  end\n  return 'x'\nend }\n",
	})
	code, out, errOut := runCLI(t, "run", dir, "--prompt", "go", "--no-session", "--timeout", "1s", "--verbose")
	if code != 0 || out != "done\n" {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"panto: tool busy: still running after 50ms, at " + filepath.Join(dir, "tools/busy.lua") + ":4 (",
		"⎿ error: " + filepath.Join(dir, "tools/busy.lua") + ":4: ran past --timeout 1s",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if n := strings.Count(errOut, "still running"); n != 1 {
		t.Errorf("%d notices:\n%s", n, errOut)
	}
}
