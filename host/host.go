// Package host runs extensions: it evaluates the sources discovery found,
// activates them into a Lua state, gives them require("panto"), and keeps
// what they registered (tools, slash commands, provider protocols, event
// handlers) so that a session, a TUI or `panto run` can call them.
//
// One Host is one session's extension runtime. Its Lua state is owned by
// an event loop (runtime/luv), and every method must be called from the
// goroutine that owns it. Rebuild tears the state down and evaluates and
// activates everything again, as /new, /resume and watch mode need;
// registered themes survive because they live outside the state.
package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"panto/extension/config"
	"panto/extension/discover"
	"panto/tui/theme"
)

// Options configure a Host.
type Options struct {
	// Setup is what discovery found: the layers (lowest precedence
	// first), the project root and home for panto.ext.dirs.
	Setup *discover.Setup
	// Session describes the session for session_info() and the
	// session_ready/session_end events; nil means no session host, and
	// session_info() answers nil, "no session host is available".
	Session *SessionInfo
	// Stdout and Stderr receive Lua's print and io.write (default: the
	// process's).
	Stdout, Stderr io.Writer
	// Report receives problems as they happen (default: written to
	// Stderr as "panto: <stage>: <message>").
	Report func(Problem)
	// Budget limits every slice of Lua execution (a handler running until
	// it returns or awaits) to this many VM ticks; 0 is unlimited. It is
	// what stops an endless loop when no context deadline is set.
	Budget int64
	// LoadBudget limits each evaluation and each activation to this many
	// VM ticks (0: DefaultLoadBudget; negative: none of its own), so that
	// one endless loop at load fails its entry with a message that says
	// so, and the others load, with or without a CallTimeout. Budget
	// applies instead when it is smaller.
	LoadBudget int64
	// CallTimeout bounds each evaluation, activation and handler call on
	// its own (0: none), not the whole run: one that runs longer fails
	// with "ran past <TimeoutName> <d>" and its file and line.
	CallTimeout time.Duration
	// TimeoutName is how that message names the limit ("--timeout");
	// empty says "its time limit of <d>".
	TimeoutName string
	// Terminal is the TUI, when there is one: run_foreground needs it to
	// hand the terminal to a child process. nil means no TUI.
	Terminal Terminal
	// Themes is the theme registry behind panto.ext.style; nil gives the
	// host a registry of its own. Registrations survive every rebuild of
	// the state, as the spec promises; a UI that outlives hosts passes
	// one registry to all of them.
	Themes *theme.Registry
	// Module, when set, adds to require("panto") in every state (see
	// ModuleFunc).
	Module ModuleFunc
	// Natives adds tools and commands written in Go that live outside
	// the Lua state (see Natives); nil adds none.
	Natives Natives
	// Sandbox makes the host a check host (see sandbox.go): os.execute,
	// io.popen, writing files, luv's processes and the like raise an
	// error instead of acting, and io.read sees no input, so that
	// loading a tree to check it has no effect outside the state.
	Sandbox bool
}

// SessionInfo is what session_info() returns.
type SessionInfo struct {
	ID, Directory, Model, Reasoning string
	// APIStyle is the model's protocol and BaseURL its endpoint (empty
	// when no model is configured).
	APIStyle, BaseURL string
}

// SetSession replaces what session_info() reports and what
// session_ready/session_end carry: the session changes on /new and
// /resume, the model on /model.
func (h *Host) SetSession(s *SessionInfo) { h.opts.Session = s }

// Session returns what session_info() reports, or nil.
func (h *Host) Session() *SessionInfo { return h.opts.Session }

// Terminal is the part of a TUI that run_foreground needs.
type Terminal interface {
	// Suspend restores the terminal for a child with inherited stdio.
	Suspend() error
	// Resume takes the terminal back and redraws.
	Resume() error
}

// Skip records an extension (or one of its declarations) that was
// found but not activated, and why.
type Skip struct {
	Name, Source, Reason string
}

// Host is one session's extension runtime.
type Host struct {
	opts  Options
	setup *discover.Setup
	cfg   *config.Merged

	themes *theme.Registry

	vm       *vm
	gen      int // bumped at every rebuild: handles of older states are dead
	problems []Problem
	skipped  []Skip
	calls    int // tool calls so far, for ids and indexes
}

// New evaluates and activates every extension of the setup. Broken
// extensions do not make it fail: they are reported (Problems) and the
// others load. The error is for a host that cannot start at all.
func New(ctx context.Context, opts Options) (*Host, error) {
	if opts.Setup == nil {
		return nil, errors.New("host: Options.Setup is required")
	}
	if opts.Stdout == nil {
		opts.Stdout = os.Stdout
	}
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	if opts.Themes == nil {
		opts.Themes = theme.NewRegistry()
	}
	h := &Host{opts: opts, setup: opts.Setup, cfg: opts.Setup.Config(), themes: opts.Themes}
	for _, p := range opts.Setup.Problems() {
		h.report(Problem{Stage: StageConfig, Diagnostic: p})
	}
	h.build(ctx)
	return h, nil
}

