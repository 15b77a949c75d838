// Package hooks runs the shell hooks of the configuration, in the format
// Claude Code defined: for an event (PreToolUse, PostToolUse,
// UserPromptSubmit, Stop, SessionStart, SessionEnd), the commands whose
// matcher selects the tool (or the session's source) run with the event
// as JSON on standard input, in the project folder, and answer with
// their exit code and, optionally, JSON on standard output. The session
// (package agent) decides where each event fires and what an Outcome
// does there; this package only runs commands and reads their answers,
// so that it can be tested without a session. docs/hooks.md is the
// user's reference.
//
// Matching hooks of one event run concurrently (identical commands
// once), each in a process group of its own that is killed, with
// everything it started, when its timeout passes or the turn is
// cancelled.
package hooks

import (
	"context"
	"regexp"
	"sync"
	"time"

	"panto/extension/config"
)

// DefaultTimeout is a hook's timeout when it sets none, Claude Code's.
const DefaultTimeout = 60 * time.Second

// Hook is one configured command.
type Hook struct {
	Event   string
	Matcher string
	match   *regexp.Regexp // nil: every target
	Command string
	Timeout time.Duration
	// Source is the file that configured it.
	Source string
}

// Matches reports whether the hook applies to any of targets (a tool's
// names, or a session's source). Events without targets match always.
func (h Hook) Matches(targets []string) bool {
	if h.match == nil || len(targets) == 0 {
		return true
	}
	for _, t := range targets {
		if h.match.MatchString(t) {
			return true
		}
	}
	return false
}

// Set is the hooks of a session.
type Set struct {
	hooks []Hook
	// Dir is where commands run and what CLAUDE_PROJECT_DIR and
	// PANTO_PROJECT_DIR say: the project root.
	Dir string
}

// New collects the hooks of the merged configuration's files, lowest
// precedence first. Matchers that do not compile were dropped with a
// warning when the file was read.
func New(files []config.HooksOf, dir string) *Set {
	s := &Set{Dir: dir}
	for _, f := range files {
		for _, event := range config.HookEvents {
			for _, g := range f.Hooks[event] {
				re, err := config.CompileMatcher(g.Matcher)
				if err != nil {
					continue
				}
				src := f.Path
				if g.Source != "" {
					src = g.Source
				}
				for _, c := range g.Hooks {
					t := DefaultTimeout
					if c.Timeout > 0 {
						t = time.Duration(c.Timeout * float64(time.Second))
					}
					s.hooks = append(s.hooks, Hook{Event: event, Matcher: g.Matcher, match: re, Command: c.Command, Timeout: t, Source: src})
				}
			}
		}
	}
	return s
}

// Has reports whether any hook is configured for event.
func (s *Set) Has(event string) bool {
	if s == nil {
		return false
	}
	for _, h := range s.hooks {
		if h.Event == event {
			return true
		}
	}
	return false
}

// Hooks are the configured hooks.
func (s *Set) Hooks() []Hook {
	if s == nil {
		return nil
	}
	return s.hooks
}

// matching are the hooks of event that match targets, each command once.
func (s *Set) matching(event string, targets []string) []Hook {
	var out []Hook
	seen := map[string]bool{}
	for _, h := range s.hooks {
		if h.Event != event || !h.Matches(targets) || seen[h.Command] {
			continue
		}
		seen[h.Command] = true
		out = append(out, h)
	}
	return out
}

// Run runs the hooks of event that match targets with input (the
// event's fields; hook_event_name is added) and combines what they
// answered. It returns a zero Outcome at once when none match.
func (s *Set) Run(ctx context.Context, event string, targets []string, input map[string]any) Outcome {
	if s == nil {
		return Outcome{Event: event}
	}
	hs := s.matching(event, targets)
	if len(hs) == 0 {
		return Outcome{Event: event}
	}
	in := make(map[string]any, len(input)+1)
	for k, v := range input {
		in[k] = v
	}
	in["hook_event_name"] = event
	results := make([]Result, len(hs))
	var wg sync.WaitGroup
	for i, h := range hs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = s.run(ctx, h, in)
		}()
	}
	wg.Wait()
	return combine(event, results)
}
