package agent

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"panto/agent/agentdef"
	"panto/agent/conv"
	"panto/agent/hooks"
	"panto/agent/mcp"
	"panto/agent/provider"
	"panto/agent/provider/builtin"
	"panto/agent/store"
	"panto/extension/config"
	"panto/extension/discover"
	"panto/host"
	"panto/permission"
	"panto/runtime/luv"
	"panto/tui/theme"
)

// Options configure a Session.
type Options struct {
	// Setup is what discovery found (required).
	Setup *discover.Setup
	// Rediscover scans the same layers again, for /reload; nil reuses
	// Setup.
	Rediscover func() (*discover.Setup, error)
	// Store keeps the session's messages; nil is the JSON Lines store of
	// the project under the data home (sessions/--<project>--<hash>/).
	Store store.Store
	// NoSession keeps nothing on disk (--no-session).
	NoSession bool
	// Model and Reasoning override the configured defaults.
	Model, Reasoning string
	// SystemPrompt is the session agent's system prompt ("" is panto's
	// default; see DefaultSystemPrompt).
	SystemPrompt string
	// MaxSubagentDepth bounds how deep subagents nest (0:
	// DefaultMaxSubagentDepth).
	MaxSubagentDepth int
	// MaxRequests bounds the model requests of one turn (0: the
	// provider's max_requests, else DefaultMaxRequests).
	MaxRequests int
	// Protocols finds built-in protocols by name.
	Protocols Protocols
	// Backoff is the retry policy (nil: provider.DefaultBackoff).
	Backoff *provider.Backoff
	// Getenv reads credentials' environment variables (nil: os.Getenv).
	Getenv func(string) string
	// OnEvent observes the session's events, on the owner goroutine.
	OnEvent func(Event)
	// Permissions judges every tool call before its handler runs
	// (package permission; docs/permissions.md). nil runs every call:
	// for embedders that decide elsewhere, and panto test.
	Permissions *permission.Policy
	// Ask puts a call the policy asks about to the user, from the turn's
	// goroutine, and waits for the answer (the terminal UI, an RPC
	// client). nil is a headless run: the call is denied, the model is
	// told why, and a notice says which rule or flag would allow it.
	Ask func(ctx context.Context, q permission.Question) permission.Answer
	// The rest goes to the host (see host.Options).
	Stdout, Stderr io.Writer
	Report         func(host.Problem)
	Budget         int64
	LoadBudget     int64
	CallTimeout    time.Duration
	TimeoutName    string
	Terminal       host.Terminal
	Themes         *theme.Registry
}

// Session is one agent session: the host with the extensions' Lua state,
// the session agent and its store. Its methods must be called on the
// owner goroutine (see the package doc), except Cancel and Submit.
type Session struct {
	opts   Options
	setup  *discover.Setup
	host   *host.Host
	owner  owner
	agent  *Agent
	store  store.Store
	protos protocols
	cwd    string

	modelErr error // why no model resolved (reported when a turn needs one)

	mu    sync.Mutex
	lanes int       // owned agents made so far, for their context keys
	runs  []*Run    // turns not yet finished
	jobs  []*Job    // live jobs, closed with the session
	ctxs  []usedCtx // context keys given to extension protocols
	// boneHooks are the bone layer's before_turn handlers (bone.go).
	boneHooks     *boneHooks
	boneAnnounced bool
	// mcpPending holds MCP state changes until mcpLive (see mcpChanged).
	mcpPending []mcp.Status
	mcpLive    bool
	// defs are the subagent definitions (loaded when first asked for,
	// again after a reload); subLinks the transcripts of subagents whose
	// parent's tool result is not yet recorded.
	defs     *agentdef.Registry
	subLinks map[linkKey]subagentLink

	root       context.Context // owned agents' turns and jobs run under it
	rootCancel context.CancelFunc

	// mcp runs the configured MCP servers; their tools and prompts reach
	// the host as natives.
	mcp *mcp.Manager

	// hooks are the configuration's hooks (nil: none); startContext is
	// what SessionStart hooks added, not yet given to the model.
	hooks        *hooks.Set
	startContext []string
	// updatedInputs are PreToolUse hooks' rewritten inputs, by call id,
	// until the call's decision takes them.
	updatedInputs sync.Map

	curLoop atomic.Pointer[luv.Loop]
	// posted is what Post was given and the owner has not run yet; see
	// post.go. postMu also orders Post against refreshLoop.
	postMu sync.Mutex
	posted []func()
	// bindings are the native API of the latest state that required
	// panto (for tests).
	bindings *bindings

	// dropCallStart is a test hook, nil outside tests: when it returns
	// true for a tool call's id, the call's start does nothing on the
	// owner, as when a cancel made owner.do drop it before it ran. The
	// call's completion can still run then (the owner had started it
	// when the cancel came) and must do without the host call; no test
	// could arrange that timing otherwise. Set it before the turn starts.
	dropCallStart func(id string) bool
}

