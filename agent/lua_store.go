package agent

import (
	"context"
	"fmt"
	"path/filepath"

	"panto/agent/store"
	"panto/host"
	"panto/runtime"
)

// luaStore is a store userdata: panto.null_store() or
// panto.file_system_jsonl_store { dir = ... }.
type luaStore struct{ st store.Store }

func (b *bindings) nullStore(L *runtime.State) int {
	L.Push(runtime.UserdataValue(runtime.NewUserdata(&luaStore{st: store.NullStore{}}, b.storeMT)))
	return 1
}

func (b *bindings) fileStore(L *runtime.State) int {
	t := L.CheckTable(1)
	dir := stringField(L, t, "file_system_jsonl_store", "dir")
	if dir == "" {
		L.Errorf("file_system_jsonl_store: 'dir' is required (the folder of the session files)")
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(b.s.cwd, dir)
	}
	L.Push(runtime.UserdataValue(runtime.NewUserdata(&luaStore{st: store.NewFileStore(dir)}, b.storeMT)))
	return 1
}

func (b *bindings) checkStore(L *runtime.State) *luaStore {
	return checkUD[*luaStore](L, 1, b.storeMT, "panto.store")
}

// fail returns nil, message: store operations report their errors as
// values, the Lua way for I/O.
func fail(L *runtime.State, err error) int {
	L.Push(runtime.Nil, str(err.Error()))
	return 2
}

func (b *bindings) infoList(L *runtime.State, list []store.Info, err error) int {
	if err != nil {
		return fail(L, err)
	}
	t := runtime.NewTable(len(list), 0)
	for i, in := range list {
		t.SetInt(int64(i+1), sessionInfoToLua(b.st, in))
	}
	b.st.JSON().MarkArray(t)
	L.Push(runtime.TableValue(t))
	return 1
}

func (b *bindings) storeMethods() map[string]func(*runtime.State) int {
	return map[string]func(*runtime.State) int{
		"list": func(L *runtime.State) int {
			s := b.checkStore(L)
			list, err := s.st.List()
			return b.infoList(L, list, err)
		},
		"list_bounded": func(L *runtime.State) int {
			s := b.checkStore(L)
			var limit int64
			switch v := L.Arg(2); {
			case v.IsNumber():
				n, ok := v.ToInteger()
				if !ok || n < 1 {
					L.ArgError(2, "limit must be a positive integer")
				}
				limit = n
			case v.AsTable() != nil:
				n, ok := intField(L, v.AsTable(), "list_bounded", "limit")
				if !ok || n < 1 {
					L.Errorf("list_bounded: 'limit' must be a positive integer")
				}
				limit = n
			default:
				L.ArgError(2, "a limit or { limit = n } expected")
			}
			list, err := s.st.ListBounded(int(limit))
			return b.infoList(L, list, err)
		},
		"resolve": func(L *runtime.State) int {
			s := b.checkStore(L)
			id, err := s.st.Resolve(L.CheckString(2))
			if err != nil {
				return fail(L, err)
			}
			L.PushString(id)
			return 1
		},
		"latest": func(L *runtime.State) int {
			s := b.checkStore(L)
			in, err := s.st.Latest()
			if err != nil {
				return fail(L, err)
			}
			if in == nil {
				L.Push(runtime.Nil)
				return 1
			}
			L.Push(sessionInfoToLua(b.st, *in))
			return 1
		},
		"load": func(L *runtime.State) int {
			s := b.checkStore(L)
			id, err := s.st.Resolve(L.CheckString(2))
			if err != nil {
				L.Push(runtime.Nil, str(err.Error()))
				return 2
			}
			sess, err := s.st.Load(id)
			if err != nil {
				return fail(L, err)
			}
			L.Push(b.convValue(&luaConv{own: sess.Branch("")}))
			return 1
		},
		"load_messages": func(L *runtime.State) int {
			s := b.checkStore(L)
			id, err := s.st.Resolve(L.CheckString(2))
			if err != nil {
				return fail(L, err)
			}
			t := optTable(L, 3)
			o := store.LoadOptions{FromEnd: t.GetStr("from_end").Truthy()}
			if n, ok := intField(L, t, "load_messages", "limit"); ok {
				o.Limit = int(n)
			}
			if n, ok := intField(L, t, "load_messages", "max_bytes"); ok {
				o.MaxBytes = n
			}
			o.Role = stringField(L, t, "load_messages", "role")
			o.MetadataKey = stringField(L, t, "load_messages", "metadata_key")
			switch o.Role {
			case "", "user", "assistant", "tool", "system":
			default:
				L.Errorf(`load_messages: 'role' must be "user", "assistant", "tool" or "system", got %q`, o.Role)
			}
			msgs, err := s.st.LoadMessages(id, o)
			if err != nil {
				return fail(L, err)
			}
			L.Push(messagesToLua(b.st, msgs))
			return 1
		},
	}
}

