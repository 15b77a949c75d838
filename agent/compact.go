package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
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
// (conv.Conversation.Active). How much is reserved and kept scales with
// the window (windowBudget); the cut falls before a user message, or
// inside a long turn before an assistant message, never between a tool
// call and its result.
const (
	// summaryToolChars bounds each tool result in the summary's input.
	summaryToolChars = 2000
)

// summaryPrompt is the system prompt of a compaction request.
const summaryPrompt = `You summarise a coding session so that it can continue from the summary alone. ` +
	`Write these sections, each a short list: Goal; Constraints and preferences; Progress (done, in progress); ` +
	`Key decisions; Next steps; Critical context (names, values, errors that matter); Files read and modified. ` +
	`Be specific: paths, function names, commands. Do not invent anything.`

// maybeCompact compacts when the next request would come close to the
// model's context window. It does nothing, without an error, when what
// could be summarised is too small to help: then the request is cut to
// fit instead (fitRequest).
func (s *Session) maybeCompact(ctx context.Context, a *Agent, ev events) error {
	b := budgetFor(a.Model())
	if b.window <= 0 {
		return nil
	}
	if a.nextContext() < b.limit() {
		return nil
	}
	err := s.compactKeeping(ctx, a, "", b.keep, ev)
	if errors.Is(err, errNothingToCompact) {
		return nil
	}
	return err
}

// nextContext estimates the context of the agent's next request: the
// active messages and the last request's system prompt and tools,
// corrected by the provider's reports.
func (a *Agent) nextContext() int64 {
	a.mu.Lock()
	est := a.overhead + estimateTokens(a.conv.Active())
	a.mu.Unlock()
	return a.scaled(est)
}

// compactFailed records a failed automatic compaction and reports
// whether its reason is new (a reason is reported once, not on every
// request).
func (a *Agent) compactFailed(err error) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if err.Error() == a.compactErr {
		return false
	}
	a.compactErr = err.Error()
	return true
}

// errNothingToCompact: the conversation is too short to summarise.
var errNothingToCompact = errors.New("nothing to compact: the conversation is shorter than what compaction keeps")

// compact summarises the older part of a's conversation, keeping what
// the model's budget keeps. summary, when not empty, is used as it is
// (an extension supplying its own) instead of asking the model.
func (s *Session) compact(ctx context.Context, a *Agent, summary string, ev events) error {
	keep := budgetFor(a.Model()).keep
	if keep <= 0 {
		keep = maxKeep
	}
	return s.compactKeeping(ctx, a, summary, keep, ev)
}

