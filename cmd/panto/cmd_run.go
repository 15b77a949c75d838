package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"panto/bundle"
	"panto/extension/discover"
	"panto/host"
	"panto/stdext"
	"panto/tui/termtext"
)

// openBundle turns a verified bundle into a setup whose one layer serves
// the bundle's precompiled sources and its read-only resource folder.
func openBundle(path string, trust ed25519.PublicKey) (*discover.Setup, error) {
	setup, _, err := host.OpenBundle(path, bundle.Options{Trust: trust}, discover.Options{})
	return setup, err
}

func init() {
	commands = append(commands, &cli.Command{
		Name:      "run",
		Usage:     "open a session on a bundle or an extension folder (the terminal UI, one --prompt turn, or --mode json|rpc), or list, run a command, call a tool",
		ArgsUsage: "DIR|BUNDLE",
		Description: "A folder is taken as the only layer: its extensions/ and tools/ (and config.toml), over the standard tools.\n" +
			"This is the extension author's command; in a project of your own, panto and panto -p TEXT open its session\n" +
			"over the normal layers (the standard tools, ~/.config/panto, the project's .panto/).\n" +
			"Without a mode flag, the interactive session opens in the terminal.\n" +
			"Examples:\n" +
			"  panto run examples/demo\n" +
			"  panto run examples/demo --prompt \"How many words are in: a b c\"\n" +
			"  panto run examples/demo --mode json --prompt \"count: a b\"\n" +
			"  panto run examples/demo --list\n" +
			"  panto run examples/demo --command \"/greet Ada\"\n" +
			"  panto run examples/demo --tool word_count --input '{\"text\":\"a b c\"}'",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "list", Usage: "print what was registered (tools, commands, protocols, event handlers) and exit"},
			&cli.BoolFlag{Name: "json", Usage: "with --list, print everything registered as JSON, with full descriptions and schemas"},
			&cli.StringFlag{Name: "command", Usage: "run one slash command (\"/name args\") and print its output"},
			&cli.StringFlag{Name: "tool", Usage: "call one tool handler and print its result"},
			&cli.StringFlag{Name: "input", Value: "{}", Usage: "the tool input, a JSON object (with --tool)"},
			&cli.BoolFlag{Name: "render", Usage: "with --tool, also print the tool's transcript block as a terminal would show it"},
			&cli.IntFlag{Name: "width", Value: 80, Usage: "terminal width for --render"},
			colorFlag,
			&cli.StringFlag{Name: "trust", Usage: "require the bundle to be signed by this public key file (from panto keygen)"},
			&cli.DurationFlag{Name: "timeout", Usage: "stop each evaluation, activation or handler call that runs longer than this (e.g. 10s); Ctrl-C always stops it"},
			&cli.Int64Flag{Name: "load-budget", Usage: "VM ticks each evaluation and activation may use (0: the default, 200000000; -1: no limit)"},
		}, agentRunFlags...),
		Action: runAction,
	})
}

func runAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return userError("run: give one extension folder or bundle (panto run DIR|BUNDLE [--list] [--command \"/name args\"] [--tool NAME --input JSON])")
	}
	target := c.Args().First()
	trust, err := trustFlag(c, "run")
	if err != nil {
		return err
	}
	if agentMode(c) {
		return runAgent(c, targetSource(target, trust))
	}
	if !c.Bool("list") && c.String("command") == "" && c.String("tool") == "" {
		return runInteractiveTarget(c, target, trust)
	}
	setup, err := runSetup(target, trust)
	if err != nil {
		return err
	}

	themes, err := themesFor(c, c.App.Writer)
	if err != nil {
		return err
	}
	ctx, stop := interruptContext()
	defer stop()
	s, err := headlessSession(ctx, c, setup, themes)
	if err != nil {
		return err
	}
	defer s.Close()
	h := s.Host()
	if c.Bool("list") || c.String("command") != "" || c.String("tool") != "" {
		// What a one-shot run lists or calls includes the MCP servers'
		// tools and prompts: wait (each server's startup_timeout at most)
		// for the ones still connecting.
		s.MCP().WaitStarted(ctx)
	}

	out := c.App.Writer
	switch {
	case c.Bool("list") && c.Bool("json"):
		if err := printListJSON(out, h); err != nil {
			return userError("run: %v", err)
		}
	case c.Bool("list") && c.Bool("verbose"):
		printVerboseList(out, h)
	case c.Bool("list"):
		printRegistrations(out, h)
	}
	if line := c.String("command"); line != "" {
		name, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		stop := slowNotice(h.State().Lua(), c.App.ErrWriter, "command "+name)
		res, err := h.RunCommand(ctx, line)
		stop()
		if err != nil {
			return userError("%v", err)
		}
		if res != "" {
			fmt.Fprintln(out, strings.TrimSuffix(res, "\n"))
		}
	}
	if name := c.String("tool"); name != "" {
		if err := runTool(ctx, c, h, name); err != nil {
			return err
		}
	}
	return loadFailures(h)
}

