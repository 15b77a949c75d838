package config

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"panto/diag"
)

// TestOverlayEveryField: a file's table of a built-in provider's name
// replaces each setting it gives and keeps each one it leaves out; the
// built-in provider's identity (catalogue, origin) stays, a detected
// server stays keyless unless the table moves it, and either side may
// allow project overrides.
func TestOverlayEveryField(t *testing.T) {
	base := Provider{Protocol: "bp", Label: "bl", BaseURL: "http://base", APIKeyEnv: "BASE_KEY", Script: "base.jsonl",
		Reasoning: []string{"low"}, Headers: map[string]string{"X-Base": "1"}, MaxTokens: 1, ContextWindow: 2,
		IdleTimeout: 3 * time.Second, RequestTimeout: 4 * time.Second, MaxResponseBytes: 5, MaxRequests: 6,
		Catalog: true, Origin: "built-in", Dir: "/base"}
	top := Provider{Protocol: "tp", Label: "tl", BaseURL: "http://top", APIKeyEnv: "TOP_KEY", Script: "top.jsonl",
		Reasoning: []string{"high", "max"}, Headers: map[string]string{"X-Top": "2"}, MaxTokens: 11, ContextWindow: 12,
		IdleTimeout: 13 * time.Second, RequestTimeout: 14 * time.Second, MaxResponseBytes: 15, MaxRequests: 16,
		Origin: "/u/config.toml", Dir: "/u"}

	want := top
	want.Catalog, want.Origin = true, "built-in"
	want.Models, want.ModelOrigins = map[string]string{}, map[string]string{}
	if got := overlay(base, top); !reflect.DeepEqual(got, want) {
		t.Errorf("every setting given:\n got %+v\nwant %+v", got, want)
	}

	want = base
	want.Dir = "/u" // the folder of the table's file
	want.Models, want.ModelOrigins = map[string]string{}, map[string]string{}
	if got := overlay(base, Provider{Dir: "/u", Origin: "/u/config.toml"}); !reflect.DeepEqual(got, want) {
		t.Errorf("nothing given:\n got %+v\nwant %+v", got, want)
	}

	detected := Provider{Protocol: "openai", BaseURL: "http://127.0.0.1:11434/v1", Detected: true}
	for _, c := range []struct {
		name          string
		base, top     Provider
		detected, apo bool
	}{
		{"a detected server stays keyless", detected, Provider{MaxTokens: 5}, true, false},
		{"a table that moves it makes it configured", detected, Provider{BaseURL: "http://10.0.0.2/v1"}, false, false},
		{"not detected", base, Provider{}, false, false},
		{"the user's table allows project overrides", base, Provider{AllowProjectOverride: true}, false, true},
		{"the built-in provider allows them", Provider{AllowProjectOverride: true}, Provider{}, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := overlay(c.base, c.top)
			if got.Detected != c.detected || got.AllowProjectOverride != c.apo {
				t.Errorf("detected %v, allow_project_override %v; want %v, %v", got.Detected, got.AllowProjectOverride, c.detected, c.apo)
			}
		})
	}

	// Models join; the table's alias wins, with its own options or none.
	b := Provider{Origin: "built-in", Models: map[string]string{"a": "a-1", "b": "b-1"},
		ModelOptions: map[string]ModelOptions{"a": {MaxTokens: 1}, "b": {MaxTokens: 2}}}
	tp := Provider{Origin: "/u/config.toml", Models: map[string]string{"b": "b-2", "c": "c-2"},
		ModelOptions: map[string]ModelOptions{"c": {ContextWindow: 3}}}
	got := overlay(b, tp)
	if want := map[string]string{"a": "a-1", "b": "b-2", "c": "c-2"}; !reflect.DeepEqual(got.Models, want) {
		t.Errorf("models %v, want %v", got.Models, want)
	}
	if want := map[string]ModelOptions{"a": {MaxTokens: 1}, "c": {ContextWindow: 3}}; !reflect.DeepEqual(got.ModelOptions, want) {
		t.Errorf("model options %v, want %v", got.ModelOptions, want)
	}
	if want := map[string]string{"a": "built-in", "b": "/u/config.toml", "c": "/u/config.toml"}; !reflect.DeepEqual(got.ModelOrigins, want) {
		t.Errorf("model origins %v, want %v", got.ModelOrigins, want)
	}
	if b.ModelOptions["b"].MaxTokens != 2 || len(b.Models) != 2 {
		t.Error("overlay changed the built-in provider's maps")
	}
	if got := overlay(Provider{}, Provider{Models: map[string]string{"x": "y"}}); got.ModelOptions != nil {
		t.Errorf("model options %v where neither side has any", got.ModelOptions)
	}
	if got := overlay(Provider{}, Provider{ModelOptions: map[string]ModelOptions{"x": {MaxTokens: 7}}}); got.ModelMaxTokens("x") != 7 {
		t.Errorf("the table's options alone are lost: %v", got.ModelOptions)
	}
}

