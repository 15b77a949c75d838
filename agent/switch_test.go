package agent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// sessionEventsExt records session_ready/session_end and keeps a
// module-global counter, which a rebuild must reset.
const lifecycleExt = `local panto = require("panto")
log = log or {}
local activations = 0
return { name = "life", activate = function()
  activations = activations + 1
  panto.ext.on("session_ready", function(e) log[#log + 1] = "ready " .. e.session_id .. " " .. activations end)
  panto.ext.on("session_end", function(e) log[#log + 1] = "end " .. e.session_id .. " " .. (e.reason or "") end)
end }`

func TestNewResumeAndContinue(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/life.lua": lifecycleExt,
		"turns.jsonl":         "{\"text\": \"first answer\"}\n{\"expect\": {\"messages\": 1}, \"text\": \"fresh\"}\n{\"expect\": {\"messages\": 3, \"user\": \"more\"}, \"text\": \"resumed\"}\n",
	})
	first := ts.ID()
	ts.prompt("one")
	ctx := context.Background()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	second := ts.ID()
	if second == first || ts.Agent().Conversation().Len() != 0 {
		t.Fatalf("/new kept the old session: %s %s", first, second)
	}
	if info, _ := ts.Host().Session(), 0; info.ID != second {
		t.Errorf("session_info id %s, want %s", info.ID, second)
	}
	if r := ts.prompt("two"); r.Text != "fresh" {
		t.Fatalf("result %+v", r)
	}
	if err := ts.Resume(ctx, first[:8]); err != nil {
		t.Fatal(err)
	}
	if ts.ID() != first || ts.Agent().Conversation().Len() != 2 {
		t.Fatalf("resume: id %s, %d messages", ts.ID(), ts.Agent().Conversation().Len())
	}
	if r := ts.prompt("more"); r.Text != "resumed" {
		t.Fatalf("result %+v", r)
	}
	// The module-global counter starts over in each new state.
	logs := strings.Join(luaGlobalListOrEmpty(ts), "\n")
	if !strings.Contains(logs, "ready "+first+" 1") {
		t.Errorf("log:\n%s", logs)
	}
	// Continue picks the latest session of the project: the one resumed
	// last was just written, so it is the latest.
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	ok, err := ts.Continue(ctx)
	if err != nil || !ok || ts.ID() != first {
		t.Fatalf("continue: %v %v %s (want %s)", ok, err, ts.ID(), first)
	}
}

// luaGlobalListOrEmpty reads the global log of the current state.
func luaGlobalListOrEmpty(ts *testSession) []string {
	L := ts.Host().State().Lua()
	tab := L.GetGlobal("log").AsTable()
	var out []string
	if tab == nil {
		return nil
	}
	for i := int64(1); i <= tab.Len(); i++ {
		out = append(out, tab.GetInt(i).AsString())
	}
	return out
}

func TestSessionEventsOnSwitch(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/life.lua": `local panto = require("panto")
return { name = "life", activate = function()
  panto.ext.on("session_end", function(e) io.write("end ", e.reason or "?", "\n") end)
  panto.ext.on("session_ready", function(e) io.write("ready\n") end)
end }`,
		"turns.jsonl": "{\"text\": \"a\"}\n",
	})
	ts.prompt("x")
	ctx := context.Background()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	if err := ts.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	if got := ts.out.String(); got != "ready\nend new\nready\nend reload\nready\n" {
		t.Errorf("output %q", got)
	}
}

func TestTreeBranching(t *testing.T) {
	ts := newSession(t, map[string]string{
		"turns.jsonl": "{\"text\": \"a1\"}\n{\"text\": \"a2\"}\n{\"expect\": {\"messages\": 3, \"user\": \"retry\"}, \"text\": \"a2 again\"}\n",
	})
	ts.prompt("q1")
	ts.prompt("q2")
	nodes, err := ts.Tree()
	if err != nil {
		t.Fatal(err)
	}
	if len(nodes) != 4 {
		t.Fatalf("%d nodes", len(nodes))
	}
	// Branch back to the first answer and ask again.
	if err := ts.Branch(context.Background(), nodes[1].ID); err != nil {
		t.Fatal(err)
	}
	if c := ts.Agent().Conversation(); c.Len() != 2 || c.Last().Text() != "a1" {
		t.Fatalf("branch conversation %+v", c.Messages)
	}
	if r := ts.prompt("retry"); r.Text != "a2 again" {
		t.Fatalf("result %+v", r)
	}
	nodes, _ = ts.Tree()
	kids := 0
	for _, n := range nodes {
		if n.ID == nodes[1].ID {
			kids = len(n.Children)
		}
	}
	if kids != 2 {
		t.Errorf("the branch point has %d children, want 2", kids)
	}
	// A resume continues on the new branch.
	sess, _ := ts.Store().Load(ts.ID())
	if got := sess.Branch("").Last().Text(); got != "a2 again" {
		t.Errorf("stored leaf %q", got)
	}
}

// TestRunLoopSurvivesASwitch: /new from inside the loop (as a UI's
// command does) replaces the loop; RunLoop goes on with the new one.
func TestRunLoopSurvivesASwitch(t *testing.T) {
	ts := newSession(t, map[string]string{"turns.jsonl": "{\"text\": \"a\"}\n"})
	stage := 0
	ts.Post(func() {
		if err := ts.New(context.Background()); err != nil {
			t.Error(err)
		}
		stage = 1
		ts.Post(func() { stage = 2 }) // lands on the new loop
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := ts.RunLoop(ctx, func() bool { return stage == 2 }); err != nil {
		t.Fatalf("RunLoop: %v (stage %d)", err, stage)
	}
}