// luaRecorder persists an agent's entries into a custom store: a Lua
// table with append(self, session_id, entry) and optionally
// create(self) -> id and sync(self). Entries are handed to the table on
// the owner, in order, without waiting for it (a turn goroutine must
// never wait for the owner while holding the agent): a failing append
// is reported as a problem of the store, not returned.
type luaRecorder struct {
	b     *bindings
	t     *runtime.Table
	id    string
	leaf  string
	n     int
	msgs  int            // messages handed over so far
	index map[string]int // a message's id -> its 1-based position
}

func (b *bindings) newLuaRecorder(L *runtime.State, t *runtime.Table) *luaRecorder {
	if !t.GetStr("append").IsFunction() {
		L.Errorf("agent: a custom store must have append(self, session_id, entry)")
	}
	r := &luaRecorder{b: b, t: t, id: store.NewSessionID(), index: map[string]int{}}
	if fn := t.GetStr("create"); fn.IsFunction() {
		res := L.Call(fn, runtime.TableValue(t))
		if len(res) > 0 && res[0].IsString() && res[0].AsString() != "" {
			r.id = res[0].AsString()
		}
	}
	return r
}

func (r *luaRecorder) SessionID() string { return r.id }
func (r *luaRecorder) Leaf() string      { return r.leaf }
func (r *luaRecorder) Close() error      { return nil }

func (r *luaRecorder) Sync() error {
	if fn := r.t.GetStr("sync"); fn.IsFunction() {
		r.post(fn, runtime.TableValue(r.t))
	}
	return nil
}

// Append hands the entry to the table as { type, id, parent_id?, ... }.
func (r *luaRecorder) Append(e *store.Entry) error {
	r.n++
	if e.ID == "" {
		e.ID = fmt.Sprintf("%08x", r.n)
	}
	if e.InTree() {
		if e.ParentID == "" {
			e.ParentID = r.leaf
		}
		r.leaf = e.ID
	}
	if e.Message != nil {
		e.Message.ID, e.Message.ParentID = e.ID, e.ParentID
	}
	if e.InTree() {
		r.msgs++
		r.index[e.ID] = r.msgs
	}
	entry := *e
	if e.Message != nil {
		m := e.Message.Clone()
		entry.Message = &m
	}
	r.b.s.Post(func() {
		if !r.b.st.Live() {
			return
		}
		r.call(r.t.GetStr("append"), runtime.TableValue(r.t), str(r.id), r.entryTable(&entry))
	})
	return nil
}

func (r *luaRecorder) entryTable(e *store.Entry) runtime.Value {
	// The message tree's ids are not shown to Lua (the spec keeps them
	// private): a custom store gets entries in order, and metadata names
	// its message by position.
	t := runtime.NewTable(0, 6)
	t.SetStr("type", str(e.Type))
	switch {
	case e.Message != nil:
		t.SetStr("message", messageToLua(r.b.st, e.Message))
	case e.Type == store.TypeCompaction:
		t.SetStr("summary", str(e.Summary))
		setOpt(t, "first_kept", e.FirstKept)
	case e.Type == store.TypePantoMetadata:
		t.SetStr("type", str("metadata"))
		t.SetStr("index", runtime.Int(int64(r.index[e.TargetID])))
		if len(e.Metadata) > 0 {
			if v, err := r.b.st.JSON().Decode(string(e.Metadata)); err == nil {
				t.SetStr("metadata", v)
			}
		}
	case e.Type == store.TypePantoSummary && e.Info != nil:
		t.SetStr("message_count", runtime.Int(int64(e.Info.MessageCount)))
		setOpt(t, "model", e.Info.Model)
	case e.Type == store.TypeModelChange:
		t.SetStr("provider", str(e.Provider))
		t.SetStr("model", str(e.Model))
	}
	return runtime.TableValue(t)
}

func (r *luaRecorder) post(fn runtime.Value, args ...runtime.Value) {
	r.b.s.Post(func() {
		if r.b.st.Live() {
			r.call(fn, args...)
		}
	})
}

// call runs one of the table's methods on the owner; a failure is the
// store's problem, reported with the others.
func (r *luaRecorder) call(fn runtime.Value, args ...runtime.Value) {
	if _, err := r.b.st.Loop().CallSync(context.Background(), fn, args...); err != nil {
		r.b.st.Host().Report(host.NewProblem(host.StageHandler, "", "custom store", firstLine(err.Error())))
	}
}

var _ recorder = (*luaRecorder)(nil)
