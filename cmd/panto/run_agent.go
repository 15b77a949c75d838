package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"panto/agent"
	"panto/agent/conv"
	"panto/agent/provider/builtin"
	"panto/extension/discover"
	"panto/stdext"
)

// agentRunFlags are panto run's session flags: a headless turn
// (--prompt), the JSON Lines modes, and which session and model to use.
var agentRunFlags = agentFlags([]string{"v"})

// agentFlags are the flags of a headless session; panto run and panto
// alone take them (a flag belongs to one command, so each gets its own).
// verboseAliases are --verbose's short names: panto alone keeps -v for
// --version.
func agentFlags(verboseAliases []string) []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "prompt", Aliases: []string{"p"}, Usage: "run one headless turn with this user message (\"-\" reads stdin) and print the final answer"},
		&cli.StringFlag{Name: "mode", Usage: "json: print the session's events as JSON Lines; rpc: also read JSON Lines commands on stdin (docs/rpc.md)"},
		&cli.BoolFlag{Name: "verbose", Aliases: verboseAliases, Usage: "with --prompt, show tool activity on stderr; with --list, full descriptions"},
		&cli.IntFlag{Name: "max-requests", Usage: "bound the model requests of one turn (default: the provider's max_requests, else 50)"},
	}, sessionFlags()...)
}

// sessionFlags choose the session and its model; panto run and panto
// alone take them (a flag belongs to one command, so each gets its own).
func sessionFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "model", Usage: "the model as PROVIDER:ALIAS (default: [models] default)"},
		&cli.StringFlag{Name: "reasoning", Usage: "the reasoning label (default: [models] reasoning)"},
		&cli.BoolFlag{Name: "continue", Usage: "continue the latest session of this project"},
		&cli.StringFlag{Name: "session", Usage: "resume the session with this id (or a unique prefix of it), or the one in this session file"},
		&cli.BoolFlag{Name: "no-session", Usage: "keep nothing on disk"},
	}, permissionFlags()...)
}

// agentMode reports whether the flags ask for a session.
func agentMode(c *cli.Context) bool {
	return c.IsSet("prompt") || c.IsSet("mode")
}

// sessionSource is where a session's layers come from: the current
// project (panto alone) or the folder or bundle of panto run.
type sessionSource struct {
	// prefix starts each error: "run: " for panto run, nothing for
	// panto alone.
	prefix string
	// setup discovers the layers, with the host's own settings
	// (providers, models) above them; it runs again on /reload.
	setup func() (*discover.Setup, error)
}

// errorf is a user error that names the command it comes from.
func (src sessionSource) errorf(format string, a ...any) error {
	return userError(src.prefix+format, a...)
}

// targetSource is panto run DIR|BUNDLE: the target as the only layer,
// over the standard tools.
func targetSource(target string, trust ed25519.PublicKey) sessionSource {
	return sessionSource{prefix: "run: ", setup: func() (*discover.Setup, error) {
		s, err := runSetup(target, trust)
		if err != nil {
			return nil, err
		}
		if err := s.AddHostSettings(discover.Options{}); err != nil {
			return nil, setupError(err, "run: %v", err)
		}
		addBuiltinLayers(s)
		return s, nil
	}}
}

// projectSource is panto alone: the standard layers (base, user,
// project, local) of the project the working directory is in, the same
// setup as the interactive session's.
func projectSource() sessionSource {
	return sessionSource{setup: discoverProject}
}

// discoverProject finds the standard layers from the working directory.
func discoverProject() (*discover.Setup, error) {
	s, err := discover.Standard(discover.Options{Base: stdext.FS()})
	if err != nil {
		return nil, userError("%v", err)
	}
	if err := addLinkedLayers(s); err != nil {
		return nil, err
	}
	addBuiltinLayers(s)
	return s, nil
}

