package app

import (
	"strings"
	"testing"
)

// TestKeysRightAfterNew: what is typed at once after /new (in the same
// read, before the new session's state exists) reaches the new session:
// the keys posted while the old state closes are not dropped with it.
func TestKeysRightAfterNew(t *testing.T) {
	u := startUI(t, map[string]string{
		"turns.jsonl": `{"expect": {"user": "typed at once", "messages": 1}, "events": [{"text": "the new session answered"}]}` + "\n",
	}, 100)
	u.waitFor("Ask, or type")
	u.typ("/new\rtyped at once\r")
	got := u.waitFor("the new session answered")
	if !strings.Contains(got, "> typed at once") {
		t.Errorf("the prompt was not shown:\n%s", got)
	}
}
