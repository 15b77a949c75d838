package agent

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// todoCall is a script event calling the todo tool with items.
func todoCall(id string, items ...map[string]string) string {
	in, _ := json.Marshal(map[string]any{"todos": items})
	return `{"tool_call": {"id": "` + id + `", "name": "todo", "input": ` + string(in) + `}}`
}

func item(content, status string) map[string]string {
	return map[string]string{"content": content, "status": status, "activeForm": content + "ing"}
}

// TestTodoToolStateAndResume: the todo tool replaces the session
// agent's list (done taken as completed), reports each list as a todo
// event, reads the list back to the model, and a resume restores the
// last list from the session file.
func TestTodoToolStateAndResume(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": strings.Join([]string{
			`{"events": [` + todoCall("a", item("Read", "in_progress"), item("Fix", "pending")) + `]}`,
			`{"expect": {"tool_result": "Todo list updated (0 of 2 completed):\n[>] Read\n[ ] Fix"}, "events": [` + todoCall("b", item("Read", "done"), item("Fix", "in_progress")) + `]}`,
			`{"expect": {"tool_result": "(1 of 2 completed)"}, "events": [` + todoCall("c", item("Read", "finished")) + `]}`,
			`{"expect": {"tool_result": "todos.0.status' must be one of"}, "text": "ok"}`,
		}, "\n"),
	}, withStd)
	if res := ts.prompt("go"); res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
	want := []Todo{{"Read", "completed", "Reading"}, {"Fix", "in_progress", "Fixing"}}
	if got := ts.Agent().Todos(); !reflect.DeepEqual(got, want) {
		t.Fatalf("todos %+v, want %+v (a failed call must not change them)", got, want)
	}
	var events [][]Todo
	ts.mu.Lock()
	for _, e := range ts.events {
		if e.Type == "todo" {
			events = append(events, e.Fields["todos"].([]Todo))
		}
	}
	ts.mu.Unlock()
	if len(events) != 2 || !reflect.DeepEqual(events[1], want) {
		t.Errorf("todo events %+v", events)
	}
	// json mode prints the event as the tool's shape.
	line, _ := json.Marshal(Event{Type: "todo", Fields: map[string]any{"todos": want[:1]}})
	if string(line) != `{"todos":[{"content":"Read","status":"completed","activeForm":"Reading"}],"type":"todo"}` {
		t.Errorf("json %s", line)
	}

	id := ts.ID()
	if err := ts.New(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := ts.Agent().Todos(); len(got) != 0 {
		t.Errorf("a new session kept the list: %+v", got)
	}
	if err := ts.Resume(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if got := ts.Agent().Todos(); !reflect.DeepEqual(got, want) {
		t.Errorf("after resume %+v, want %+v", got, want)
	}
}

// TestTodoListOfSubagentIsItsOwn: a subagent's todo calls keep its own
// list, not the session's.
func TestTodoListOfSubagentIsItsOwn(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": strings.Join([]string{
			`{"events": [` + taskCall("t1", "general-purpose", "plan") + `]}`,
			`{"events": [` + todoCall("a", item("Sub step", "pending")) + `]}`,
			`{"text": "planned"}`,
			`{"text": "done"}`,
		}, "\n"),
	}, withStd)
	if res := ts.prompt("go"); res.Status != "completed" {
		t.Fatalf("result %+v", res)
	}
	if got := ts.Agent().Todos(); len(got) != 0 {
		t.Errorf("the session's list is %+v", got)
	}
	for _, e := range ts.eventTypes() {
		if e == "todo" {
			t.Error("a subagent's list was reported as the session's")
		}
	}
}
