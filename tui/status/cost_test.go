package status

import (
	"strings"
	"testing"
)

// TestFooterCost: the session's cost follows the token counts; no cost
// text, no cost shown.
func TestFooterCost(t *testing.T) {
	f := Footer{Model: "anthropic:opus", Input: 1200, Output: 300, Cost: "$0.042"}
	if got := strings.TrimSpace(plain(FooterRows(f, nil, 60))); got != "anthropic:opus · ↑1.2k ↓300 · $0.042" {
		t.Errorf("got %q", got)
	}
	f.Cost = ""
	if got := strings.TrimSpace(plain(FooterRows(f, nil, 60))); strings.Contains(got, "$") {
		t.Errorf("got %q", got)
	}
}
