package hooks

import (
	"context"
	"testing"

	"panto/extension/config"
)

// BenchmarkRunHook is the cost a hook adds to a tool call: a process
// start of /bin/sh running `true`, the event on its stdin, its answer.
func BenchmarkRunHook(b *testing.B) {
	s := New([]config.HooksOf{{Path: "bench", Hooks: config.Hooks{
		"PreToolUse": {{Matcher: "Bash", Hooks: []config.HookCommand{{Type: "command", Command: "cat > /dev/null"}}}},
	}}}, b.TempDir())
	in := map[string]any{"tool_name": "Bash", "tool_input": map[string]any{"command": "ls"}}
	for b.Loop() {
		if o := s.Run(context.Background(), "PreToolUse", Targets("shell"), in); len(o.Results) != 1 || o.Results[0].ExitCode != 0 {
			b.Fatalf("%+v", o)
		}
	}
}

// BenchmarkNoMatch is the cost for a call no hook matches.
func BenchmarkNoMatch(b *testing.B) {
	s := New([]config.HooksOf{{Path: "bench", Hooks: config.Hooks{
		"PreToolUse": {{Matcher: "Write|Edit", Hooks: []config.HookCommand{{Type: "command", Command: "true"}}}},
	}}}, b.TempDir())
	for b.Loop() {
		s.Run(context.Background(), "PreToolUse", Targets("shell"), nil)
	}
}
