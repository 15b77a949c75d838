package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"panto/diag"
)

// Hooks is a [hooks] table, or the "hooks" object of a hooks.json, in
// Claude Code's settings schema: for each event name, matcher groups,
// each with the commands to run.
//
//	[[hooks.PreToolUse]]
//	matcher = "Bash"
//	hooks = [{ type = "command", command = "./check.sh", timeout = 10 }]
type Hooks map[string][]HookGroup

// HookGroup is one matcher and its commands.
type HookGroup struct {
	// Matcher selects tools by name (PreToolUse, PostToolUse) or the
	// session's source (SessionStart): a regular expression, "" or "*"
	// for everything.
	Matcher string        `toml:"matcher" json:"matcher"`
	Hooks   []HookCommand `toml:"hooks" json:"hooks"`
	// Source is the hooks.json the group came from ("": the file whose
	// hooks these are), for messages.
	Source string `toml:"-" json:"-"`
}

// HookCommand is one command hook.
type HookCommand struct {
	// Type is "command", the only type panto runs ("" means it too).
	Type    string `toml:"type" json:"type"`
	Command string `toml:"command" json:"command"`
	// Timeout is in seconds (0: the default, 60).
	Timeout float64 `toml:"timeout" json:"timeout"`
}

// HookEvents are the events panto fires, in Claude Code's names.
var HookEvents = []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SessionStart", "SessionEnd"}

// knownHookEvent reports whether panto fires event.
func knownHookEvent(event string) bool {
	for _, e := range HookEvents {
		if e == event {
			return true
		}
	}
	return false
}

// claudeOnlyEvent reports a Claude Code event panto does not fire: a
// hook on one is kept out with a warning that says so, not as a typo.
func claudeOnlyEvent(event string) bool {
	switch event {
	case "Notification", "SubagentStop", "PreCompact", "PermissionRequest",
		"PostToolUseFailure", "SubagentStart", "PermissionDenied":
		return true
	}
	return false
}

// MaxHookTimeout bounds a hook's timeout (seconds): a day, so that a
// typo of a few zeros does not leave a hung hook for ever.
const MaxHookTimeout = 86400

