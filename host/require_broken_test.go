package host

import (
	"strings"
	"testing"
)

// TestRequireBrokenSibling: a module of the extension's own that does
// not compile fails the require with the module's name, its file and
// the compiler's message, which the extension can catch and report.
func TestRequireBrokenSibling(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/a/init.lua": `
local ok, err = pcall(require, "broken")
return { name = "a", activate = function() print(ok, err) end }`,
		"extensions/a/broken.lua": `return {`,
	})
	th.expectNoProblems(t)
	got := th.out.String()
	if !strings.HasPrefix(got, "false\terror loading module 'broken' from file 'extensions/a/broken.lua':") || !strings.Contains(got, "broken.lua:1:") {
		t.Errorf("printed %q", got)
	}
}