// build makes a fresh Lua state and loads everything into it.
func (h *Host) build(ctx context.Context) {
	h.gen++
	h.skipped = nil
	h.vm = newVM(h)
	h.load(ctx)
	if s := h.opts.Session; s != nil {
		h.fire(ctx, "session_ready", nil, fieldValues{
			"session_id": str(s.ID), "directory": str(s.Directory),
			"model": optString(s.Model), "reasoning": optString(s.Reasoning),
		})
	}
}

// Rebuild ends the current Lua state and evaluates and activates every
// extension again in a new one. reason ("new", "resume", "tree",
// "reload") is passed to session_end handlers.
//
// Problems start over but for the configuration's, which the rebuild does
// not read again: what Problems reports afterwards describes the new
// state (and the old one's teardown).
func (h *Host) Rebuild(ctx context.Context, reason string) {
	h.problems = slices.DeleteFunc(h.problems, func(p Problem) bool { return p.Stage != StageConfig })
	h.teardown(ctx, reason)
	h.build(ctx)
}

// RebuildAs is Rebuild for a session switch (/new, /resume): session_end
// fires for the old session, session_ready for s, the new one.
func (h *Host) RebuildAs(ctx context.Context, reason string, s *SessionInfo) {
	h.problems = slices.DeleteFunc(h.problems, func(p Problem) bool { return p.Stage != StageConfig })
	h.teardown(ctx, reason)
	h.opts.Session = s
	h.build(ctx)
}

// Reload is Rebuild from a fresh discovery: watch mode rescans the folder
// on every save, because a save can add or remove entries or change
// config.toml, which the old setup cannot know. Problems start over, so
// they describe the new state only; session and themes carry on.
func (h *Host) Reload(ctx context.Context, setup *discover.Setup, reason string) {
	h.teardown(ctx, reason)
	h.opts.Setup, h.setup, h.cfg, h.problems = setup, setup, setup.Config(), nil
	for _, p := range setup.Problems() {
		h.report(Problem{Stage: StageConfig, Diagnostic: p})
	}
	h.build(ctx)
}

// Close ends the session: session_end handlers run, protocols are closed,
// the loop and the state are released.
func (h *Host) Close() {
	if h.vm != nil {
		h.teardown(context.Background(), "quit")
	}
}

func (h *Host) teardown(ctx context.Context, reason string) {
	v := h.vm
	if v == nil {
		return
	}
	if s := h.opts.Session; s != nil {
		h.fire(ctx, "session_end", nil, fieldValues{"session_id": str(s.ID), "reason": optString(reason)})
	}
	for _, p := range sortedValues(v.reg.protocols) {
		if p.Close.IsNil() {
			continue
		}
		if _, err := v.loop.CallSync(ctx, p.Close, p.Decl); err != nil {
			h.report(problemAt(StageTeardown, p.Source, "", fmt.Sprintf("protocol '%s' close: %s", p.Name, firstLine(err.Error()))))
		}
	}
	v.close()
	h.vm = nil
}

var errClosed = errors.New("the session is closed")

// report records a problem and hands it to Options.Report.
func (h *Host) report(p Problem) {
	if p.Stage == StageEvaluate || p.Stage == StageActivate || p.Stage == StageConfig {
		h.problems = append(h.problems, p)
	}
	if h.opts.Report != nil {
		h.opts.Report(p)
		return
	}
	fmt.Fprintln(h.opts.Stderr, "panto: "+p.String())
}

// Report records a problem found by Go code working for the host (a
// session running an extension protocol's callbacks, say) as the host
// records its own.
func (h *Host) Report(p Problem) { h.report(p) }

// Problems returns what went wrong while loading (configuration,
// evaluation, activation), in order.
func (h *Host) Problems() []Problem { return h.problems }

// Skipped returns what was found but not activated: denied or not allowed
// by [extensions], or shadowed by a higher-precedence entry.
func (h *Host) Skipped() []Skip { return h.skipped }

// reg is the live registry; after Close it is empty.
func (h *Host) reg() *registry {
	if h.vm == nil {
		return newRegistry()
	}
	return h.vm.reg
}

// Tools returns the registered tools sorted by name.
func (h *Host) Tools() []*Tool { return h.allTools(h.reg()) }

// Tool returns a registered tool, or nil.
func (h *Host) Tool(name string) *Tool { return h.lookupTool(h.reg(), name) }

// Commands returns the registered slash commands sorted by name.
func (h *Host) Commands() []*Command { return h.allCommands(h.reg()) }

// Protocols returns the registered protocols sorted by name.
func (h *Host) Protocols() []*Protocol { return sortedValues(h.reg().protocols) }

// Handlers returns the event handlers in registration order.
func (h *Host) Handlers() []*Handler { return append([]*Handler(nil), h.reg().handlers...) }

// Config returns the merged configuration.
func (h *Host) Config() *config.Merged { return h.cfg }

// UserConfigPath is the user's config.toml as messages name it
// ($XDG_CONFIG_HOME/panto/config.toml when that is set), or "" when the
// setup has no user configuration folder.
func (h *Host) UserConfigPath() string {
	if h.setup == nil || h.setup.ConfigHome == "" {
		return ""
	}
	return h.setup.Display(filepath.Join(h.setup.ConfigHome, "config.toml"))
}
