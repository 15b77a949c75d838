package main

import (
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
