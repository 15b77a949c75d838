package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"panto/agent"
	"panto/agent/conv"
	"panto/agent/provider/builtin"
	"panto/extension/discover"
)

// agentRunFlags are panto run's session flags: a headless turn
// (--prompt), the JSON Lines modes, and which session and model to use.
var agentRunFlags = append([]cli.Flag{
	&cli.StringFlag{Name: "prompt", Usage: "run one headless turn with this user message (\"-\" reads stdin) and print the final answer"},
	&cli.StringFlag{Name: "mode", Usage: "json: print the session's events as JSON Lines; rpc: also read JSON Lines commands on stdin (docs/rpc.md)"},
	&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "with --prompt, show tool activity on stderr; with --list, full descriptions"},
	&cli.IntFlag{Name: "max-requests", Usage: "bound the model requests of one turn (default: the provider's max_requests, else 50)"},
}, sessionFlags()...)

// sessionFlags choose the session and its model; panto run and panto
// alone take them (a flag belongs to one command, so each gets its own).
func sessionFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "model", Usage: "the model as PROVIDER:ALIAS (default: [models] default)"},
		&cli.StringFlag{Name: "reasoning", Usage: "the reasoning label (default: [models] reasoning)"},
		&cli.BoolFlag{Name: "continue", Usage: "continue the latest session of this project"},
		&cli.StringFlag{Name: "session", Usage: "resume the session with this id (or a unique prefix of it)"},
		&cli.BoolFlag{Name: "no-session", Usage: "keep nothing on disk"},
	}, permissionFlags()...)
}

// agentMode reports whether the flags ask for a session.
func agentMode(c *cli.Context) bool {
	return c.IsSet("prompt") || c.IsSet("mode")
}

// openAgentSession opens the session of a run: the target's layers, the
// host's own settings (providers, models) above them, the store, and
// --continue or --session.
func openAgentSession(ctx context.Context, c *cli.Context, target string, trust ed25519.PublicKey, onEvent func(agent.Event), mod ...func(*agent.Options)) (*agent.Session, error) {
	setup, err := runSetup(target, trust)
	if err != nil {
		return nil, err
	}
	if err := setup.AddHostSettings(discover.Options{}); err != nil {
		return nil, userError("run: %v", err)
	}
	// Headless runs never ask: an untrusted project's settings are
	// skipped with one line on stderr.
	if err := gateProject(setup, nil, stderrNote(c.App.ErrWriter)); err != nil {
		return nil, userError("run: %v", err)
	}
	pol, err := sessionPolicy(c, setup)
	if err != nil {
		return nil, userError("run: %v", err)
	}
	o := agent.Options{
		Setup:       setup,
		Permissions: pol,
		Rediscover: gatedRediscover(func() (*discover.Setup, error) {
			s, err := runSetup(target, trust)
			if err != nil {
				return nil, err
			}
			return s, s.AddHostSettings(discover.Options{})
		}),
		NoSession:   c.Bool("no-session"),
		Model:       c.String("model"),
		Reasoning:   c.String("reasoning"),
		MaxRequests: c.Int("max-requests"),
		OnEvent:     onEvent,
		Protocols:   builtinProtocols,
		Stdout:      os.Stderr, // Lua's print must not mix with the answer
		Stderr:      os.Stderr,
		CallTimeout: c.Duration("timeout"),
		TimeoutName: "--timeout",
		LoadBudget:  c.Int64("load-budget"),
	}
	if c.String("mode") != "rpc" {
		// A headless turn's output is text for a terminal or a pipe;
		// an RPC client renders what it gets, styles included.
		if o.Themes, err = themesFor(c, os.Stdout); err != nil {
			return nil, err
		}
	}
	for _, f := range mod {
		f(&o)
	}
	if c.Bool("continue") && c.String("session") != "" {
		return nil, userError("run: give --continue or --session, not both")
	}
	if (c.Bool("continue") || c.String("session") != "") && o.NoSession {
		return nil, userError("run: --no-session keeps no sessions to resume")
	}
	s, err := agent.Open(ctx, o)
	if err != nil {
		return nil, userError("run: %v", err)
	}
	switch {
	case c.Bool("continue"):
		if _, err := s.Continue(ctx); err != nil {
			s.Close()
			return nil, userError("run: --continue: %v", err)
		}
	case c.String("session") != "":
		if err := s.Resume(ctx, c.String("session")); err != nil {
			s.Close()
			return nil, userError("run: --session: %v", err)
		}
	}
	return s, nil
}

// builtinProtocols finds the built-in HTTP protocols (anthropic-messages,
// openai-completions, openai-responses and their aliases).
var builtinProtocols agent.Protocols = builtin.Protocol

