package agent

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"panto/agent/conv"
)

// TestBoneToolResultsAndLimits: a result's images become attachments,
// ctx.shell's timeout stops the command, spawn's max_concurrency holds,
// and plugin.install without git says to install it.
func TestBoneToolResultsAndLimits(t *testing.T) {
	config := scriptConfig + `
[providers.slow]
protocol = "script"
script = "slow.jsonl"
models = { w = "slow-model" }
`
	pic := `
bone.register_tool({ name = "pic", description = "A picture", parameters = { type = "object", properties = {} }, safety = "read_only",
    execute = function() return { content = "with image", images = { { mime_type = "image/png", data = "iVBORw0KGgo=" } } } end })
`
	timeout := `local r = ctx.shell("sleep 5; echo late", { timeout_ms = 100 }) return tostring(r.timed_out) .. " " .. r.stdout .. "|" .. tostring(r.exit_code ~= 0)`
	concurrency := `
local a = ctx.agent.spawn("one", { provider = "slow", model = "w", max_concurrency = 1 })
local b = ctx.agent.spawn("two", { provider = "slow", model = "w", max_concurrency = 1 })
ctx.agent.cancel(a.id)
ctx.agent.wait(a.id)
return tostring(a.ok) .. " " .. tostring(b.ok) .. " " .. tostring(b.error)`
	runTimeout := `local r = ctx.agent.run("slow", { provider = "slow", model = "w", timeout_ms = 50 }) return tostring(r.ok) .. " " .. tostring(r.error)`
	nogit := `local ok, err = pcall(bone.plugin.install, "user/repo") return tostring(ok) .. " " .. tostring(err)`
	ts, _ := boneSession(t, map[string]string{"config.toml": config, "turns.jsonl": `{"events": [{"tool_call": {"id": "img", "name": "pic", "input": {}}}]}` + "\n" + probeTurns([]string{timeout, concurrency, nogit, runTimeout}),
		"slow.jsonl": strings.Repeat(`{"events": [{"delay_ms": 5000}, {"text": "never"}]}`+"\n", 3)},
		map[string]string{".bone-rust/init.lua": probeTool + pic})
	// No git on PATH for the last check (bash and sleep stay reachable).
	dir := t.TempDir()
	for _, tool := range []string{"bash", "sh", "sleep", "echo"} {
		if p, err := exec.LookPath(tool); err == nil {
			if err := symlink(p, filepath.Join(dir, tool)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Setenv("PATH", dir)
	if res := ts.prompt("go"); res.Err != nil {
		t.Fatalf("%+v", res)
	}
	found := false
	for _, m := range toolResults(ts.Agent().Conversation()) {
		if m.ToolCallID != "img" {
			continue
		}
		found = true
		var img *conv.Block
		for i := range m.Blocks {
			if m.Blocks[i].Type == conv.Image {
				img = &m.Blocks[i]
			}
		}
		if m.Text() != "with image" || img == nil || img.MediaType != "image/png" || img.Data != "iVBORw0KGgo=" {
			t.Errorf("images: %+v", m)
		}
	}
	if !found {
		t.Error("no result of the pic call")
	}
	for id, want := range map[string]string{
		"p0": "true |true",
		"p1": "true false 1 jobs are running, the max_concurrency of this spawn",
		"p2": "false ",
		"p3": "false timed out after 50 ms",
	} {
		if got, _ := resultOf(t, ts, id); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
	if got, _ := resultOf(t, ts, "p2"); !strings.Contains(got, "git is not available") || !strings.Contains(got, "install git") {
		t.Errorf("without git: %q", got)
	}
}

func symlink(from, to string) error { return os.Symlink(from, to) }
