package app

import (
	"strings"
	"testing"
)

// TestCostCommand: /cost before any response says so; after a turn of
// a model without a price it shows the usage and says no price is
// known, and the footer shows no figure.
func TestCostCommand(t *testing.T) {
	u := startUI(t, map[string]string{"turns.jsonl": `{"events": [{"text": "hello there"}]}` + "\n"}, 100)
	u.typ("/cost\r")
	u.waitFor("no model responses in this session yet")
	u.typ("hi\r")
	u.waitFor("hello there")
	u.waitForGone("esc to cancel") // a line typed during the turn would steer it
	u.typ("/cost\r")
	u.waitFor("Cost of this session")
	u.waitFor("fake · fake-1: 1 response")
	got := u.waitFor("no price known for this model")
	// Neither /cost nor the footer shows a figure such as $0.00 for a
	// model without a price.
	if strings.Contains(got, "$") {
		t.Errorf("a cost figure for an unpriced model:\n%s", got)
	}
}
