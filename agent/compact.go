package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"panto/agent/conv"
	"panto/agent/provider"
	"panto/agent/store"
	"panto/host"
)

// Compaction keeps a long conversation inside the model's window: the
// older messages are summarised by the model into a compaction summary,
// and the active context becomes the summary plus the recent messages
// (conv.Conversation.Active). The defaults are pi's: reserve 16,384
// tokens below the window, keep about 20,000 recent tokens, and cut only
// before a user message (never between a tool call and its result).
const (
	compactReserve = 16384
	compactKeep    = 20000
	// summaryToolChars bounds each tool result in the summary's input.
	summaryToolChars = 2000
)

// summaryPrompt is the system prompt of a compaction request.
const summaryPrompt = `You summarise a coding session so that it can continue from the summary alone. ` +
	`Write these sections, each a short list: Goal; Constraints and preferences; Progress (done, in progress); ` +
	`Key decisions; Next steps; Critical context (names, values, errors that matter); Files read and modified. ` +
	`Be specific: paths, function names, commands. Do not invent anything.`

// maybeCompact compacts when the last request came close to the model's
// context window.
func (s *Session) maybeCompact(ctx context.Context, a *Agent, ev events) error {
	m := a.Model()
	if m == nil {
		return nil
	}
	window := m.ContextWindow()
	if window <= 0 {
		return nil
	}
	_, last := a.Usage()
	if last == 0 || last < window-compactReserve {
		return nil
	}
	return s.compact(ctx, a, "", ev)
}

// errNothingToCompact: the conversation is too short to summarise.
var errNothingToCompact = errors.New("nothing to compact: the conversation is shorter than what compaction keeps")

// compact summarises the older part of a's conversation. summary, when
// not empty, is used as it is (an extension supplying its own) instead
// of asking the model.
func (s *Session) compact(ctx context.Context, a *Agent, summary string, ev events) error {
	a.mu.Lock()
	msgs := a.conv.Snapshot()
	prev := ""
	start := 0
	if k := a.conv.LastCompaction(); k >= 0 {
		prev = a.conv.Messages[k].Text()
		start = k + 1
		if f := indexOfID(msgs, a.conv.Messages[k].FirstKept, k); f >= 0 {
			start = f
		}
	}
	before := a.lastCtx
	a.mu.Unlock()
	cut := cutPoint(msgs, start)
	if cut <= start && summary == "" {
		return errNothingToCompact
	}
	if summary == "" {
		var err error
		summary, err = s.summarise(ctx, a, prev, msgs[start:cut])
		if err != nil {
			return err
		}
	}
	kept := ""
	if cut < len(msgs) {
		kept = msgs[cut].ID
	}
	if before == 0 {
		before = estimateTokens(msgs[start:])
	}
	m := conv.Message{Role: conv.Compaction, Blocks: []conv.Block{conv.TextBlock(summary)}, FirstKept: kept, TokensBefore: before, Time: time.Now()}
	a.mu.Lock()
	if a.rec != nil {
		e := &store.Entry{Type: store.TypeCompaction, Summary: summary, FirstKept: kept, TokensBefore: before}
		if err := a.rec.Append(e); err != nil {
			a.mu.Unlock()
			return err
		}
		m.ID, m.ParentID = e.ID, e.ParentID
	}
	a.conv.Append(m)
	a.lastCtx = 0
	a.mu.Unlock()
	s.resetContext(ctx, a)
	e := Event{Type: "compaction", Fields: map[string]any{"summary": summary, "tokens_before": before, "first_kept": kept}}
	if ev != nil && ev.hostEvents() {
		s.owner.do(ctx, func() { ev.emit(e) })
	} else if ev != nil {
		ev.emit(e)
	}
	return nil
}

func indexOfID(ms []conv.Message, id string, n int) int {
	for i := 0; i < n && i < len(ms); i++ {
		if ms[i].ID == id && id != "" {
			return i
		}
	}
	return -1
}

// cutPoint is the index of the first message to keep: walking back
// from the end until about compactKeep tokens are kept, then back to the
// user message that starts that exchange. Messages before it (from
// start) are summarised.
func cutPoint(ms []conv.Message, start int) int {
	kept := int64(0)
	cut := len(ms)
	for i := len(ms) - 1; i >= start; i-- {
		kept += estimateTokens(ms[i : i+1])
		cut = i
		if kept >= compactKeep {
			break
		}
	}
	if kept < compactKeep {
		return start // everything fits: nothing to summarise
	}
	for i := cut; i >= start; i-- {
		if ms[i].Role == conv.User {
			return i
		}
	}
	for i := cut; i < len(ms); i++ {
		if ms[i].Role == conv.User {
			return i
		}
	}
	return start
}