// openAgentSession opens the headless session of src: its layers, the
// trust gate, the permission policy, the store, and --continue or
// --session.
func openAgentSession(ctx context.Context, c *cli.Context, src sessionSource, onEvent func(agent.Event), mod ...func(*agent.Options)) (*agent.Session, error) {
	if c.Bool("continue") && c.String("session") != "" {
		return nil, src.errorf("give --continue or --session, not both")
	}
	if (c.Bool("continue") || c.String("session") != "") && c.Bool("no-session") {
		return nil, src.errorf("--no-session keeps no sessions to resume")
	}
	setup, err := src.setup()
	if err != nil {
		return nil, err
	}
	// Headless runs never ask: an untrusted project's settings are
	// skipped with one line on stderr.
	if err := gateProject(setup, nil, stderrNote(c.App.ErrWriter)); err != nil {
		return nil, src.errorf("%v", err)
	}
	pol, err := sessionPolicy(c, setup)
	if err != nil {
		return nil, src.errorf("%v", err)
	}
	o := agent.Options{
		Setup:       setup,
		Permissions: pol,
		Rediscover:  gatedRediscover(src.setup),
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
	s, err := agent.Open(ctx, o)
	if err != nil {
		return nil, src.errorf("%v", err)
	}
	switch {
	case c.Bool("continue"):
		if _, err := s.Continue(ctx); err != nil {
			s.Close()
			return nil, src.errorf("--continue: %v", err)
		}
	case c.String("session") != "":
		if err := resumeSession(ctx, s, c.String("session")); err != nil {
			s.Close()
			return nil, src.errorf("--session: %v", err)
		}
	}
	return s, nil
}

// resumeSession is --session ID|PATH: a value naming a file that exists
// (a path with a separator, or ending in .jsonl) is opened as a session
// file; anything else is an id or a unique prefix of one in the
// project's session folder.
func resumeSession(ctx context.Context, s *agent.Session, v string) error {
	if isSessionPath(v) {
		path, err := filepath.Abs(expandHome(v))
		if err != nil {
			return err
		}
		if _, err := os.Stat(path); err != nil {
			return fmt.Errorf("%s: %v", v, shortPathErr(err))
		}
		return s.ResumePath(ctx, path)
	}
	return s.Resume(ctx, v)
}

// isSessionPath reports whether --session's value is a file rather than
// an id: ids are bare names, so a separator or a .jsonl ending marks a
// path, as does an existing file of that name.
func isSessionPath(v string) bool {
	if strings.ContainsRune(v, '/') || strings.ContainsRune(v, filepath.Separator) || strings.HasSuffix(v, ".jsonl") || strings.HasPrefix(v, "~") {
		return true
	}
	fi, err := os.Stat(v)
	return err == nil && fi.Mode().IsRegular()
}

// expandHome turns a leading ~/ into $HOME, as a shell would have done
// had the path not been quoted.
func expandHome(p string) string {
	if home := os.Getenv("HOME"); home != "" && (p == "~" || strings.HasPrefix(p, "~/")) {
		return filepath.Join(home, p[1:])
	}
	return p
}

// builtinProtocols finds the built-in HTTP protocols (anthropic-messages,
// openai-completions, openai-responses and their aliases).
var builtinProtocols agent.Protocols = builtin.Protocol

// runAgent is --prompt and --mode.
func runAgent(c *cli.Context, src sessionSource) error {
	mode := c.String("mode")
	switch mode {
	case "", "json":
	case "rpc":
		return runRPC(c, src)
	default:
		return src.errorf("--mode must be json or rpc, got %q", mode)
	}
	if !c.IsSet("prompt") {
		return src.errorf("--mode json needs --prompt TEXT (or use --mode rpc)")
	}
	text, err := promptText(src, c.String("prompt"), c.App.Reader)
	if err != nil {
		return err
	}
	out := c.App.Writer
	var show func(agent.Event)
	switch {
	case mode == "json":
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
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
	s, err := openAgentSession(ctx, c, src, onEvent)
	if err != nil {
		return err
	}
	defer s.Close()
	slow.s = s
	stop := interruptTurn(s)
	defer stop()
	res, err := s.PromptAttached(ctx, text)
	if err != nil {
		return src.errorf("%v", err)
	}
	if mode == "" && c.Bool("verbose") {
		if line := s.Agent().CostSummary(); line != "" {
			fmt.Fprintln(c.App.ErrWriter, "panto: "+line)
		}
	}
	switch res.Status {
	case "completed":
		if mode == "" {
			// Written as it is: Fprintln would copy a long answer into
			// its buffer, growing it a quarter at a time.
			io.WriteString(out, strings.TrimRight(res.Text, "\n"))
			io.WriteString(out, "\n")
		}
		return loadFailures(s.Host())
	case "cancelled":
		return cli.Exit(src.prefix+"the turn was cancelled", 130)
	}
	if partial := strings.TrimRight(res.Text, "\n"); partial != "" && mode == "" {
		// The answer had begun when the stream broke: what arrived is
		// kept (in the session too) and printed, and the error says it
		// is incomplete, so a script does not take it for the answer.
		io.WriteString(out, partial)
		io.WriteString(out, "\n")
		return src.errorf("the answer above is incomplete: the turn failed after it began: %v", res.Err)
	}
	return src.errorf("the turn failed: %v", res.Err)
}

// promptText is --prompt's text: "-" reads all of stdin.
func promptText(src sessionSource, flag string, stdin io.Reader) (string, error) {
	if flag != "-" {
		if strings.TrimSpace(flag) == "" {
			return "", src.errorf("--prompt is empty")
		}
		return flag, nil
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		return "", src.errorf("--prompt -: %v", err)
	}
	if strings.TrimSpace(string(data)) == "" {
		return "", src.errorf("--prompt -: stdin was empty")
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
			in, _ := agent.MarshalPlain(f["input"])
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
