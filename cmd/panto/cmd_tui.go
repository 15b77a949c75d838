package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"panto/agent"
	"panto/agent/store"
	"panto/extension/discover"
	"panto/extension/trust"
	"panto/host"
	"panto/tui/app"
	"panto/tui/term"
	"panto/tui/theme"
	"panto/tui/trustui"
)

// rootFlags are `panto`'s own: the session flags of `panto run`, for
// the interactive session and for a headless one (-p, --mode) alike.
var rootFlags = agentFlags(nil)

// rootAction is `panto` without a command: the session over the normal
// layers (base, user, project, local), with the project root found from
// the working directory; in the terminal UI, or headless with --prompt
// or --mode.
func rootAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return userError("unknown command %q (see panto --help)", c.Args().First())
	}
	if agentMode(c) {
		return runAgent(c, projectSource())
	}
	setup, err := discoverProject()
	if err != nil {
		return err
	}
	return runInteractive(c, setup, discoverProject)
}

// runInteractiveTarget is `panto run DIR|BUNDLE` without a mode flag.
func runInteractiveTarget(c *cli.Context, target string, trust ed25519.PublicKey) error {
	rediscover := func() (*discover.Setup, error) {
		s, err := runSetup(target, trust)
		if err != nil {
			return nil, err
		}
		if err := s.AddHostSettings(discover.Options{}); err != nil {
			return s, err
		}
		addBuiltinLayers(s)
		return s, nil
	}
	setup, err := rediscover()
	if err != nil {
		return err
	}
	return runInteractive(c, setup, rediscover)
}

// runInteractive opens the terminal UI on a session over setup.
func runInteractive(c *cli.Context, setup *discover.Setup, rediscover func() (*discover.Setup, error)) error {
	if !isTerminal(os.Stdin) || !isTerminal(os.Stdout) {
		return userError("the interactive session needs a terminal (for one headless turn, give -p TEXT or --prompt TEXT; for JSON Lines, --mode json|rpc)")
	}
	if c.Bool("continue") && c.String("session") != "" {
		return userError("give --continue or --session, not both")
	}
	t, err := term.Open(os.Stdin, os.Stdout)
	if err != nil {
		return userError("%v", err)
	}
	defer t.Close()
	if err := gateProject(setup, trustDialog(t), setupNote(setup)); err != nil {
		if errors.Is(err, errQuitAtTrust) {
			return cli.Exit("", 130)
		}
		return userError("%v", err)
	}
	if rediscover != nil {
		rediscover = gatedRediscover(rediscover)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	themes := theme.NewRegistry()
	history := ""
	if setup.DataHome != "" {
		history = filepath.Join(setup.DataHome, "history", filepath.Base(store.ProjectDir("", setup.ProjectRoot))+".jsonl")
	}
	ui := app.New(app.Options{
		In: t.Input, Out: os.Stdout, Term: t, Resizes: term.Resizes(ctx),
		HistoryPath: history, Plain: !term.ColorAllowed(os.Getenv), Themes: themes, Home: os.Getenv("HOME"),
	})
	pol, err := sessionPolicy(c, setup)
	if err != nil {
		return userError("%v", err)
	}
	s, err := agent.Open(ctx, agent.Options{
		Setup: setup, Rediscover: rediscover, Permissions: pol, Ask: ui.Ask,
		NoSession: c.Bool("no-session"), Model: c.String("model"), Reasoning: c.String("reasoning"),
		Protocols: builtinProtocols, OnEvent: ui.OnEvent, Report: ui.Problem,
		Stdout: ui.Output(), Stderr: ui.Output(), Terminal: ui, Themes: themes,
		CallTimeout: c.Duration("timeout"), TimeoutName: "--timeout", LoadBudget: c.Int64("load-budget"),
	})
	if err != nil {
		return userError("%v", err)
	}
	defer s.Close()
	switch {
	case c.Bool("continue"):
		if _, err := s.Continue(ctx); err != nil {
			return userError("--continue: %v", err)
		}
	case c.String("session") != "":
		if err := resumeSession(ctx, s, c.String("session")); err != nil {
			return userError("--session: %v", err)
		}
	}
	ui.Attach(s)
	if err := ui.Run(ctx); err != nil {
		return userError("%v", err)
	}
	t.Close() // what follows is printed on the user's own terminal again
	return quitStatus(os.Stderr, s.Host())
}

// errQuitAtTrust is the trust dialog's Ctrl-C: panto ends without a
// session.
var errQuitAtTrust = errors.New("quit at the trust dialog")

// trustDialog asks on the terminal whether to trust a project's layer,
// before the session's UI (or anything of the project) starts.
func trustDialog(t *term.Terminal) askTrust {
	return func(p *trust.Project) (bool, error) {
		width, _, err := t.Size()
		if err != nil {
			width = 80
		}
		a, err := trustui.Ask(context.Background(), t.Input, os.Stdout, p.Summarize(), trustui.Options{Width: width, Plain: !term.ColorAllowed(os.Getenv)})
		switch {
		case err != nil:
			return false, err
		case a == trustui.Quit:
			return false, errQuitAtTrust
		}
		return a == trustui.Trust, nil
	}
}

// quitStatus is how an interactive session ends once the terminal is the
// user's again: the entries that failed to load were shown in the UI as
// they happened, but they may have scrolled far away, so they are listed
// once more and the exit is 1, as in every other run mode; a session
// whose extensions all loaded quits with 0.
func quitStatus(w io.Writer, h *host.Host) error {
	err := loadFailures(h)
	if err == nil {
		return nil
	}
	for _, p := range h.Problems() {
		if p.Stage == host.StageEvaluate || p.Stage == host.StageActivate {
			fmt.Fprintln(w, "panto: "+p.String())
		}
	}
	return err
}