func (s *Session) compactKeeping(ctx context.Context, a *Agent, summary string, keep int64, ev events) error {
	a.mu.Lock()
	prev := ""
	start := 0
	spent := costLedger{} // what the part before start cost
	if k := a.conv.LastCompaction(); k >= 0 {
		prev = a.conv.Messages[k].Text()
		start = k + 1
		if f := indexOfID(a.conv.Messages, a.conv.Messages[k].FirstKept, k); f >= 0 {
			start = f
		}
		for _, sp := range a.conv.Messages[k].SpentBefore {
			spent.addSpend(sp)
		}
	}
	// Only the part from start can be summarised or kept: copy that.
	msgs := make([]conv.Message, len(a.conv.Messages)-start)
	for i := range msgs {
		msgs[i] = a.conv.Messages[start+i].Clone()
	}
	before := a.lastCtx
	a.mu.Unlock()
	cut := cutPoint(msgs, 0, keep)
	if cut <= 0 && summary == "" {
		return errNothingToCompact
	}
	var request *conv.Spend // the summary request's own usage and cost
	if summary == "" {
		var err error
		summary, request, err = s.summarise(ctx, a, prev, msgs[:cut])
		if err != nil {
			return err
		}
	}
	kept := ""
	if cut < len(msgs) {
		kept = msgs[cut].ID
	}
	if before == 0 {
		before = estimateTokens(msgs)
	}
	// The summary carries what the messages it stands for cost, so a
	// resume that reads the session from the first kept one on still
	// sums all of it.
	for _, m := range msgs[:max(cut, 0)] {
		spent.add(m)
	}
	if request != nil {
		spent.addSpend(*request)
	}
	var spentBefore []conv.Spend
	if len(spent) > 0 {
		spentBefore = spent.spends()
	}
	m := conv.Message{Role: conv.Compaction, Blocks: []conv.Block{conv.TextBlock(summary)}, FirstKept: kept, TokensBefore: before, SpentBefore: spentBefore, Time: time.Now()}
	a.mu.Lock()
	if a.rec != nil {
		e := &store.Entry{Type: store.TypeCompaction, Summary: summary, FirstKept: kept, TokensBefore: before, SpentBefore: spentBefore}
		if err := a.rec.Append(e); err != nil {
			a.mu.Unlock()
			return err
		}
		m.ID, m.ParentID = e.ID, e.ParentID
		// A resume reads the file back only to the compaction: the task
		// list is written again after it, so it is not left behind.
		if len(a.todos) > 0 {
			if err := a.recordTodosLocked(); err != nil {
				a.mu.Unlock()
				return err
			}
		}
	}
	a.conv.Append(m)
	if request != nil {
		// The summary request is spent like a turn's: in the session's
		// cost now, and carried by the summary for a resume.
		a.usage.Add(request.Usage)
		if a.costs == nil {
			a.costs = costLedger{}
		}
		a.costs.addSpend(*request)
	}
	a.lastCtx = 0
	a.compactErr = ""
	a.forgetCompacted()
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
// from the end until about keep tokens are kept, then back to the
// nearest message a kept part may start with (a user message, or an
// assistant message inside a long turn: the summary stands before it),
// never at start or before. Messages from start to the cut are
// summarised; start means nothing can be.
func cutPoint(ms []conv.Message, start int, keep int64) int {
	kept := int64(0)
	cut := len(ms)
	for i := len(ms) - 1; i > start; i-- {
		kept += messageTokens(&ms[i])
		cut = i
		if kept >= keep {
			break
		}
	}
	if kept < keep {
		return start // everything fits: nothing to summarise
	}
	canStart := func(m *conv.Message) bool { return m.Role == conv.User || m.Role == conv.Assistant }
	// The user message starting the exchange, unless that keeps twice
	// what was asked (a long turn): then the nearest assistant message.
	extra := int64(0)
	for i := cut; i > start; i-- {
		if ms[i].Role == conv.User {
			return i
		}
		if extra += messageTokens(&ms[i-1]); kept+extra > 2*keep {
			break
		}
	}
	for i := cut; i > start; i-- {
		if canStart(&ms[i]) {
			return i
		}
	}
	for i := cut + 1; i < len(ms); i++ {
		if canStart(&ms[i]) {
			return i
		}
	}
	return start
}

// summarise asks the model for the summary of msgs (after the previous
// summary, if any), and says what the request used and cost (nil when
// the provider reported nothing).
func (s *Session) summarise(ctx context.Context, a *Agent, prev string, msgs []conv.Message) (string, *conv.Spend, error) {
	m := a.Model()
	if m == nil {
		return "", nil, errors.New("no model to summarise with")
	}
	var in strings.Builder
	// msgs holds the previous summary itself when the messages it kept
	// are summarised now: the transcript then starts with it, and saying
	// it again would send it twice.
	if prev != "" && !slices.ContainsFunc(msgs, func(m conv.Message) bool { return m.Role == conv.Compaction }) {
		in.WriteString("The summary of the conversation so far:\n\n" + prev + "\n\nWhat happened after it:\n\n")
	}
	// The summary request must fit the window too: tool results are cut
	// shorter until the transcript fits, then its middle goes.
	room := int64(0)
	if b := budgetFor(m); b.window > 0 {
		room = int64(float64(b.limit()-int64(len(summaryPrompt)+len(prev))/4) / max(a.scaleNow(), 1) * 4)
		room = max(room, 4096)
	}
	var transcript string
	for toolChars := summaryToolChars; ; toolChars /= 4 {
		transcript = summaryTranscript(msgs, toolChars)
		if room == 0 || int64(len(transcript)) <= room || toolChars < 100 {
			break
		}
	}
	if room > 0 && int64(len(transcript)) > room {
		transcript = clipMiddle(transcript, int(room))
	}
	in.WriteString(transcript)
	in.WriteString("\n\nSummarise the conversation above as instructed.")
	req, err := s.baseRequest(ctx, m)
	if err != nil {
		return "", nil, fmt.Errorf("compaction: %w", err)
	}
	req.Purpose, req.Effort, req.ContextKey, req.System = "compaction", m.Reasoning, a.contextKey(), summaryPrompt
	req.Messages = []conv.Message{{Role: conv.User, Blocks: []conv.Block{conv.TextBlock(in.String())}}}
	req.Transcript, req.ToolChoice = transcript, provider.ToolChoice{Mode: "none"}
	st, err := s.open(ctx, req, nil)
	if err != nil {
		return "", nil, fmt.Errorf("compaction: %w", err)
	}
	defer st.close()
	var out strings.Builder
	var spend *conv.Spend
	for {
		ev, err := st.recv(ctx)
		if err == nil && ev.Type == provider.Done && ev.Usage != (conv.Usage{}) {
			u := ev.Usage
			priceUsage(m, &u)
			spend = &conv.Spend{Provider: m.Provider, Model: m.ID, Usage: u, Responses: 1}
			if u.Cost == nil {
				spend.Unpriced = 1
			}
		}
		if errors.Is(err, io.EOF) || err == nil && ev.Type == provider.Done {
			break
		}
		if err != nil {
			st.abandon()
			return "", nil, fmt.Errorf("compaction: %w", err)
		}
		if ev.Type == provider.TextDelta {
			out.WriteString(ev.Text)
		}
	}
	if strings.TrimSpace(out.String()) == "" {
		return "", nil, errors.New("compaction: the model returned an empty summary")
	}
	return out.String(), spend, nil
}

// summaryTranscript is the transcript of msgs for a summary, each tool
// result cut to toolChars.
func summaryTranscript(msgs []conv.Message, toolChars int) string {
	c := &conv.Conversation{}
	for _, msg := range msgs {
		if msg.Role == conv.Tool {
			msg.Blocks = slices.Clone(msg.Blocks)
			for i, b := range msg.Blocks {
				if b.Type == conv.Text && len(b.Text) > toolChars {
					msg.Blocks[i].Text = cutUTF8(b.Text, toolChars) + "\n[… cut for the summary]"
				}
			}
		}
		c.Append(msg)
	}
	return c.Transcript()
}

// clipMiddle keeps the start and the end of s, n bytes in all, with a
// note where the middle was.
func clipMiddle(s string, n int) string {
	head := cutUTF8(s, n/3)
	tail := s[len(s)-(n-len(head)):]
	for len(tail) > 0 && tail[0]&0xC0 == 0x80 {
		tail = tail[1:]
	}
	return head + fmt.Sprintf("\n\n[… %d characters of the conversation cut to fit the summary request]\n\n", len(s)-len(head)-len(tail)) + tail
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
