package config

import "testing"

// TestKeyLine: a key's line, else the nearest enclosing key's, else the
// earliest line a bare or quoted last segment appears on, else 0.
func TestKeyLine(t *testing.T) {
	idx := newKeyIndex([]byte("[providers.p]\nprotocol = \"x\"\nmodels = { a = { id = \"1\", \"odd\" = 2 } }\n[ui]\ntheme = \"t\"\n"))
	for _, c := range []struct {
		key  []string
		want int
	}{
		{[]string{"providers", "p", "protocol"}, 2},
		{[]string{"providers", "p", "models", "a", "id"}, 3},
		{[]string{"providers", "p", "models", "a", "odd"}, 3},
		{[]string{"ui", "theme"}, 5},
		{[]string{"ui", "nothing"}, 4},
		{[]string{"nowhere", "at", "all"}, 0},
		{nil, 0},
	} {
		if got := idx.line(c.key); got != c.want {
			t.Errorf("line(%v) = %d, want %d", c.key, got, c.want)
		}
	}
}
