package config

import (
	"strings"
	"testing"
)

// TestHooksJSONNull: a hooks.json holding null is refused at its first
// line.
func TestHooksJSONNull(t *testing.T) {
	_, _, err := ParseHooksJSON("hooks.json", []byte("null\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "hooks.json:1:") || !strings.Contains(err.Error(), `"hooks" member`) {
		t.Errorf("got %v, want hooks.json:1: ... a \"hooks\" member", err)
	}
}
