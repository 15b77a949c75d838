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
	want := len(builtins()) + registered
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

// TestMarkdownCommandOutput: a command's { text, markdown = true } is
// rendered as an assistant message is (bullets, a drawn table), where
// the same text as a plain string is shown as written.
func TestMarkdownCommandOutput(t *testing.T) {
	const doc = `Report:\n\n- item one\n- item two\n\n| col | val |\n|---|---|\n| x | 1 |\n`
	u := startUI(t, map[string]string{
		"turns.jsonl": "",
		"extensions/md.lua": `local panto = require("panto")
local doc = "` + doc + `"
return { name = "md", activate = function()
  panto.ext.register_command { name = "md", description = "markdown", handler = function() return { text = doc, markdown = true } end }
  panto.ext.register_command { name = "plain", description = "plain", handler = function() return doc end }
end }`,
	}, 80)
	u.waitFor("Ask, or type")
	u.typ("/plain\r")
	got := u.waitFor("| x | 1 |")
	if !strings.Contains(got, "- item one") || strings.Contains(got, "• item one") {
		t.Fatalf("plain output is not shown as written:\n%s", got)
	}
	u.typ("/md\r")
	got = u.waitFor("• item one")
	md := got[strings.LastIndex(got, "› /md"):]
	for _, want := range []string{"• item two", "col │ val", "x   │ 1"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown output lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "- item") || strings.Contains(md, "|---|") {
		t.Errorf("markdown output shows its source:\n%s", md)
	}
}
