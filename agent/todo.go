package agent

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"panto/agent/store"
	"panto/runtime"
)

// Todo is one item of an agent's task list (the standard todo tool's,
// in Claude Code's TodoWrite shape).
type Todo struct {
	Content string `json:"content"`
	// Status is pending, in_progress or completed.
	Status string `json:"status"`
	// ActiveForm is the item as an action in progress ("Running the
	// tests"), shown while it is in progress.
	ActiveForm string `json:"activeForm,omitempty"`
}

// todoStatuses maps what a model may write to the three statuses:
// Claude Code's, and done for completed.
var todoStatusesOnce struct {
	sync.Once
	v map[string]string
}

func todoStatuses() map[string]string {
	todoStatusesOnce.Do(func() {
		todoStatusesOnce.v = map[string]string{
			"pending": "pending", "in_progress": "in_progress", "completed": "completed",
			"done": "completed", "in-progress": "in_progress",
		}
	})
	return todoStatusesOnce.v
}

// Todos is the agent's task list as last set.
func (a *Agent) Todos() []Todo {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]Todo(nil), a.todos...)
}

// setTodos replaces the task list, records it in the session (a
// panto_todos entry, which a resume reads back) and, for the session
// agent, tells the observer (a "todo" event). It runs on the owner.
func (s *Session) setTodos(a *Agent, todos []Todo) error {
	a.mu.Lock()
	a.todos = todos
	err := a.recordTodosLocked()
	a.mu.Unlock()
	if a.borrowed {
		s.emit(Event{Type: "todo", Fields: map[string]any{"todos": todos}})
	}
	return err
}

// recordTodosLocked appends the task list to the agent's store; a.mu is
// held.
func (a *Agent) recordTodosLocked() error {
	if a.rec == nil {
		return nil
	}
	list := a.todos
	if list == nil {
		list = []Todo{}
	}
	data, err := json.Marshal(map[string]any{"todos": list})
	if err != nil {
		return err
	}
	return a.rec.Append(&store.Entry{Type: store.TypePantoTodos, Metadata: data})
}

// restoreTodos takes the task list from a stored session: its last
// panto_todos entry.
func (a *Agent) restoreTodos(sess *store.Session) {
	var list []Todo
	for _, e := range sess.Entries {
		if e.Type != store.TypePantoTodos {
			continue
		}
		var v struct {
			Todos []Todo `json:"todos"`
		}
		if json.Unmarshal(e.Metadata, &v) == nil {
			list = v.Todos
		}
	}
	a.mu.Lock()
	a.todos = list
	a.mu.Unlock()
}

// todosFromLua reads agent:set_todos's list: an array of { content,
// status, activeForm? }.
func todosFromLua(v runtime.Value, fn string) ([]Todo, error) {
	t := v.AsTable()
	if t == nil {
		return nil, fmt.Errorf("%s: the list must be an array of { content, status, activeForm? }, got %s", fn, v.TypeName())
	}
	out := []Todo{}
	for i := int64(1); i <= t.Len(); i++ {
		it := t.GetInt(i).AsTable()
		if it == nil {
			return nil, fmt.Errorf("%s: item %d must be a table { content, status, activeForm? }", fn, i)
		}
		field := func(k string) (string, error) {
			f := it.GetStr(k)
			if f.IsNil() {
				return "", nil
			}
			if !f.IsString() {
				return "", fmt.Errorf("%s: item %d: '%s' must be a string, got %s", fn, i, k, f.TypeName())
			}
			return f.AsString(), nil
		}
		content, err := field("content")
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(content) == "" {
			return nil, fmt.Errorf("%s: item %d: 'content' must not be empty", fn, i)
		}
		status, err := field("status")
		if err != nil {
			return nil, err
		}
		st, ok := todoStatuses()[status]
		if status == "" {
			st, ok = "pending", true
		}
		if !ok {
			return nil, fmt.Errorf("%s: item %d: status must be pending, in_progress or completed, got '%s'", fn, i, status)
		}
		active, err := field("activeForm")
		if err != nil {
			return nil, err
		}
		out = append(out, Todo{Content: content, Status: st, ActiveForm: active})
	}
	return out, nil
}

// todosToLua is the list as agent:todos() returns it.
func (b *bindings) todosToLua(list []Todo) runtime.Value {
	t := runtime.NewTable(len(list), 0)
	for i, td := range list {
		it := runtime.NewTable(0, 3)
		it.SetStr("content", str(td.Content))
		it.SetStr("status", str(td.Status))
		setOpt(it, "activeForm", td.ActiveForm)
		t.SetInt(int64(i+1), runtime.TableValue(it))
	}
	b.st.JSON().MarkArray(t)
	return runtime.TableValue(t)
}