// estimateTokens guesses a token count at four characters a token, the
// usual rule of thumb; compaction needs a bound, not an exact figure.
func estimateTokens(ms []conv.Message) int64 {
	var n int64
	for _, m := range ms {
		for _, b := range m.Blocks {
			n += int64(len(b.Text)+len(b.Arguments)+len(b.Name)) / 4
			if b.Type == conv.Image {
				n += 1000
			}
		}
	}
	return n
}

// summarise asks the model for the summary of msgs (after the previous
// summary, if any).
func (s *Session) summarise(ctx context.Context, a *Agent, prev string, msgs []conv.Message) (string, error) {
	m := a.Model()
	if m == nil {
		return "", errors.New("no model to summarise with")
	}
	var in strings.Builder
	if prev != "" {
		in.WriteString("The summary of the conversation so far:\n\n" + prev + "\n\nWhat happened after it:\n\n")
	}
	c := &conv.Conversation{}
	for _, msg := range msgs {
		msg = msg.Clone()
		if msg.Role == conv.Tool {
			for i, b := range msg.Blocks {
				if b.Type == conv.Text && len(b.Text) > summaryToolChars {
					msg.Blocks[i].Text = b.Text[:summaryToolChars] + "\n[… cut for the summary]"
				}
			}
		}
		c.Append(msg)
	}
	in.WriteString(c.Transcript())
	in.WriteString("\n\nSummarise the conversation above as instructed.")
	req, err := s.baseRequest(ctx, m)
	if err != nil {
		return "", fmt.Errorf("compaction: %w", err)
	}
	req.Purpose, req.Effort, req.ContextKey, req.System = "compaction", m.Reasoning, a.contextKey(), summaryPrompt
	req.Messages = []conv.Message{{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(in.String())}}}
	req.Transcript, req.ToolChoice = c.Transcript(), provider.ToolChoice{Mode: "none"}
	st, err := s.open(ctx, req, nil)
	if err != nil {
		return "", fmt.Errorf("compaction: %w", err)
	}
	defer st.close()
	var out strings.Builder
	for {
		ev, err := st.recv(ctx)
		if errors.Is(err, io.EOF) || err == nil && ev.Type == provider.Done {
			break
		}
		if err != nil {
			st.abandon()
			return "", fmt.Errorf("compaction: %w", err)
		}
		if ev.Type == provider.TextDelta {
			out.WriteString(ev.Text)
		}
	}
	if strings.TrimSpace(out.String()) == "" {
		return "", errors.New("compaction: the model returned an empty summary")
	}
	return out.String(), nil
}

// Compact summarises the session agent's older messages now (/compact);
// summary, when given, is used instead of asking the model. It runs the
// summary request on its own goroutine while the owner turns the loop.
func (s *Session) Compact(ctx context.Context, summary string) error {
	a := s.agent
	tctx, err := a.begin(ctx)
	if err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() {
		done <- s.compact(tctx, a, summary, sessionEvents{s})
		if lp := s.loop(); lp != nil {
			lp.Post(func() {})
		}
	}()
	var cerr error
	finished := false
	s.RunLoop(ctx, func() bool {
		select {
		case cerr = <-done:
			finished = true
		default:
		}
		return finished
	})
	a.end()
	if !finished {
		cerr = <-done
	}
	if cerr == nil {
		a.sync()
	}
	return cerr
}

// resetContext tells an extension protocol that the conversation behind
// a context key was compacted (reset_context).
func (s *Session) resetContext(ctx context.Context, a *Agent) {
	m := a.Model()
	if m == nil {
		return
	}
	key := a.contextKey()
	s.owner.do(context.WithoutCancel(ctx), func() {
		s.callProtocol(m.Config.Protocol, "reset_context", key)
	})
}

// callProtocol calls a registered protocol's context callback (on the
// owner); absent protocols and callbacks are skipped.
func (s *Session) callProtocol(name, callback, key string) {
	if s.host.State() == nil {
		return
	}
	for _, p := range s.host.Protocols() {
		if p.Name != name {
			continue
		}
		fn := p.ResetContext
		if callback == "release_context" {
			fn = p.ReleaseContext
		}
		if fn.IsNil() {
			return
		}
		if _, err := s.host.State().Loop().CallSync(context.Background(), fn, p.Decl, str(key)); err != nil {
			s.host.Report(host.NewProblem(host.StageHandler, sourceFile(p.Source), "protocol '"+name+"' "+callback, firstLine(err.Error())))
		}
	}
}

// releaseContexts runs release_context for every context key handed to
// an extension protocol (at detach: a session switch or the end).
func (s *Session) releaseContexts() {
	s.mu.Lock()
	used := s.ctxs
	s.ctxs = nil
	s.mu.Unlock()
	for _, u := range used {
		s.callProtocol(u.protocol, "release_context", u.key)
	}
}

// noteContext remembers that an extension protocol saw a context key.
func (s *Session) noteContext(protocol, key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range s.ctxs {
		if u.protocol == protocol && u.key == key {
			return
		}
	}
	s.ctxs = append(s.ctxs, usedCtx{protocol, key})
}
