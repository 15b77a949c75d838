package host

import (
	"testing"
)

// TestReturnedShapesWithoutHints: a returned table that no field hint
// explains is still refused, at the line of the return: an empty table
// is no entry and no list of them, and a list item with only unknown,
// unrecognisable fields names the item.
func TestReturnedShapesWithoutHints(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"empty table", "local unused = 1\nreturn {}\n",
			"evaluate: extensions/x.lua:2: returned a table that is neither an entry { name, activate }, a tool declaration { name, description, schema, handler }, nor a list of them\n"},
		{"list item without a hint", "local unused = 1\nreturn {\n  { zzz = 1 },\n}\n",
			"evaluate: extensions/x.lua:2: item 1 of the returned list is neither an entry { name, activate } nor a tool declaration\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			th := hostWith(t, map[string]string{"extensions/x.lua": c.src})
			if got := th.problems(); got != c.want {
				t.Errorf("problems:\n%q\nwant:\n%q", got, c.want)
			}
		})
	}
}
