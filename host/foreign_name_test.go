package host

import (
	"testing"

	"panto/extension/abi"
)

// TestForeignNameFirstWins: when several declaration types know a field
// as another agent's name, the hint is the first type's (the entry's
// before the tool's), not whichever comes last.
func TestForeignNameFirstWins(t *testing.T) {
	entry := &abi.Type{Name: "E", Foreign: []abi.Foreign{{Name: "run", Hint: "entry hint"}, {Name: "setup", Hint: "setup hint"}}}
	tool := &abi.Type{Name: "T", Foreign: []abi.Foreign{{Name: "run", Hint: "tool hint"}, {Name: "execute", Hint: "execute hint"}}}
	types := []*abi.Type{entry, tool}
	for _, c := range []struct{ key, want string }{
		{"run", "entry hint"},
		{"setup", "setup hint"},
		{"execute", "execute hint"},
		{"handler", ""},
	} {
		got := ""
		if f := foreignName(types, c.key); f != nil {
			got = f.Hint
		}
		if got != c.want {
			t.Errorf("foreignName(%q) = %q, want %q", c.key, got, c.want)
		}
	}
}