// baseSystemPrompt is the session agent's system prompt as a session
// starts: Options.SystemPrompt, else DefaultSystemPrompt read afresh.
func (s *Session) baseSystemPrompt() string {
	if s.opts.SystemPrompt != "" {
		return s.opts.SystemPrompt
	}
	return DefaultSystemPrompt(s.setup, time.Now())
}

// usedCtx is a context key an extension protocol saw, released at
// detach.
type usedCtx struct{ protocol, key string }

// Open starts a new session (Resume and Continue switch to a stored one).
func Open(ctx context.Context, o Options) (*Session, error) {
	if o.Setup == nil {
		return nil, errors.New("agent: Options.Setup is required")
	}
	s := &Session{opts: o, setup: o.Setup, cwd: o.Setup.ProjectRoot}
	s.protos.builtin = o.Protocols
	if s.protos.builtin == nil {
		s.protos.builtin = builtin.Protocol
	}
	switch {
	case o.NoSession:
		s.store = store.NullStore{}
	case o.Store != nil:
		s.store = o.Store
	default:
		if o.Setup.DataHome == "" {
			return nil, errors.New("no data home for sessions: set $HOME or $XDG_DATA_HOME, or use --no-session")
		}
		s.store = store.NewFileStore(store.ProjectDir(filepath.Join(o.Setup.DataHome, "sessions"), s.cwd))
	}
	rec, err := s.store.Create(s.cwd, "")
	if err != nil {
		return nil, err
	}
	s.agent = &Agent{sess: s, borrowed: true, conv: &conv.Conversation{}, rec: rec, system: s.baseSystemPrompt()}
	s.startMCP()
	h, err := host.New(ctx, host.Options{
		Setup: o.Setup, Session: s.info(), Module: s.module,
		Stdout: o.Stdout, Stderr: o.Stderr, Report: o.Report, Budget: o.Budget,
		LoadBudget: o.LoadBudget, CallTimeout: o.CallTimeout, TimeoutName: o.TimeoutName,
		Terminal: o.Terminal, Themes: o.Themes, Natives: s.mcp,
	})
	if err != nil {
		s.mcp.Close()
		return nil, err
	}
	s.host = h
	s.refreshLoop()
	s.owner = owner{loop: s.loop}
	s.flushMCP()
	s.selectModel(o.Model, o.Reasoning)
	s.addSandboxVoter()
	s.setupHooks()
	s.sessionStart(ctx, "startup")
	return s, nil
}

// loop is the current Lua state's loop, or nil after Close. Any
// goroutine may ask (a turn handing work over, a job waking the owner),
// so it is kept in an atomic, set on the owner whenever the state
// changes (refreshLoop).
func (s *Session) loop() *luv.Loop { return s.curLoop.Load() }

// selectModel resolves the session agent's model; a failure is kept and
// reported when a turn needs the model.
func (s *Session) selectModel(ref, reasoning string) {
	m, err := resolveModel(s.host, ref, reasoning)
	s.agent.mu.Lock()
	s.agent.model, s.modelErr = m, err
	s.agent.mu.Unlock()
	s.host.SetSession(s.info())
}

// SetModel switches the session agent's model (/model).
func (s *Session) SetModel(ref, reasoning string) error {
	m, err := resolveModel(s.host, ref, reasoning)
	if err != nil {
		return err
	}
	s.agent.mu.Lock()
	s.agent.model, s.modelErr = m, nil
	s.agent.mu.Unlock()
	s.host.SetSession(s.info())
	return s.agent.recordModel()
}

// info is what session_info() and the session events report.
func (s *Session) info() *host.SessionInfo {
	a := s.agent
	in := &host.SessionInfo{ID: a.SessionID(), Directory: s.cwd}
	if m := a.Model(); m != nil {
		in.Model, in.Reasoning = m.Reference(), m.Reasoning
		in.APIStyle, in.BaseURL = m.API(), m.Config.BaseURL
		if spec, ok := builtin.Lookup(m.Config.Protocol); ok && in.BaseURL == "" {
			in.BaseURL = spec.BaseURL
		}
	} else if s.host != nil {
		in.Model, in.Reasoning = s.host.Config().Models.Default, s.host.Config().Models.Reasoning
	}
	return in
}

// Host is the session's extension host.
func (s *Session) Host() *host.Host { return s.host }

// Agent is the session agent.
func (s *Session) Agent() *Agent { return s.agent }

// Store is where the session's messages are kept.
func (s *Session) Store() store.Store { return s.store }

// ID is the session's id.
func (s *Session) ID() string { return s.agent.SessionID() }

