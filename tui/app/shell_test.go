package app

import (
	"strings"
	"testing"

	"panto/permission"
)

// TestShellCommand: "!command" asks as the shell tool would, streams its
// output into a tool block, and the model's next request carries it (the
// script counts the messages); Esc cancels a command and keeps what it
// printed; a resumed session draws both as they were drawn live.
func TestShellCommand(t *testing.T) {
	u := startUI(t, map[string]string{
		"turns.jsonl": `{"expect": {"messages": 2}, "text": "I saw it"}` + "\n" + `{"text": "elsewhere"}` + "\n",
	}, 100, withPermissions(t, permission.Default))
	u.waitFor("default mode")
	u.typ("!echo hello-from-shell\r")
	got := u.waitFor("Allow once")
	if !strings.Contains(got, "$ echo hello-from-shell") {
		t.Errorf("the question does not show the command:\n%s", got)
	}
	u.typ("\r")
	u.waitFor("⎿ hello-from-shell")
	u.waitForGone("esc to cancel")
	u.typ("what did it print?\r")
	u.waitFor("I saw it")
	u.waitForGone("esc to cancel")

	u.typ("!echo started-$((2+3)); sleep 30\r")
	u.waitFor("Allow once")
	u.typ("\r")
	u.waitFor("started-5") // the output, not the command's own text
	u.waitFor("Running shell")
	u.typ("\x1b")
	u.waitForGone("Running shell")
	live := u.term.text()

	u.newSession()
	u.typ("other\r")
	u.waitFor("elsewhere")
	u.waitForGone("esc to cancel")
	u.typ("/resume\r")
	u.waitFor("Resume a session")
	u.typ("\r")
	got = u.waitFor("resumed session")
	got = got[strings.LastIndex(got, "resumed session"):]
	order := []string{"! echo hello-from-shell", "hello-from-shell", "> what did it print?", "I saw it", "! echo started-$((2+3)); sleep 30", "started-5"}
	at := 0
	for _, want := range order {
		i := strings.Index(got[at:], want)
		if i < 0 {
			t.Fatalf("the replay lacks %q after position %d:\n%s\n\nlive:\n%s", want, at, got, live)
		}
		at += i + len(want)
	}
}
