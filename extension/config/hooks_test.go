package config

import (
	"fmt"
	"strings"
	"testing"
)

func TestHooksTOML(t *testing.T) {
	f, warns, err := Parse("config.toml", []byte(`
[[hooks.PreToolUse]]
matcher = "Bash|Edit"
hooks = [{ type = "command", command = "./check.sh", timeout = 5 }]

[[hooks.Stop]]
[[hooks.Stop.hooks]]
command = "./stop.sh"

[[hooks.Notification]]
hooks = [{ type = "command", command = "notify-send hi" }]

[[hooks.PostToolUse]]
matcher = "(unclosed"
hooks = [{ type = "command", command = "x" }]
`))
	if err != nil {
		t.Fatal(err)
	}
	if g := f.Hooks["PreToolUse"]; len(g) != 1 || g[0].Matcher != "Bash|Edit" || g[0].Hooks[0].Command != "./check.sh" || g[0].Hooks[0].Timeout != 5 {
		t.Errorf("PreToolUse %+v", g)
	}
	if g := f.Hooks["Stop"]; len(g) != 1 || g[0].Hooks[0].Command != "./stop.sh" {
		t.Errorf("Stop %+v", g)
	}
	if _, ok := f.Hooks["PostToolUse"]; ok {
		t.Errorf("a bad matcher was kept")
	}
	w := warns.String()
	for _, want := range []string{"hooks.Notification: panto does not fire this event", `hooks.PostToolUse[0]: matcher "(unclosed"`} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings lack %q:\n%s", want, w)
		}
	}
}

func TestHooksJSON(t *testing.T) {
	cases := []struct {
		name, in string
		events   int
		warn     string
		err      string
	}{
		{"claude settings", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "x", "timeout": 60}]}]}}`, 1, "", ""},
		{"a whole settings.json", `{"permissions": {"allow": []}, "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "x"}]}]}}`, 1, "ignored: permissions", ""},
		{"prompt hooks are not run", `{"hooks": {"Stop": [{"hooks": [{"type": "prompt", "prompt": "ok?"}]}]}}`, 0, `type "prompt" is not run`, ""},
		{"empty command", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": " "}]}]}}`, 0, "the command is empty", ""},
		{"negative timeout", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": -1}]}]}}`, 0, "timeout -1", ""},
		{"no hooks member", `{}`, 0, "configures nothing", ""},
		{"syntax error", "{\"hooks\": {\n  \"Stop\": [,]}}", 0, "", "hooks.json:2:"},
		{"wrong type", "{\"hooks\": {\"Stop\": [{\"matcher\": 3}]}}", 0, "", "hooks.json:1:"},
		{"wrong type, lines down", "{\n\"a\": 1,\n\"b\": 2,\n\"c\": 3,\n\"hooks\": {\"Stop\": [{\"matcher\": 3}]}}", 0, "", "hooks.json:5:"},
		{"not an object", `[1]`, 0, "", "hooks.json"},
		{"trailing data", `{"hooks": {}} {}`, 0, "", "data after the JSON value"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h, warns, err := ParseHooksJSON("hooks.json", []byte(c.in))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(h) != c.events {
				t.Errorf("%d events: %+v", len(h), h)
			}
			for _, groups := range h {
				for _, g := range groups {
					if g.Source != "hooks.json" {
						t.Errorf("source %q", g.Source)
					}
				}
			}
			if c.warn != "" && !strings.Contains(warns.String(), c.warn) {
				t.Errorf("warnings %q lack %q", warns.String(), c.warn)
			}
			if c.warn == "" && len(warns) > 0 {
				t.Errorf("warnings %q, want none", warns.String())
			}
		})
	}
}

func TestCompileMatcher(t *testing.T) {
	for _, c := range []struct {
		m, name string
		want    bool
	}{
		{"", "Bash", true}, {"*", "anything", true},
		{"Bash", "Bash", true}, {"Edit", "NotebookEdit", false},
		{"Edit|Write", "Write", true}, {"mcp__gh__.*", "mcp__gh__issue", true},
		{"mcp__gh__.*", "mcp__other__x", false},
	} {
		re, err := CompileMatcher(c.m)
		if err != nil {
			t.Fatal(err)
		}
		if got := re == nil || re.MatchString(c.name); got != c.want {
			t.Errorf("%q on %q: %v", c.m, c.name, got)
		}
	}
	// A matcher that is not a regular expression on its own is refused
	// with a message quoting it, even one that would compile inside the
	// anchoring group by closing it.
	for _, m := range []string{"(", "Bash)|(Edit"} {
		re, err := CompileMatcher(m)
		if err == nil || re != nil || !strings.HasSuffix(err.Error(), "`"+m+"`") {
			t.Errorf("CompileMatcher(%q) = %v, %v", m, re, err)
		}
	}
}

// FuzzHooksJSON: any bytes give hooks, warnings or an error, never a
// panic; what is kept always compiles and runs a non-empty command.
func FuzzHooksJSON(f *testing.F) {
	f.Add([]byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "x", "timeout": 60}]}]}}`))
	f.Add([]byte(`{"hooks": {"Stop": [{"hooks": [{"type": "prompt"}]}]}, "env": {}}`))
	f.Add([]byte(`{"hooks": {"X": []}}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, _, err := ParseHooksJSON("hooks.json", data)
		if err != nil {
			if h != nil {
				t.Fatal("hooks with an error")
			}
			return
		}
		for event, groups := range h {
			if !knownHookEvent(event) {
				t.Fatalf("unknown event %q kept", event)
			}
			for _, g := range groups {
				if _, err := CompileMatcher(g.Matcher); err != nil {
					t.Fatalf("bad matcher %q kept", g.Matcher)
				}
				for _, c := range g.Hooks {
					if strings.TrimSpace(c.Command) == "" || c.Timeout < 0 {
						t.Fatalf("bad command %+v kept", c)
					}
				}
			}
		}
	})
}

// TestHooksJSONIgnoredKeysInOrder: the warning about the members a
// hooks.json has besides "hooks" names them sorted, so it reads the
// same on every run (a map's order would change from run to run).
func TestHooksJSONIgnoredKeysInOrder(t *testing.T) {
	var keys []string
	var b strings.Builder
	b.WriteString(`{"hooks": {}`)
	for i := 0; i < 26; i++ {
		k := fmt.Sprintf("k%02d", i)
		keys = append(keys, k)
		fmt.Fprintf(&b, `, %q: 1`, k)
	}
	b.WriteString("}")
	_, warns, err := ParseHooksJSON("hooks.json", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	want := "ignored: " + strings.Join(keys, ", ")
	if !strings.Contains(warns.String(), want) {
		t.Errorf("warnings %q, want one with %q", warns.String(), want)
	}
}
