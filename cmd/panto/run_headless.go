package main

import (
	"context"

	"github.com/urfave/cli/v2"

	"panto/agent"
	"panto/extension/discover"
	"panto/tui/theme"
)

// headlessSession opens what --list, --command and --tool run in: a
// session like a turn's (the host's settings, so the configured
// providers, and the native API: panto.agent, the stores, panto.ext.agent)
// that keeps nothing (no session file) and runs no turn of its own.
// docs/sessions.md says what differs from a live session.
func headlessSession(ctx context.Context, c *cli.Context, setup *discover.Setup, themes *theme.Registry) (*agent.Session, error) {
	if err := setup.AddHostSettings(discover.Options{}); err != nil {
		return nil, setupError(err, "run: %v", err)
	}
	// As in a headless turn, an untrusted project's settings are
	// skipped with one line on stderr.
	if err := gateProject(setup, nil, stderrNote(c.App.ErrWriter)); err != nil {
		return nil, userError("run: %v", err)
	}
	s, err := agent.Open(ctx, agent.Options{
		Setup:       setup,
		NoSession:   true,
		Protocols:   builtinProtocols,
		Themes:      themes,
		CallTimeout: c.Duration("timeout"),
		TimeoutName: "--timeout",
		LoadBudget:  c.Int64("load-budget"),
	})
	if err != nil {
		return nil, userError("run: %v", err)
	}
	return s, nil
}