// runSetup discovers a folder, or opens a bundle (whose session has no
// home), and puts the standard tools (the embedded base layer) beneath
// it, with the layers linked into this binary (panto build --binary)
// between the two: a folder and the bundle built from it then run
// alike, overriding a standard tool included.
func runSetup(target string, trust ed25519.PublicKey) (*discover.Setup, error) {
	fi, err := os.Stat(target)
	if err != nil {
		return nil, userError("run: %s: %v", target, shortPathErr(err))
	}
	if !fi.IsDir() {
		setup, err := openBundle(target, trust)
		if err != nil {
			return nil, setupError(err, "run: %s: %v", target, err)
		}
		setup.AddBase(stdext.FS(), "")
		return setup, addLinkedLayers(setup)
	}
	if trust != nil {
		return nil, userError("run: --trust applies to bundles; %s is a folder", target)
	}
	setup, err := discover.Folder(target, discover.Options{})
	if err != nil {
		return nil, setupError(err, "run: %s: %v", target, err)
	}
	setup.AddBase(stdext.FS(), "")
	return setup, addLinkedLayers(setup)
}

func runTool(ctx context.Context, c *cli.Context, h *host.Host, name string) error {
	stop := slowNotice(h.State().Lua(), c.App.ErrWriter, "tool "+name)
	tc, err := h.CallTool(ctx, name, c.String("input"))
	stop()
	if err != nil {
		return userError("tool %s: %v", name, err)
	}
	out := c.App.Writer
	if c.Bool("render") {
		width := c.Int("width")
		if width < 1 {
			return userError("run: --width must be at least 1")
		}
		color, err := useColor(c, out)
		if err != nil {
			return err
		}
		for _, row := range tc.Block.Render(ctx, width) {
			if !color {
				row = strings.TrimRight(plain(row), " ")
			}
			fmt.Fprintln(out, row)
		}
	}
	return writeToolResult(out, name, tc)
}

// writeToolResult prints a finished call's output and attachments, or
// returns its failure as a user error; run and watch share it.
func writeToolResult(out io.Writer, name string, tc *host.ToolCall) error {
	if !tc.OK {
		return userError("tool %s: %s", name, tc.Output)
	}
	fmt.Fprintln(out, strings.TrimSuffix(tc.Output, "\n"))
	for i, a := range tc.Attachments {
		mt := a.MediaType
		if mt == "" {
			mt = "no media type"
		}
		fmt.Fprintf(out, "[attachment %d: %s, %d bytes]\n", i+1, mt, len(a.Data))
	}
	return nil
}

// printRegistrations is --list: what was registered and where.
func printRegistrations(out io.Writer, h *host.Host) {
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	section := func(title string, n int) bool {
		fmt.Fprintf(w, "%s (%d)\n", title, n)
		return n > 0
	}
	if section("tools", len(h.Tools())) {
		for _, t := range h.Tools() {
			fmt.Fprintf(w, "  %s\t%s\t%s\n", t.Name, firstSentence(t.Description), t.Source)
		}
	}
	if section("commands", len(h.Commands())) {
		for _, c := range h.Commands() {
			fmt.Fprintf(w, "  /%s\t%s\t%s\n", c.Name, firstSentence(c.Description), c.Source)
		}
	}
	if section("protocols", len(h.Protocols())) {
		for _, p := range h.Protocols() {
			var levels []string
			for _, l := range p.EffortLevels {
				levels = append(levels, l.Label)
			}
			effort := "no effort levels"
			if len(levels) > 0 {
				effort = "effort: " + strings.Join(levels, ", ")
			}
			fmt.Fprintf(w, "  %s\t%s\t%s\n", p.Name, effort, p.Source)
		}
	}
	if section("event handlers", len(h.Handlers())) {
		for _, hd := range h.Handlers() {
			fmt.Fprintf(w, "  %s\t%s\n", hd.Event, hd.Source)
		}
	}
	if skipped := h.Skipped(); len(skipped) > 0 {
		section("skipped", len(skipped))
		for _, s := range skipped {
			fmt.Fprintf(w, "  %s\t%s\t%s\n", s.Name, s.Reason, s.Source)
		}
	}
	w.Flush()
}

// firstSentence keeps --list to one line per registration.
func firstSentence(s string) string {
	return termtext.Truncate(strings.Join(strings.Fields(s), " "), 60)
}

func sessionID() string {
	var b [6]byte
	rand.Read(b[:])
	return "run-" + hex.EncodeToString(b[:])
}

func shortPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// errCtrlC is the cause of the context that Ctrl-C cancels: the error the
// running Lua code stops with, and the one its caller reports.
var errCtrlC = errors.New("interrupted by Ctrl-C")

// interruptContext returns a context that the first Ctrl-C cancels, which
// stops the Lua code running then with an error its caller reports (as
// --timeout does); a second Ctrl-C exits at once with status 130. stop
// gives SIGINT back its default action.
func interruptContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
			fmt.Fprintln(os.Stderr, "panto: interrupting (Ctrl-C again to quit)")
			cancel(errCtrlC)
		case <-done:
			return
		}
		select {
		case <-ch:
			os.Exit(130)
		case <-done:
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel(nil)
		})
	}
}
