package agent

import (
	"context"
	"fmt"

	"panto/agent/conv"
	"panto/agent/store"
	"panto/runtime"
)

// The actions of a bone command that change the session itself
// (conversation.load, config.reload_tools, config.apply) do what /resume
// and /reload do. A command cannot rebuild the Lua state it is running
// in, so the Go half checks the request at once (a command with a bad
// conversation_id fails with its error) and then posts the switch to
// the owner, where it runs when the command has returned, as the
// terminal UI runs its own /resume. The switch ends with a
// "session_switch" event (reason "resume" or "reload", session_id), so
// the terminal UI draws the conversation it switched to; a switch that
// fails is a notice.

// boneLoad is load { id?, messages? } -> true, description | nil, err:
// bone's conversation.load. An id that names a stored session (or a
// unique prefix of one) resumes it, as /resume ID does; otherwise the
// messages, when given, become a new session's conversation.
func (b *bindings) boneLoad(L *runtime.State) int {
	s := b.s
	t := L.CheckTable(1)
	if s.agent.Running() {
		L.Push(runtime.Nil, str("a turn is running: run the command when it has ended, or cancel the turn first"))
		return 2
	}
	id := ""
	if v := t.GetStr("id"); !v.IsNil() {
		if !v.IsString() && !v.IsNumber() {
			L.Errorf("conversation.load: conversation_id must be a string, got %s", v.TypeName())
		}
		// A number is the id tostring gives it, as bone's Lua does.
		id = L.ToString(v)
	}
	var msgs []conv.Message
	hasMsgs := false
	if v := t.GetStr("messages"); !v.IsNil() {
		ms, err := boneMessagesFromLua(b.st, v)
		if err != nil {
			L.Push(runtime.Nil, str(err.Error()))
			return 2
		}
		msgs, hasMsgs = ms, true
	}
	if id == "" && !hasMsgs {
		L.Push(runtime.Nil, str("give conversation_id (an id from ctx.session.list) or messages = { ... }"))
		return 2
	}
	if _, ok := s.store.(store.NullStore); ok {
		L.Push(runtime.Nil, str("sessions are not kept in this run (--no-session), so none can be loaded"))
		return 2
	}
	if id != "" {
		full, err := s.store.Resolve(id)
		if id == s.ID() {
			// A session with nothing stored yet is not in the store.
			full, err = id, nil
		}
		switch {
		case err == nil && full == s.ID():
			return boneOK(L, "session "+full+" is the current one")
		case err == nil:
			s.boneSwitch("resume", func(ctx context.Context) error { return s.Resume(ctx, full) })
			return boneOK(L, "resuming session "+full)
		case !hasMsgs:
			L.Push(runtime.Nil, str(fmt.Sprintf("%v (ids come from ctx.session.list)", err)))
			return 2
		}
	}
	s.boneSwitch("resume", func(ctx context.Context) error { return s.loadMessages(ctx, msgs) })
	return boneOK(L, fmt.Sprintf("loading %d messages into a new session", len(msgs)))
}

// boneOK returns true and what the switch will do, the command's
// output when bone's return table has no display.
func boneOK(L *runtime.State, desc string) int {
	L.Push(runtime.True, str(desc))
	return 2
}

// boneReload is reload(apply) -> true | nil, err: bone's
// config.reload_tools (apply false) is /reload; config.apply (apply
// true) is /reload and then the session's model resolved again against
// the configuration just read.
func (b *bindings) boneReload(L *runtime.State) int {
	s := b.s
	apply := L.Arg(1).Truthy()
	if s.agent.Running() {
		L.Push(runtime.Nil, str("a turn is running: run the command when it has ended, or cancel the turn first"))
		return 2
	}
	s.boneSwitch("reload", func(ctx context.Context) error {
		if err := s.Reload(ctx); err != nil {
			return err
		}
		if apply {
			return s.reapplyModel()
		}
		return nil
	})
	if apply {
		return boneOK(L, "applying the configuration")
	}
	return boneOK(L, "reloading tools")
}

// boneSwitch posts a session switch to run on the owner once the
// running command has returned.
func (s *Session) boneSwitch(reason string, do func(context.Context) error) {
	s.Post(func() {
		if err := do(s.rootContext()); err != nil {
			s.boneSay("bone", "bone: "+reason+" failed: "+err.Error())
			return
		}
		s.emit(Event{Type: "session_switch", Fields: map[string]any{"reason": reason, "session_id": s.ID()}})
	})
}

// loadMessages starts a new stored session whose conversation is msgs
// (bone's conversation.load of messages that are no panto session).
func (s *Session) loadMessages(ctx context.Context, msgs []conv.Message) error {
	if err := s.detach(); err != nil {
		return err
	}
	w, err := s.store.Create(s.cwd, "")
	if err != nil {
		return err
	}
	c := &conv.Conversation{}
	for _, m := range msgs {
		e := &store.Entry{Type: store.TypeMessage, Message: &m}
		if m.Role == conv.System {
			e.Type = store.TypePantoMessage
		}
		if err := w.Append(e); err != nil {
			w.Close()
			return err
		}
		c.Append(m)
	}
	s.switchTo(ctx, "resume", w, c)
	return nil
}

// reapplyModel resolves the session's model again after the
// configuration was read anew (config.apply): a provider's changed
// endpoint or model id applies from the next request. A model the new
// configuration lacks gives way to its default.
func (s *Session) reapplyModel() error {
	if cur := s.agent.Model(); cur != nil {
		if m, err := resolveModel(s.host, cur.Reference(), cur.Reasoning); err == nil {
			s.agent.mu.Lock()
			s.agent.model, s.modelErr = m, nil
			s.agent.mu.Unlock()
			s.host.SetSession(s.info())
			return nil
		}
	}
	d := s.host.Config().Models
	if d.Default == "" {
		return fmt.Errorf("the configuration names no default model ([models] default)")
	}
	return s.SetModel(d.Default, d.Reasoning)
}
