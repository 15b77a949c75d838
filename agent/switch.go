package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"panto/agent/conv"
	"panto/agent/store"
)

// Switching sessions (/new, /resume, /tree) and /reload rebuild the Lua
// state and run evaluation and activation again, as the spec says: the
// extensions' module-global state is per session. session_end fires for
// the old session (reason new, resume, tree or reload), session_ready
// for the new one. Extension protocols release the context keys they
// were given (release_context) before the old state goes.

// detach ends what belongs to the current session before a switch.
func (s *Session) detach() error {
	if s.agent.Running() {
		return fmt.Errorf("a turn is running: cancel it first")
	}
	s.closeJobs()
	s.releaseContexts()
	return nil
}

// switchTo installs rec and c as the session agent's store writer and
// conversation and rebuilds the state.
func (s *Session) switchTo(ctx context.Context, reason string, rec recorder, c *conv.Conversation) {
	if reason == "new" {
		s.sessionEnd("clear") // Claude Code's /clear ends one session
	}
	a := s.agent
	a.mu.Lock()
	old := a.rec
	if old != rec {
		a.checkpoints, a.todos = nil, nil
	}
	if old != rec || a.costs == nil {
		// Another session's: its cost is its messages'. A branch switch
		// or rewind within one session keeps what was spent.
		a.costs = spentOn(c) // before compacted messages leave memory
	}
	a.rec, a.conv = rec, c
	a.forgetCompacted()
	a.scale, a.overhead, a.compactErr = 0, 0, ""
	a.usage, a.lastCtx, a.turns = conv.Usage{}, 0, 0
	a.steer, a.followup = nil, nil
	a.mu.Unlock()
	s.resetSystemPrompt()
	if old != nil && old != rec {
		old.Close()
	}
	s.host.RebuildAs(ctx, reason, s.info())
	s.refreshLoop()
	switch reason {
	case "new":
		s.takeStartContext()
		s.sessionStart(ctx, "clear")
	case "resume":
		s.takeStartContext()
		s.sessionStart(ctx, "resume")
	}
}

// resetSystemPrompt gives the session agent its starting system prompt
// before the state is rebuilt: the new state's extensions set their own
// as they activate, one set by the old state does not outlive it, and
// edited instruction files (AGENTS.md) apply from here on.
func (s *Session) resetSystemPrompt() {
	p := s.baseSystemPrompt()
	s.agent.mu.Lock()
	s.agent.system = p
	s.agent.mu.Unlock()
}

// New starts a fresh session (/new).
func (s *Session) New(ctx context.Context) error {
	if err := s.detach(); err != nil {
		return err
	}
	rec, err := s.store.Create(s.cwd, "")
	if err != nil {
		return err
	}
	s.switchTo(ctx, "new", rec, &conv.Conversation{})
	return nil
}

// Resume continues a stored session (/resume ID, --session ID): id may
// be a unique prefix. Its model is restored when it is still
// configured and none was given on the command line.
func (s *Session) Resume(ctx context.Context, id string) error {
	if _, ok := s.store.(store.NullStore); ok {
		return errNoSessionStore
	}
	if err := s.detach(); err != nil {
		return err
	}
	full, err := s.store.Resolve(id)
	if err != nil {
		return err
	}
	if full == s.ID() {
		return fmt.Errorf("session %s is the current one", full)
	}
	// A file store reads only what the resumed conversation needs.
	open := s.store.Open
	if fs, ok := s.store.(*store.FileStore); ok {
		open = fs.OpenActive
	}
	w, sess, err := open(full)
	if err != nil {
		return err
	}
	s.resumed(ctx, w, sess)
	return nil
}

// ResumePath resumes the session kept in the file at path (--session
// PATH): a file copied from another machine or project opens as it is,
// and what follows is appended to that file.
func (s *Session) ResumePath(ctx context.Context, path string) error {
	ls, ok := s.store.(latestStore)
	if !ok {
		return errNoSessionStore
	}
	if err := s.detach(); err != nil {
		return err
	}
	w, sess, err := ls.OpenActivePath(path)
	if err != nil {
		return err
	}
	s.resumed(ctx, w, sess)
	return nil
}

// resumed switches to a stored session that was opened.
func (s *Session) resumed(ctx context.Context, w *store.Writer, sess *store.Session) {
	for _, p := range sess.Problems {
		s.host.Report(hostProblem("session", p))
	}
	s.restoreModel(sess)
	c := sess.ActiveBranch("")
	// Calls that were running when panto ended are recorded as
	// interrupted now, so the model is not told they never ran.
	for _, m := range sess.InterruptedResults(c.Messages) {
		m.Time = time.Now()
		if err := w.Append(&store.Entry{Type: store.TypeMessage, Message: &m}); err != nil {
			s.host.Report(hostProblem("session", err.Error()))
			break
		}
		c.Append(m)
	}
	s.switchTo(ctx, "resume", w, c)
	s.agent.mu.Lock()
	s.agent.checkpoints = sess.Checkpoints()
	s.agent.mu.Unlock()
	s.agent.restoreTodos(sess)
	if todos := s.agent.Todos(); len(todos) > 0 {
		s.emit(Event{Type: "todo", Fields: map[string]any{"todos": todos}})
	}
}

