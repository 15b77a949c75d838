package app

import (
	"strings"
	"testing"
)

// TestCommandCountAndUnknown: the header counts the app's commands with
// the extensions', and an unknown command lists them all.
func TestCommandCountAndUnknown(t *testing.T) {
	u := startUI(t, map[string]string{
		"turns.jsonl": `{"text": "unused"}` + "\n",
		"extensions/hi.lua": `local panto = require("panto")
return { name = "hi", activate = function()
  panto.ext.register_command { name = "hi", description = "say hi", handler = function() return "hello" end }
end }`,
	}, 200)
	got := u.waitFor("commands · /help")
	// The app's own, and every command the session registered: the
	// extension's /hi and any the session adds itself.
	var registered int
	done := make(chan struct{})
	u.s.Post(func() { registered = len(u.s.Host().Commands()); close(done) })
	<-done
	want := len(builtins) + registered
	if registered < 1 {
		t.Fatalf("the extension's command is not registered")
	}
	if !strings.Contains(got, itoa(want)+" commands") {
		t.Errorf("the header does not count %d commands:\n%s", want, got)
	}
	u.typ("/foo\r")
	got = u.waitFor("/foo: unknown command")
	line := got[strings.Index(got, "/foo: unknown command"):]
	for _, name := range []string{"/new", "/model", "/help", "/quit", "/hi"} {
		if !strings.Contains(line, name) {
			t.Errorf("the unknown command's message lacks %s:\n%s", name, line)
		}
	}
	if strings.Contains(got, "no commands are registered") {
		t.Errorf("the host's message about extension commands leaked:\n%s", got)
	}
}

// TestModelPickerMarksMissingKeys: /model marks the models of a provider
// whose API key is not set, naming the variable; the others are not.
func TestModelPickerMarksMissingKeys(t *testing.T) {
	u := startUI(t, map[string]string{
		"config.toml": scriptConfig + `
[providers.cloud]
protocol = "anthropic"
api_key_env = "PANTO_TEST_UNSET_KEY_20"
models = { big = "claude-x" }
`,
		"turns.jsonl": "",
	}, 120)
	u.waitFor("Ask, or type")
	u.typ("/model\r")
	got := u.waitFor("Switch the model")
	got = u.waitFor("no API key: set PANTO_TEST_UNSET_KEY_20")
	for _, line := range strings.Split(got, "\n") {
		switch {
		case strings.Contains(line, "cloud:big") && !strings.Contains(line, "✗"):
			t.Errorf("the keyless model is not marked: %q", line)
		case strings.Contains(line, "fake:m") && strings.Contains(line, "✗"):
			t.Errorf("the script model is marked: %q", line)
		}
	}
	u.typ("\x1b")
}

// TestSlashOpensCommandMenu: typing "/" shows the commands with their
// descriptions, typing filters them, Tab completes, Enter runs.
func TestSlashOpensCommandMenu(t *testing.T) {
	u := startUI(t, map[string]string{"turns.jsonl": ""}, 100)
	u.waitFor("Ask, or type")
	u.typ("/")
	u.waitFor("summarise the older messages now") // /compact's description, in the menu
	u.typ("he")
	u.waitForGone("summarise the older messages now")
	u.waitFor("keys and commands")
	u.typ("\t")
	u.waitForGone("keys and commands")
	u.waitFor("› /help")
	u.typ("\r")
	u.waitFor("enter send · shift+enter")
}
