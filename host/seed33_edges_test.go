package host

import (
	"strings"
	"testing"
)

// TestOwnModuleReturningNothing: an extension's own module that returns
// nothing and stores nothing in package.loaded gives true to require,
// as Lua's require does, and is loaded once.
func TestOwnModuleReturningNothing(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/m/init.lua": `local a = require("quiet")
local b = require("quiet")
return { name = "m", activate = function() print(a, b, count) end }`,
		"extensions/m/quiet.lua": `count = (count or 0) + 1`,
	})
	th.expectNoProblems(t)
	if got := th.out.String(); got != "true\ttrue\t1\n" {
		t.Errorf("printed %q, want true, true and one load", got)
	}
}

// TestShapeHintSkipsKnownFields: the hint for a refused table names
// only the fields the ABI does not know, never a correct one.
func TestShapeHintSkipsKnownFields(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/x.lua": `return { name = "x", activte = function() end }`})
	got := th.problems()
	if !strings.Contains(got, "'activte'") || strings.Contains(got, "'name'") {
		t.Errorf("problems:\n%s\nwant a hint for activte alone", got)
	}
}