// ModelError says why the session has no model, or nil.
func (s *Session) ModelError() error {
	s.agent.mu.Lock()
	defer s.agent.mu.Unlock()
	return s.modelErr
}

// providerConfig is the merged configuration of a provider.
func (s *Session) providerConfig(name string) config.Provider {
	return s.host.Config().Providers[name]
}

// baseRequest is a request to m with everything but the conversation:
// for a built-in protocol its endpoint, key, headers and limits
// (builtin.Configure: a missing key fails here, naming the variable);
// for an extension or the script protocol the configured base URL. An
// extension that registered a protocol under a built-in's name wins, so
// its requests need no key.
func (s *Session) baseRequest(ctx context.Context, m *Model) (*provider.Request, error) {
	tgt, err := s.target(m)
	if err != nil {
		registered := false
		s.owner.do(ctx, func() {
			for _, p := range s.host.Protocols() {
				registered = registered || p.Name == m.Config.Protocol
			}
		})
		if !registered {
			return nil, err
		}
		tgt = nil
	}
	if tgt != nil {
		req := tgt.Request()
		req.Protocol = m.Config.Protocol
		return req, nil
	}
	return &provider.Request{Protocol: m.Config.Protocol, Provider: m.Provider, Model: m.ID,
		BaseURL: m.Config.BaseURL, MaxTokens: m.Config.ModelMaxTokens(m.Alias)}, nil
}

func (s *Session) backoff() provider.Backoff {
	if s.opts.Backoff != nil {
		return *s.opts.Backoff
	}
	return provider.DefaultBackoff
}

// emit delivers an event to the observer (on the owner).
func (s *Session) emit(e Event) {
	if s.opts.OnEvent != nil {
		s.opts.OnEvent(e)
	}
}

// sessionEvents is the session agent's event sink: host events fire and
// the observer sees each.
type sessionEvents struct{ s *Session }

func (e sessionEvents) hostEvents() bool { return true }
func (e sessionEvents) emit(ev Event)    { e.s.emit(ev) }

// Run is a turn (and the queued submissions after it) in progress.
type Run struct {
	done   chan struct{}
	result Result
	mu     sync.Mutex
}

// Done reports whether the run finished.
func (r *Run) Done() bool {
	select {
	case <-r.done:
		return true
	default:
		return false
	}
}

// Wait blocks until the run finished (any goroutine but the owner; the
// owner uses Session.Wait) and returns the last turn's result.
func (r *Run) Wait() Result {
	<-r.done
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.result
}

// Start begins a user turn on its own goroutine and returns at once; the
// owner must keep turning the loop (Session.Wait, Session.Run) while it
// runs. After the turn, queued submissions run as further turns.
func (s *Session) Start(ctx context.Context, blocks []conv.Block) (*Run, error) {
	if err := s.ModelError(); err != nil {
		return nil, err
	}
	a := s.agent
	tctx, err := a.begin(ctx)
	if err != nil {
		return nil, err
	}
	if err := a.recordModelOnce(); err != nil {
		a.end()
		return nil, err
	}
	r := &Run{done: make(chan struct{})}
	go func() {
		res := s.runTurns(tctx, blocks)
		a.end()
		r.mu.Lock()
		r.result = res
		r.mu.Unlock()
		close(r.done)
		if lp := s.loop(); lp != nil {
			lp.Post(func() {}) // wake an owner waiting in Wait
		}
	}()
	return r, nil
}

// runTurns runs the turn and then each queued submission, the way the
// host input path would deliver them one after another.
func (s *Session) runTurns(ctx context.Context, blocks []conv.Block) Result {
	for {
		t := &turn{a: s.agent, s: s, ctx: ctx, ev: sessionEvents{s}, dispatch: true, purpose: "turn"}
		res := t.run(blocks)
		if res.Status != "completed" {
			return res
		}
		next, ok := s.agent.takeNext()
		if !ok {
			return res
		}
		blocks = next.blocks
	}
}

// Wait turns the loop (on the owner) until r finishes or ctx ends, and
// returns r's result. Cancelling ctx cancels the turn; Wait then still
// waits for the turn to wind down (its results persisted).
func (s *Session) Wait(ctx context.Context, r *Run) Result {
	lp := s.loop()
	if lp == nil {
		return Result{Status: "failed", Err: errOwnerGone}
	}
	if err := lp.RunUntil(ctx, r.Done); err != nil {
		s.agent.Cancel()
		lp.RunUntil(context.Background(), r.Done)
	}
	return r.Wait()
}

// Prompt runs one user turn to its end (and the submissions queued
// meanwhile), turning the loop while it runs.
func (s *Session) Prompt(ctx context.Context, text string) (Result, error) {
	r, err := s.Start(ctx, []conv.Block{conv.TextBlock(text)})
	if err != nil {
		return Result{}, err
	}
	return s.Wait(ctx, r), nil
}