// check validates the table, dropping what cannot run, and reports why
// with add.
func (h Hooks) check(add func(format string, a ...any)) Hooks {
	if len(h) == 0 {
		return nil
	}
	out := Hooks{}
	events := make([]string, 0, len(h))
	for e := range h {
		events = append(events, e)
	}
	sort.Strings(events)
	for _, event := range events {
		switch {
		case claudeOnlyEvent(event):
			add("hooks.%s: panto does not fire this event (it fires %s); its hooks never run", event, strings.Join(HookEvents, ", "))
			continue
		case !knownHookEvent(event):
			add("hooks.%s: unknown hook event (panto fires %s)", event, strings.Join(HookEvents, ", "))
			continue
		}
		for i, g := range h[event] {
			where := fmt.Sprintf("hooks.%s[%d]", event, i)
			if _, err := CompileMatcher(g.Matcher); err != nil {
				add("%s: matcher %q: %v", where, g.Matcher, err)
				continue
			}
			var cmds []HookCommand
			for j, c := range g.Hooks {
				w := fmt.Sprintf("%s.hooks[%d]", where, j)
				switch {
				case c.Type != "command" && c.Type != "":
					add("%s: type %q is not run by panto (only \"command\")", w, c.Type)
				case strings.TrimSpace(c.Command) == "":
					add("%s: the command is empty", w)
				case c.Timeout < 0 || c.Timeout > MaxHookTimeout:
					add("%s: timeout %v is not between 0 and %d seconds", w, c.Timeout, MaxHookTimeout)
				default:
					cmds = append(cmds, c)
				}
			}
			if len(cmds) > 0 {
				out[event] = append(out[event], HookGroup{Matcher: g.Matcher, Hooks: cmds, Source: g.Source})
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Add is h with more's groups after its own, event by event.
func (h Hooks) Add(more Hooks) Hooks {
	if len(more) == 0 {
		return h
	}
	out := Hooks{}
	for e, gs := range h {
		out[e] = append(out[e], gs...)
	}
	for e, gs := range more {
		out[e] = append(out[e], gs...)
	}
	return out
}

// CompileMatcher compiles a hook matcher: "" and "*" match everything;
// a list of names joined by | ("Edit|Write") matches exactly those;
// anything else is a regular expression that must match the whole name
// ("mcp__github__.*", "Notebook.*"). The matcher is checked on its own
// first, so an error quotes what the user wrote, and a matcher such as
// "a)|(b" cannot close the anchoring group and match part of a name.
func CompileMatcher(m string) (*regexp.Regexp, error) {
	if m == "" || m == "*" {
		return nil, nil
	}
	if _, err := regexp.Compile(m); err != nil {
		return nil, err
	}
	return regexp.Compile("^(?:" + m + ")$")
}

// HooksFileName is the file beside a layer's config.toml that holds
// hooks in Claude Code's JSON settings format.
const HooksFileName = "hooks.json"

// ParseHooksJSON reads a hooks.json: an object whose "hooks" member is
// Claude Code's hooks setting. Other members of a Claude Code settings
// file (permissions, env, ...) are reported and ignored, so that a
// settings.json copied whole still gives its hooks. A file that is not
// such an object is an error naming the file and line.
func ParseHooksJSON(path string, data []byte) (Hooks, diag.List, error) {
	var warns diag.List
	add := func(format string, a ...any) {
		warns.Add(diag.Diagnostic{File: path, Message: fmt.Sprintf(format, a...), Severity: diag.Warning})
	}
	if len(data) > MaxSize {
		return nil, nil, &diag.Diagnostic{File: path, Message: fmt.Sprintf("%d bytes: a hooks.json is limited to %d", len(data), MaxSize), Severity: diag.Error}
	}
	var top map[string]json.RawMessage
	if err := decodeOne(data, &top); err != nil {
		return nil, nil, hooksJSONError(path, data, err)
	}
	if top == nil {
		return nil, nil, &diag.Diagnostic{File: path, Line: 1, Message: "expected a JSON object with a \"hooks\" member", Severity: diag.Error}
	}
	var others []string
	for k := range top {
		if k != "hooks" && k != "description" && k != "$schema" {
			others = append(others, k)
		}
	}
	if len(others) > 0 {
		sort.Strings(others)
		add("only \"hooks\" is read from this file; ignored: %s", strings.Join(others, ", "))
	}
	raw, ok := top["hooks"]
	if !ok {
		add("no \"hooks\" member: the file configures nothing")
		return nil, warns, nil
	}
	var h Hooks
	if err := decodeOne(raw, &h); err != nil {
		// Offsets are within the member: count from where it starts.
		return nil, nil, hooksJSONError(path, data, shift(err, int64(bytes.Index(data, raw))))
	}
	for _, groups := range h {
		for i := range groups {
			groups[i].Source = path
		}
	}
	return h.check(add), warns, nil
}

// decodeOne decodes one JSON value, refusing trailing data. Fields
// Claude Code added after this reader (statusMessage, async, ...) are
// ignored rather than refused: the hook still runs.
func decodeOne(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("data after the JSON value at offset %d", dec.InputOffset())
	}
	return nil
}

// hooksJSONError is a decoding error with the line and column where the
// decoder stopped.
func hooksJSONError(path string, data []byte, err error) *diag.Diagnostic {
	d := &diag.Diagnostic{File: path, Message: err.Error(), Severity: diag.Error}
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
		d.Message = fmt.Sprintf("%s: expected %s, got %s", te.Field, te.Type, te.Value)
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off >= 0 {
		d.Line = 1 + bytes.Count(data[:off], []byte("\n"))
		d.Column = int(off) - bytes.LastIndexByte(data[:off], '\n')
	}
	return d
}

// shift moves a decoding error's offset by base (the member's start).
func shift(err error, base int64) error {
	if base <= 0 {
		return err
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		se.Offset += base
	case errors.As(err, &te):
		te.Offset += base
	}
	return err
}