// latestStore is a store that can tell --continue which newer files it
// passed over and open the latest by the path it found (the file
// store), without listing the folder again and reading only what the
// resumed conversation needs.
type latestStore interface {
	LatestReadable() (*store.Info, []string, error)
	OpenActivePath(path string) (*store.Writer, *store.Session, error)
}

// Continue resumes the latest session of the project (--continue); it
// reports false when there is none.
func (s *Session) Continue(ctx context.Context) (bool, error) {
	if _, ok := s.store.(store.NullStore); ok {
		return false, errNoSessionStore
	}
	ls, ok := s.store.(latestStore)
	if !ok {
		in, err := s.store.Latest()
		if err != nil || in == nil {
			return false, err
		}
		if in.ID == s.ID() {
			return true, nil
		}
		return true, s.Resume(ctx, in.ID)
	}
	in, skipped, err := ls.LatestReadable()
	for _, sk := range skipped {
		s.host.Report(hostProblem("session", "--continue skipped "+sk))
	}
	if err != nil || in == nil {
		return false, err
	}
	if in.ID == s.ID() {
		return true, nil
	}
	if err := s.detach(); err != nil {
		return true, err
	}
	w, sess, err := ls.OpenActivePath(in.Path)
	if err != nil {
		return true, err
	}
	s.resumed(ctx, w, sess)
	return true, nil
}

// restoreModel picks the model a stored session last used, when the
// command line named none and the configuration still has it.
func (s *Session) restoreModel(sess *store.Session) {
	if s.opts.Model != "" {
		return
	}
	var provider, id, reasoning string
	for _, e := range sess.Entries {
		switch e.Type {
		case store.TypeModelChange:
			provider, id = e.Provider, e.Model
		case store.TypeThinkingLevel:
			reasoning = e.ThinkingLevel
		}
	}
	ref := provider + ":" + id
	if provider == "" {
		// A resume that read only the file's tail may not reach the
		// model_change entry; the listing summary names the model too.
		if sess.Summary == nil || sess.Summary.Model == "" {
			return
		}
		ref, reasoning = sess.Summary.Model, sess.Summary.Reasoning
	}
	if m, err := resolveModel(s.host, ref, reasoning); err == nil {
		s.agent.mu.Lock()
		s.agent.model, s.modelErr = m, nil
		s.agent.mu.Unlock()
	}
}

// TreeNode is one message of the session's tree, for /tree.
type TreeNode struct {
	ID       string
	ParentID string
	Role     conv.Role
	Text     string // the message's text, cut to one line by the UI
	Children []string
	Current  bool // on the current branch
}

// Tree returns the session's message tree in file order.
func (s *Session) Tree() ([]TreeNode, error) {
	sess, err := s.loadCurrent()
	if err != nil {
		return nil, err
	}
	onBranch := map[string]bool{}
	for _, m := range sess.Branch(s.agent.rec.Leaf()).Messages {
		onBranch[m.ID] = true
	}
	var out []TreeNode
	for _, e := range sess.Entries {
		if !e.InTree() {
			continue
		}
		n := TreeNode{ID: e.ID, ParentID: e.ParentID, Children: sess.Children(e.ID), Current: onBranch[e.ID]}
		if e.Message != nil {
			n.Role, n.Text = e.Message.Role, e.Message.Text()
			if n.Role == conv.User {
				n.Text = PromptText(e.Message)
			}
		} else {
			n.Role, n.Text = conv.Compaction, e.Summary
		}
		out = append(out, n)
	}
	return out, nil
}

func (s *Session) loadCurrent() (*store.Session, error) {
	if _, ok := s.store.(store.NullStore); ok {
		return nil, errNoSessionStore
	}
	id := s.ID()
	sess, err := s.store.Load(id)
	if err != nil {
		return nil, fmt.Errorf("the session has nothing stored yet")
	}
	return sess, nil
}

// leafSetter is a writer that can move the branch point.
type leafSetter interface{ SetLeaf(string) error }

// Branch moves the session to the tree node id (/tree): the next message
// continues from there, the conversation is that branch, and the state
// is rebuilt.
func (s *Session) Branch(ctx context.Context, id string) error {
	if err := s.detach(); err != nil {
		return err
	}
	sess, err := s.loadCurrent()
	if err != nil {
		return err
	}
	if sess.Entry(id) == nil || !sess.Entry(id).InTree() {
		return fmt.Errorf("no message %q in this session", id)
	}
	ls, ok := s.agent.rec.(leafSetter)
	if !ok {
		return errors.New("this session's store cannot branch")
	}
	if err := ls.SetLeaf(id); err != nil {
		return err
	}
	s.switchTo(ctx, "tree", s.agent.rec, sess.ActiveBranch(id))
	return nil
}

// Reload rebuilds the Lua state from the same layers, scanned again,
// keeping the conversation (/reload).
func (s *Session) Reload(ctx context.Context) error {
	if s.agent.Running() {
		return fmt.Errorf("a turn is running: cancel it first")
	}
	s.closeJobs()
	s.releaseContexts()
	if s.opts.Rediscover == nil {
		s.resetSystemPrompt()
		s.host.Rebuild(ctx, "reload")
		s.refreshLoop()
		return nil
	}
	setup, err := s.opts.Rediscover()
	if err != nil {
		return err
	}
	s.setup = setup
	s.resetSystemPrompt()
	s.host.Reload(ctx, setup, "reload")
	s.refreshLoop()
	return nil
}