// PromptAttached is Prompt for what a person typed: the prompt's @path
// mentions attach what they name (Attach), as in the terminal UI; one
// that cannot be attached is the error, and nothing is sent.
func (s *Session) PromptAttached(ctx context.Context, text string) (Result, error) {
	extra, _, err := s.Attach(ctx, text)
	if err != nil {
		return Result{}, err
	}
	r, err := s.Start(ctx, append([]conv.Block{conv.TextBlock(text)}, extra...))
	if err != nil {
		return Result{}, err
	}
	return s.Wait(ctx, r), nil
}

// RunLoop turns the loop until done reports true or ctx ends: what a UI
// or the rpc mode does between and during turns. It carries on across
// /new, /resume, /tree and /reload, which replace the Lua state and its
// loop (usually from code the loop itself is running): when the loop it
// turns closes and another has taken its place, it turns the new one.
func (s *Session) RunLoop(ctx context.Context, done func() bool) error {
	for {
		lp := s.loop()
		if lp == nil {
			return errOwnerGone
		}
		err := lp.RunUntil(ctx, done)
		if errors.Is(err, luv.ErrClosed) && s.loop() != nil && s.loop() != lp {
			continue
		}
		return err
	}
}

// Cancel cancels the session agent's running turn; safe from any
// goroutine.
func (s *Session) Cancel() { s.agent.Cancel() }

// Submit queues a submission for the session agent (steering, or a
// follow-up); safe from any goroutine.
func (s *Session) Submit(text string, followup bool) {
	s.agent.Submit([]conv.Block{conv.TextBlock(text)}, followup)
}

// RunQueued starts a turn with the next queued submission when no turn
// runs; it reports whether it started one.
func (s *Session) RunQueued(ctx context.Context) (*Run, bool) {
	if s.agent.Running() {
		return nil, false
	}
	next, ok := s.agent.takeNext()
	if !ok {
		return nil, false
	}
	r, err := s.Start(ctx, next.blocks)
	if err != nil {
		s.emit(Event{Type: "error", Fields: map[string]any{"message": err.Error()}})
		return nil, false
	}
	return r, true
}

// Close ends the session: protocols release their contexts, session_end
// fires, the store is synced and closed.
func (s *Session) Close() {
	if s.host == nil {
		return
	}
	s.agent.Cancel()
	s.sessionEnd("other")
	s.mu.Lock()
	if s.rootCancel != nil {
		s.rootCancel()
	}
	s.mu.Unlock()
	s.closeJobs()
	s.releaseContexts()
	s.setLoop(nil)
	s.host.Close()
	s.mcp.Close()
	s.agent.mu.Lock()
	if s.agent.rec != nil {
		s.agent.rec.Close()
	}
	s.agent.mu.Unlock()
}

// recordModelOnce writes the model into a session that has no message
// yet, so a resume knows what it ran with.
func (a *Agent) recordModelOnce() error {
	a.mu.Lock()
	empty := a.conv.Len() == 0
	a.mu.Unlock()
	if !empty {
		return nil
	}
	return a.recordModel()
}

// recordModel appends model_change (and thinking_level_change) entries.
func (a *Agent) recordModel() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.rec == nil || a.model == nil {
		return nil
	}
	if err := a.rec.Append(&store.Entry{Type: store.TypeModelChange, Provider: a.model.Provider, Model: a.model.ID}); err != nil {
		return err
	}
	if a.model.Reasoning != "" {
		return a.rec.Append(&store.Entry{Type: store.TypeThinkingLevel, ThinkingLevel: a.model.Reasoning})
	}
	return nil
}

// sync ends a turn on disk: the listing summary, then an fsync.
func (a *Agent) sync() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.rec == nil {
		return
	}
	if a.conv.Len() > 0 {
		sum := &store.Summary{MessageCount: a.conv.Offloaded + a.conv.Len()}
		for i := len(a.conv.Messages) - 1; i >= 0; i-- {
			if a.conv.Messages[i].Role == conv.User {
				sum.LastUserMessage = truncateRunes(PromptText(&a.conv.Messages[i]), 200)
				break
			}
		}
		if m := a.model; m != nil {
			sum.API, sum.Model, sum.Reasoning = m.API(), m.Reference(), m.Reasoning
			sum.BaseURL = m.Config.BaseURL
		}
		sum.Metadata = a.meta
		a.rec.Append(&store.Entry{Type: store.TypePantoSummary, Info: sum})
	}
	a.rec.Sync()
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// errNoSessionStore is what /resume says with --no-session.
var errNoSessionStore = errors.New("sessions are not kept (--no-session)")

// hostProblem reports a session-level problem the host's way.
func hostProblem(subject, msg string) host.Problem {
	return host.NewProblem(host.StageSession, "", subject, msg)
}
