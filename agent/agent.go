package agent

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"panto/agent/conv"
	"panto/agent/store"
	"panto/host"
)

// recorder is where an agent's messages are persisted: a store writer,
// or a Lua table given as store.
type recorder interface {
	Append(*store.Entry) error
	Sync() error
	Close() error
	SessionID() string
	Leaf() string
}

// Agent is one conversation with a model: the session agent (the one
// the user talks to, borrowed by extensions as panto.ext.agent) or an
// owned agent made with panto.agent { ... }.
//
// Its conversation is guarded by mu: the turn goroutine appends to it
// while Lua on the owner may read it.
type Agent struct {
	sess     *Session
	borrowed bool   // the session agent
	lane     string // durable context suffix: "" for the session agent
	// depth is how deep a subagent nests (0: the session agent and the
	// agents extensions own); subagent names its definition.
	depth    int
	subagent string

	mu   sync.Mutex
	conv *conv.Conversation
	rec  recorder
	// checkpoints are the file changes of write tools in this session,
	// in order (checkpoint.go); /rewind restores from them.
	checkpoints []store.Checkpoint
	// todos is the task list the todo tool keeps (todo.go).
	todos   []Todo
	model   *Model
	system  string // "" means the conversation's own system messages
	usage   conv.Usage
	costs   costLedger // usage and cost by model, resumed history included
	lastCtx int64      // context size of the last request
	// scale is the provider's token count over panto's estimate, as the
	// last report showed it (0: none yet); overhead the estimated tokens
	// of the last request's system prompt and tools. They let the next
	// request's size be known before it is sent.
	scale    float64
	overhead int64
	// compactErr is the reason the last automatic compaction failed,
	// reported once ("" after a success).
	compactErr string
	turns      int
	running    bool
	cancel     context.CancelFunc
	steer      []submission
	followup   []submission
	job        *Job

	// Tools: the session agent offers every registered tool; an owned
	// agent offers the host tools it selected (set_tools) and its own.
	toolNames []string
	local     map[string]*host.Tool
	localList []string

	maxRequests int
	// meta is the session's metadata (an owned agent's run or run_async
	// metadata), recorded in its listing summary.
	meta []byte
}

// submission is a message queued for the agent (panto.ext.agent:submit,
// a UI's steering Enter, --mode rpc steer/follow_up).
type submission struct {
	blocks []conv.Block
}

// Conversation returns a snapshot of the conversation.
func (a *Agent) Conversation() *conv.Conversation {
	a.mu.Lock()
	defer a.mu.Unlock()
	return &conv.Conversation{Messages: a.conv.Snapshot(), Offloaded: a.conv.Offloaded}
}

// SessionID is the id its store knows the conversation by.
func (a *Agent) SessionID() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.rec == nil {
		return ""
	}
	return a.rec.SessionID()
}

// Usage is the total the model reported over the agent's turns, and the
// size of the context its last request used.
func (a *Agent) Usage() (total conv.Usage, lastContext int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.usage, a.lastCtx
}

// Model is the agent's resolved model (nil when none is configured).
func (a *Agent) Model() *Model {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.model
}

// Running reports whether a turn is in progress.
func (a *Agent) Running() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.running
}

// Submit queues a message: a steering message is injected at the next
// safe point of the running turn (after every pending tool call has its
// result), a follow-up waits for the turn to end. With no turn running,
// both wait for the next one (Session.RunQueued starts it).
func (a *Agent) Submit(blocks []conv.Block, followup bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if followup {
		a.followup = append(a.followup, submission{blocks})
	} else {
		a.steer = append(a.steer, submission{blocks})
	}
}

// Queued reports how many submissions wait (steering, follow-up).
func (a *Agent) Queued() (steer, followup int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.steer), len(a.followup)
}

// takeSteering empties the steering queue.
func (a *Agent) takeSteering() []submission {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := a.steer
	a.steer = nil
	return s
}

