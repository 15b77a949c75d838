package hooks

import (
	"path/filepath"
)

// claudeNames maps panto's standard tools to the names Claude Code
// gives the same tools; the first is what a hook's tool_name says. A
// matcher may name either ("Bash" and "shell" both select the shell
// tool). Tools not listed (MCP tools, mcp__server__tool in both; a
// layer's own tools) keep their names.
var claudeNames = map[string][]string{
	"shell":     {"Bash"},
	"edit":      {"Edit", "MultiEdit"},
	"write":     {"Write"},
	"read":      {"Read"},
	"grep":      {"Grep"},
	"find":      {"Glob"},
	"ls":        {"LS"},
	"web_fetch": {"WebFetch"},
	"task":      {"Task", "Agent"},
	"todo":      {"TodoWrite"},
}

// ClaudeName is the tool_name a hook sees for a panto tool.
func ClaudeName(tool string) string {
	if n := claudeNames[tool]; len(n) > 0 {
		return n[0]
	}
	return tool
}

// Targets are the names a matcher is tried against for a panto tool:
// Claude Code's names and panto's own.
func Targets(tool string) []string {
	return append(append([]string(nil), claudeNames[tool]...), tool)
}

// renames are the input fields whose Claude Code name differs, per tool.
var renames = map[string]map[string]string{
	"shell": {"timeout_ms": "timeout"},
	"edit":  {"path": "file_path"},
	"write": {"path": "file_path"},
	"read":  {"path": "file_path"},
	"grep":  {"ignore_case": "-i"},
}

// absolute are the tools whose path Claude Code gives as an absolute
// path (file_path; LS's path).
var absolute = map[string]string{"edit": "file_path", "write": "file_path", "read": "file_path", "ls": "path"}

// ClaudeInput is a call's input as Claude Code would give it: fields
// renamed (path to file_path, timeout_ms to timeout, ...) and file paths
// made absolute against dir; other fields stay as they are, so a hook
// that reads panto's names works too.
func ClaudeInput(tool string, input map[string]any, dir string) map[string]any {
	out := make(map[string]any, len(input))
	ren := renames[tool]
	for k, v := range input {
		if to, ok := ren[k]; ok {
			k = to
		}
		out[k] = v
	}
	if f := absolute[tool]; f != "" {
		p, _ := out[f].(string)
		if f == "path" && p == "" {
			p = "."
		}
		if p != "" && !filepath.IsAbs(p) && dir != "" {
			out[f] = filepath.Join(dir, p)
		}
	}
	return out
}

// PantoInput turns a hook's updatedInput (Claude Code's field names)
// back into the tool's field names.
func PantoInput(tool string, input map[string]any) map[string]any {
	back := map[string]string{}
	for from, to := range renames[tool] {
		back[to] = from
	}
	out := make(map[string]any, len(input))
	for k, v := range input {
		if from, ok := back[k]; ok {
			k = from
		}
		out[k] = v
	}
	return out
}