// runAgent is --prompt and --mode.
func runAgent(c *cli.Context, target string, trust ed25519.PublicKey) error {
	mode := c.String("mode")
	switch mode {
	case "", "json":
	case "rpc":
		return runRPC(c, target, trust)
	default:
		return userError("run: --mode must be json or rpc, got %q", mode)
	}
	if !c.IsSet("prompt") {
		return userError("run: --mode json needs --prompt TEXT (or use --mode rpc)")
	}
	text, err := promptText(c.String("prompt"), c.App.Reader)
	if err != nil {
		return err
	}
	out := c.App.Writer
	var show func(agent.Event)
	switch {
	case mode == "json":
		enc := json.NewEncoder(out)
		show = func(e agent.Event) { enc.Encode(e) }
	default:
		show = stderrEvents(c.App.ErrWriter, c.Bool("verbose"))
	}
	slow := &slowTools{w: c.App.ErrWriter, stops: map[string]func(){}}
	onEvent := func(e agent.Event) {
		slow.observe(e)
		show(e)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := openAgentSession(ctx, c, target, trust, onEvent)
	if err != nil {
		return err
	}
	defer s.Close()
	slow.s = s
	stop := interruptTurn(s)
	defer stop()
	res, err := s.Prompt(ctx, text)
	if err != nil {
		return userError("run: %v", err)
	}
	switch res.Status {
	case "completed":
		if mode == "" {
			fmt.Fprintln(out, strings.TrimRight(res.Text, "\n"))
		}
		return loadFailures(s.Host())
	case "cancelled":
		return cli.Exit("run: the turn was cancelled", 130)
	}
	return userError("run: the turn failed: %v", res.Err)
}

// promptText is --prompt's text: "-" reads all of stdin.
func promptText(flag string, stdin io.Reader) (string, error) {
	if flag != "-" {
		if strings.TrimSpace(flag) == "" {
			return "", userError("run: --prompt is empty")
		}
		return flag, nil
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		return "", userError("run: --prompt -: %v", err)
	}
	if strings.TrimSpace(string(data)) == "" {
		return "", userError("run: --prompt -: stdin was empty")
	}
	return string(data), nil
}

// interruptTurn makes the first Ctrl-C cancel the running turn (which
// keeps what was persisted) and a second one exit at once with 130.
func interruptTurn(s *agent.Session) func() {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt)
	done := make(chan struct{})
	go func() {
		n := 0
		for {
			select {
			case <-ch:
				n++
				if n == 1 {
					fmt.Fprintln(os.Stderr, "panto: cancelling the turn (Ctrl-C again to quit)")
					s.Cancel()
					continue
				}
				os.Exit(130)
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
		})
	}
}

// slowTools says on stderr where a tool handler of a headless turn is
// when it has run longer than slowAfter, as --tool does. It observes the
// session's events on the owner; the notices come from their timers.
type slowTools struct {
	w     io.Writer
	s     *agent.Session // set once the session is open
	stops map[string]func()
}

func (st *slowTools) observe(e agent.Event) {
	id, _ := e.Fields["id"].(string)
	switch e.Type {
	case "tool_dispatch_start":
		if st.s == nil {
			return
		}
		name, _ := e.Fields["tool_name"].(string)
		if stop := st.stops[id]; stop != nil {
			stop()
		}
		st.stops[id] = slowNotice(st.s.Host().State().Lua(), st.w, "tool "+name)
	case "tool_result":
		if stop := st.stops[id]; stop != nil {
			stop()
			delete(st.stops, id)
		}
	case "turn_end":
		for id, stop := range st.stops {
			stop()
			delete(st.stops, id)
		}
	}
}

// stderrEvents is what a plain headless run says on stderr while its turn
// runs: the session's notices always (a retry after a failed request, a
// compaction: a wait of seconds should not be silent), and the tool
// activity with --verbose.
func stderrEvents(w io.Writer, verbose bool) func(agent.Event) {
	return func(e agent.Event) {
		f := e.Fields
		if !verbose && e.Type != "notice" {
			return
		}
		switch e.Type {
		case "tool_call_complete":
			in, _ := json.Marshal(f["input"])
			fmt.Fprintf(w, "● %s %s\n", f["tool_name"], in)
		case "tool_result":
			out, _ := f["output"].(string)
			mark := "⎿"
			if ok, _ := f["result_ok"].(bool); !ok {
				mark = "⎿ error:"
			}
			fmt.Fprintf(w, "  %s %s\n", mark, firstLineOf(out))
		case "notice":
			fmt.Fprintf(w, "panto: %s\n", f["message"])
		}
	}
}

func firstLineOf(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		n := strings.Count(s, "\n")
		return s[:i] + fmt.Sprintf(" (+%d lines)", n)
	}
	return s
}

type agentBlock = conv.Block

func textBlock(s string) conv.Block { return conv.TextBlock(s) }
