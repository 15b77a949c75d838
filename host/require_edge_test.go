package host

import (
	"strings"
	"testing"
)

// TestRequireNotFoundExplains: a failed require from an extension says
// what that extension may require (its own modules, by its layout), and
// suggests a near name; panto.std without the base layer says where it
// comes from.
func TestRequireNotFoundExplains(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/one.lua":      `return { name = "one", activate = function() require("_utill") end }`,
		"extensions/_util.lua":    `return {}`,
		"extensions/dir/init.lua": `return { name = "dir", activate = function() require("nothere") end }`,
		"extensions/std.lua":      `return { name = "std", activate = function() require("panto.std") end }`,
	})
	text := th.problems()
	for _, want := range []string{
		"module '_utill' not found for",
		"the underscore helpers beside its file",
		"here _util",
		"Did you mean '_util'?",
		"module 'nothere' not found for",
		"the .lua files below its folder by path",
		"here none",
		"the standard libraries, panto, panto.std and luv",
		"module 'panto.std' not found: it is served by the base layer",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("problems lack %q:\n%s", want, text)
		}
	}
}
