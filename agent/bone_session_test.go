package agent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestBoneSessionAndState: ctx.state survives /new (which runs bone's
// init.lua again in a new Lua state) while the start-up line is not
// repeated; ctx.session lists the store's sessions and their messages.
func TestBoneSessionAndState(t *testing.T) {
	init := probeTool + `
bone.on("session_end", function(e, ctx) bone.log.warn("session_end " .. tostring(e.reason)) end)
bone.register_command("get", function(args, ctx)
    return { display = tostring(ctx.state.get(args)), submit = false }
end)
bone.register_command("sessions", function(args, ctx)
    local list = ctx.session.list({ limit = 5 })
    local cur = ctx.session.current()
    local out = {}
    for _, s in ipairs(list) do
        local ms = ctx.session.messages(s.id, { limit = 2 })
        out[#out + 1] = tostring(s.id == cur.id) .. " " .. tostring(s.title) .. " " .. #ms .. " " .. ms[#ms].role .. ":" .. ms[#ms].content
    end
    return { display = table.concat(out, "\n"), submit = false }
end)
`
	set := `ctx.state.set("kept", "across sessions") return "set"`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": probeTurns([]string{set})}, map[string]string{".bone-rust/init.lua": init})
	if res := ts.prompt("remember this"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	out, err := ts.command("/sessions")
	if err != nil || out != "true remember this 2 assistant:probed" {
		t.Errorf("/sessions: %q %v", out, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := ts.New(ctx); err != nil {
		t.Fatal(err)
	}
	if !ts.hasNotice("session_end new") {
		t.Errorf("no session_end for /new: %v", ts.allNotices())
	}
	if out, err := ts.command("/get kept"); err != nil || out != "across sessions" {
		t.Errorf("after /new: %q %v", out, err)
	}
	n := 0
	for _, m := range ts.allNotices() {
		if strings.HasPrefix(m, "bone: loaded") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the start-up line came %d times: %v", n, ts.allNotices())
	}
}

// TestBoneInitSwitch: [bone] init = false keeps ~/.bone-rust/init.lua
// from running; without the file nothing of bone is registered.
func TestBoneInitSwitch(t *testing.T) {
	ts, _ := boneSession(t, map[string]string{"config.toml": scriptConfig + "\n[bone]\ninit = false\n", "turns.jsonl": ""},
		map[string]string{".bone-rust/init.lua": probeTool})
	if ts.Host().Tool("probe") != nil || ts.hasNotice("bone: loaded") {
		t.Errorf("init.lua ran with [bone] init = false")
	}
	ts, _ = boneSession(t, map[string]string{"config.toml": scriptConfig + "\n[bone]\ninit = true\n", "turns.jsonl": ""},
		map[string]string{".bone-rust/init.lua": probeTool})
	if ts.Host().Tool("probe") == nil {
		t.Errorf("init.lua did not run with [bone] init = true: %v", ts.allNotices())
	}
	ts, _ = boneSession(t, map[string]string{"turns.jsonl": ""}, map[string]string{})
	for _, h := range ts.Host().Handlers() {
		if strings.Contains(h.Source, "bone") {
			t.Errorf("without bone files the layer registered a %s handler at %s", h.Event, h.Source)
		}
	}
	if len(ts.allNotices()) != 0 {
		t.Errorf("notices without bone files: %v", ts.allNotices())
	}
}

// TestBoneLoadErrors: a broken init.lua is reported with its file and
// line, and the user layer's bone/ folder still loads.
func TestBoneLoadErrors(t *testing.T) {
	layerBone := `bone.register_command("fromlayer", function() return { display = "layer ok", submit = false } end)`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": "", "bone/init.lua": layerBone},
		map[string]string{".bone-rust/init.lua": "bone.register_tool({ name = 'x' })\n"})
	found := false
	for _, m := range ts.allNotices() {
		if strings.Contains(m, ".bone-rust/init.lua:1:") && strings.Contains(m, "'description' (a non-empty string) is required") {
			found = true
		}
	}
	if !found {
		t.Errorf("no positioned error: %v", ts.allNotices())
	}
	if out, err := ts.command("/fromlayer"); err != nil || out != "layer ok" {
		t.Errorf("the layer's bone/init.lua: %q %v", out, err)
	}
	if !ts.hasNotice("bone: loaded ") || !ts.hasNotice("bone/init.lua (0 tools, 1 commands") {
		t.Errorf("start-up line: %v", ts.allNotices())
	}
}