// takeNext pops the next queued submission (steering first), if any.
func (a *Agent) takeNext() (submission, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.steer) > 0 {
		s := a.steer[0]
		a.steer = a.steer[1:]
		return s, true
	}
	if len(a.followup) > 0 {
		s := a.followup[0]
		a.followup = a.followup[1:]
		return s, true
	}
	return submission{}, false
}

// Cancel cancels the running turn, if any; it is safe from any
// goroutine.
func (a *Agent) Cancel() {
	a.mu.Lock()
	c := a.cancel
	a.mu.Unlock()
	if c != nil {
		c()
	}
}

// errBusy refuses what cannot happen while a turn or a job runs.
var errBusy = errors.New("a turn is running")

// begin marks a turn as running and returns its context.
func (a *Agent) begin(ctx context.Context) (context.Context, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.running {
		return nil, errBusy
	}
	if a.job != nil && !a.job.settled() {
		return nil, fmt.Errorf("a job is running on this agent")
	}
	ctx, cancel := context.WithCancel(ctx)
	a.running, a.cancel = true, cancel
	return ctx, nil
}

func (a *Agent) end() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.cancel != nil {
		a.cancel()
	}
	a.running, a.cancel = false, nil
}

// appendMessage persists m and adds it to the conversation; the stored
// message (with its id) is returned.
func (a *Agent) appendMessage(m conv.Message) (conv.Message, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	typ := store.TypeMessage
	if m.Role == conv.System {
		typ = store.TypePantoMessage
	}
	var err error
	if a.rec != nil {
		e := &store.Entry{Type: typ, Message: &m}
		err = a.rec.Append(e)
		// A message line has no metadata field (pi's format): a message
		// born with metadata (a tool result naming its subagent's
		// transcript) records it the way set_message_metadata does.
		if err == nil && len(m.Metadata) > 0 {
			err = a.rec.Append(&store.Entry{Type: store.TypePantoMetadata, TargetID: m.ID, Metadata: m.Metadata})
		}
	}
	a.conv.Append(m)
	return m, err
}

// forgetCompacted drops from memory the messages the latest compaction
// summary replaced, when the store can read them back (a session file:
// /tree, store:load and the transcript of a resume read them there). It
// keeps a long session's memory to what the model sees. a.mu is held.
func (a *Agent) forgetCompacted() {
	if _, ok := a.rec.(*store.Writer); !ok {
		return
	}
	a.conv.ForgetCompacted()
}

// ContextStats describes the agent's context: the messages its next
// request carries (the latest summary counting as one) and their tokens
// (the last request's reported size, else an estimate), and the messages
// of the whole branch, those compaction dropped from memory included.
func (a *Agent) ContextStats() (messages int, tokens int64, total int) {
	a.mu.Lock()
	active := a.conv.Active()
	tokens = a.lastCtx
	if tokens == 0 && len(active) > 0 {
		tokens = a.overhead + estimateTokens(active)
		if a.scale > 0 {
			tokens = int64(float64(tokens) * a.scale)
		}
	}
	total = a.conv.Offloaded + a.conv.Len()
	a.mu.Unlock()
	return len(sendable(active)), tokens, total
}

// markDispatched records that the tool calls of message id are about to
// run (store.TypePantoToolsStarted).
func (a *Agent) markDispatched(id string) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.rec == nil || id == "" {
		return nil
	}
	return a.rec.Append(&store.Entry{Type: store.TypePantoToolsStarted, TargetID: id})
}

// systemPrompt is the effective system prompt: the agent's own, else the
// conversation's system messages.
func (a *Agent) systemPrompt() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.system != "" {
		return a.system
	}
	return a.conv.SystemPrompt()
}

// contextKey is the durable context string a protocol may key upstream
// state on: stable across the turns of one conversation.
func (a *Agent) contextKey() string {
	id := a.SessionID()
	if a.lane != "" {
		return id + "/" + a.lane
	}
	return id
}