// TestHooksCheckMessages: each hook that cannot run is dropped with a
// message naming where it is and why; the rest are kept in order with
// their source.
func TestHooksCheckMessages(t *testing.T) {
	events := strings.Join(HookEvents, ", ")
	h := Hooks{
		"Notification": {{Hooks: []HookCommand{{Command: "x"}}}},
		"PreTooluse":   {{Hooks: []HookCommand{{Command: "x"}}}},
		"PostToolUse":  {{Matcher: "(", Hooks: []HookCommand{{Command: "x"}}}},
		"Stop": {{Source: "a.json", Hooks: []HookCommand{
			{Type: "prompt", Command: "x"},
			{Command: " \t"},
			{Command: "neg", Timeout: -1},
			{Command: "long", Timeout: MaxHookTimeout + 1},
			{Command: "day", Timeout: MaxHookTimeout},
			{Type: "command", Command: "zero"},
		}}, {Hooks: []HookCommand{{Command: ""}}}},
	}
	var msgs []string
	out := h.check(func(format string, a ...any) { msgs = append(msgs, fmt.Sprintf(format, a...)) })
	want := []string{
		"hooks.Notification: panto does not fire this event (it fires " + events + "); its hooks never run",
		`hooks.PostToolUse[0]: matcher "(": error parsing regexp: missing closing ): ` + "`(`",
		"hooks.PreTooluse: unknown hook event (panto fires " + events + ")",
		`hooks.Stop[0].hooks[0]: type "prompt" is not run by panto (only "command")`,
		"hooks.Stop[0].hooks[1]: the command is empty",
		"hooks.Stop[0].hooks[2]: timeout -1 is not between 0 and 86400 seconds",
		"hooks.Stop[0].hooks[3]: timeout 86401 is not between 0 and 86400 seconds",
		"hooks.Stop[1].hooks[0]: the command is empty",
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("messages:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
	wantOut := Hooks{"Stop": {{Source: "a.json", Hooks: []HookCommand{{Command: "day", Timeout: MaxHookTimeout}, {Type: "command", Command: "zero"}}}}}
	if !reflect.DeepEqual(out, wantOut) {
		t.Errorf("kept %+v, want %+v", out, wantOut)
	}
	if out := (Hooks{"Stop": {{Hooks: []HookCommand{{Command: ""}}}}}).check(func(string, ...any) {}); out != nil {
		t.Errorf("nothing runnable kept %+v", out)
	}
}

// TestHooksAdd: the groups of a later file run after the earlier ones',
// event by event, and neither input changes.
func TestHooksAdd(t *testing.T) {
	g := func(cmd string) HookGroup { return HookGroup{Hooks: []HookCommand{{Command: cmd}}} }
	a := Hooks{"Stop": {g("a1")}, "PreToolUse": {g("a2")}}
	b := Hooks{"Stop": {g("b1")}, "SessionEnd": {g("b2")}}
	got := a.Add(b)
	want := Hooks{"Stop": {g("a1"), g("b1")}, "PreToolUse": {g("a2")}, "SessionEnd": {g("b2")}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Add = %+v, want %+v", got, want)
	}
	if len(a["Stop"]) != 1 || len(b["Stop"]) != 1 || len(a) != 2 {
		t.Errorf("Add changed its inputs: %+v %+v", a, b)
	}
	if got := a.Add(nil); !reflect.DeepEqual(got, a) {
		t.Errorf("Add(nil) = %+v", got)
	}
	if got := Hooks(nil).Add(b); !reflect.DeepEqual(got, b) {
		t.Errorf("nil.Add(b) = %+v", got)
	}
}

// TestParseLayerKeepsThePosition: a layer that does not parse is an
// error diagnostic with the file, line and column the reader gave, not
// a message with the position folded into its text.
func TestParseLayerKeepsThePosition(t *testing.T) {
	data := []byte("[ui]\ntheme = \"dark\"\n[extensions]\nallow = [\"a\",,]\n")
	_, _, perr := Parse("/u/config.toml", data)
	_, _, err := ParseLayer("/u/config.toml", data)
	var d *diag.Diagnostic
	if !errors.As(err, &d) {
		t.Fatalf("ParseLayer error %T %v, want a *diag.Diagnostic", err, err)
	}
	if d.File != "/u/config.toml" || d.Line != 4 || d.Column == 0 || d.Severity != diag.Error || strings.Contains(d.Message, "config.toml") {
		t.Errorf("diagnostic %+v", *d)
	}
	if perr == nil || err.Error() != perr.Error() || !strings.HasPrefix(err.Error(), fmt.Sprintf("/u/config.toml:4:%d: ", d.Column)) {
		t.Errorf("ParseLayer %q, Parse %v", err, perr)
	}
}

// TestHooksJSONTooLarge: a hooks.json over the size bound is refused
// before it is decoded, with its size and the bound.
func TestHooksJSONTooLarge(t *testing.T) {
	data := []byte(`{"hooks": {}}` + strings.Repeat(" ", MaxSize))
	h, warns, err := ParseHooksJSON("/p/.claude/hooks.json", data)
	want := fmt.Sprintf("/p/.claude/hooks.json: %d bytes: a hooks.json is limited to %d", len(data), MaxSize)
	if h != nil || warns != nil || err == nil || err.Error() != want {
		t.Errorf("got %v %v %v, want %q", h, warns, err, want)
	}
	if _, _, err := ParseHooksJSON("hooks.json", data[:MaxSize]); err != nil {
		t.Errorf("a hooks.json of exactly the bound: %v", err)
	}
}

// TestNestingAtTheBound: MaxNesting levels parse, one more is refused on
// its line.
func TestNestingAtTheBound(t *testing.T) {
	at := "\nx = " + strings.Repeat("[", MaxNesting) + strings.Repeat("]", MaxNesting) + "\n"
	if _, _, err := Parse("c.toml", []byte(at)); err != nil {
		t.Errorf("%d levels: %v", MaxNesting, err)
	}
	over := "\nx = " + strings.Repeat("{a=", MaxNesting+1) + "1" + strings.Repeat("}", MaxNesting+1) + "\n"
	_, _, err := Parse("c.toml", []byte(over))
	if err == nil || err.Error() != fmt.Sprintf("c.toml:2: nested more than %d levels deep", MaxNesting) {
		t.Errorf("%d levels: %v", MaxNesting+1, err)
	}
}

// TestModelTableWrongType: a model table the reader cannot decode is
// left out with a warning at its key, worded by the reader.
func TestModelTableWrongType(t *testing.T) {
	f, warns, err := Parse("c.toml", []byte("[providers.p]\nprotocol = \"openai\"\nmodels = { m = { id = 5 }, ok = \"x\" }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || warns[0].Line != 3 {
		t.Fatalf("warnings %v", warns)
	}
	msg := warns[0].Message
	if !strings.HasPrefix(msg, `providers.p.models.m: line 3 (last key "providers.p.models.m.id"): `) || strings.Contains(msg, "toml: ") || strings.Contains(msg, "%!") {
		t.Errorf("warning %q", msg)
	}
	if p := f.Providers["p"]; len(p.Models) != 1 || p.Models["ok"] != "x" {
		t.Errorf("models %v", p.Models)
	}
}
