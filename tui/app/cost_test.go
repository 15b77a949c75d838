package app

import "testing"

// TestCostCommand: /cost before any response says so; after a turn of
// a model without a price it shows the usage and no figure.
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
	u.waitFor("no price known for this model")
}
