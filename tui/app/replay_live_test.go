package app

import (
	"strings"
	"testing"
)

// TestResumeDrawsAsLive: a resumed session reads exactly as the live one
// did: thinking, text, a shell call through the shell tool's component,
// a turn that failed with its error, a cancelled turn.
func TestResumeDrawsAsLive(t *testing.T) {
	u := startUI(t, map[string]string{
		"turns.jsonl": `{"events": [{"thinking": "t1\nt2\nt3\nt4"}, {"text": "Before the call."}, {"tool_call": {"id": "c1", "name": "shell", "input": {"command": "printf 'one\\ntwo\\nthree\\nfour\\nfive\\n'"}}}]}` + "\n" +
			`{"text": "After the call."}` + "\n" +
			`{"events": [{"error": {"kind": "invalid_request", "message": "bad key"}}]}` + "\n" +
			`{"events": [{"delay_ms": 60000}]}` + "\n" +
			`{"text": "other session"}` + "\n",
	}, 100, withStdext)
	u.waitFor("Ask, or type")
	u.typ("show me\r")
	u.waitFor("After the call.")
	u.waitForGone("esc to cancel")
	u.typ("fail now\r")
	u.waitFor("✗ fake: invalid request: bad key")
	u.waitForGone("esc to cancel")
	u.typ("wait\r")
	u.waitFor("esc to cancel")
	u.typ("\x1b")
	u.waitFor("⏹ cancelled")
	u.waitForGone("esc to cancel")
	live := section(u.term.text(), "> show me", "⏹ cancelled")

	u.newSession()
	u.typ("elsewhere\r")
	u.waitFor("other session")
	u.waitForGone("esc to cancel")
	u.typ("/resume\r")
	u.waitFor("Resume a session")
	u.typ("\r")
	got := u.waitFor("resumed session")
	resumed := section(got[strings.LastIndex(got, "resumed session"):], "> show me", "⏹ cancelled")
	if live == "" || resumed != live {
		t.Errorf("the resumed session reads\n%s\nbut live it read\n%s", resumed, live)
	}
	for _, want := range []string{"● shell $ printf", "… 2 earlier lines", "five", "[exit code: 0]", "✗ fake: invalid request: bad key"} {
		if !strings.Contains(resumed, want) {
			t.Errorf("the resumed session lacks %q:\n%s", want, resumed)
		}
	}
}

// section is the text from the first from to the first to after it,
// both included, its rows' trailing spaces dropped.
func section(text, from, to string) string {
	i := strings.Index(text, from)
	if i < 0 {
		return ""
	}
	j := strings.Index(text[i:], to)
	if j < 0 {
		return ""
	}
	rows := strings.Split(text[i:i+j+len(to)], "\n")
	for k, r := range rows {
		rows[k] = strings.TrimRight(r, " ")
	}
	return strings.Join(rows, "\n")
}

// TestUnsentPromptStays: a prompt the session refuses before sending it
// (here the default model does not exist) stays in the transcript above
// the error.
func TestUnsentPromptStays(t *testing.T) {
	u := startUI(t, map[string]string{
		"config.toml": strings.Replace(scriptConfig, `default = "fake:m"`, `default = "fake:gone"`, 1),
		"turns.jsonl": "",
	}, 100)
	u.waitFor("Ask, or type")
	u.typ("my careful prompt\r")
	got := u.waitFor("✗ ")
	i := strings.Index(got, "> my careful prompt")
	if i < 0 || i > strings.LastIndex(got, "✗ ") {
		t.Errorf("the prompt is not shown above the error:\n%s", got)
	}
}

// TestRetryInStatusLine: while a failed request waits to be retried the
// status line says so, with the retry's number and the HTTP status.
func TestRetryInStatusLine(t *testing.T) {
	u := startUI(t, map[string]string{
		"turns.jsonl": `{"events": [{"error": {"kind": "server", "status": 500, "message": "boom", "retry_after": 60}}]}` + "\n",
	}, 100)
	u.waitFor("Ask, or type")
	u.typ("hi\r")
	got := u.waitFor("retrying (1/4) after HTTP 500")
	if strings.Contains(got, "Thinking") {
		t.Errorf("the status line still says Thinking:\n%s", got)
	}
	u.typ("\x1b")
	u.waitFor("cancelled")
}
