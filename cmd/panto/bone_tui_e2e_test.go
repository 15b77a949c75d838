//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"panto/internal/pantobin"
)

// TestBoneTUIInTmux drives `panto` in a real terminal with a bone
// user's ~/.bone-rust/init.lua: the start-up line, a turn where the
// bone tool answers and the tool_call hook blocks a call, and a bone
// command whose string is submitted as the next message.
func TestBoneTUIInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	bin := pantobin.Path(t)
	initLua, err := os.ReadFile(filepath.Join("testdata", "bone", "init.lua"))
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	cfg := filepath.Join(home, "config")
	// index shows a live status while it waits a moment.
	index := `
bone.register_tool({ name = "index", description = "Index", safety = "read_only",
    parameters = { type = "object", properties = {} },
    execute = function(params, ctx)
        ctx.ui.status("indexing 50%")
        local uv, co = require("luv"), coroutine.running()
        local t = uv.new_timer()
        t:start(1500, 0, function() t:close() coroutine.resume(co) end)
        coroutine.yield()
        return "indexed"
    end })
`
	writeTree(t, home, map[string]string{".bone-rust/init.lua": string(initLua) + index})
	writeTree(t, filepath.Join(cfg, "panto"), map[string]string{
		"config.toml": scriptConfig,
		"turns.jsonl": `{"expect": {"system": "BONE-RULE"}, "events": [{"tool_call": {"id": "c1", "name": "word_count", "input": {"path": "words.txt"}}}, {"tool_call": {"id": "c2", "name": "forbidden", "input": {}}}, {"tool_call": {"id": "c3", "name": "index", "input": {}}}]}
{"events": [{"text": "Counted."}]}
{"expect": {"user": "hello, Ada"}, "events": [{"text": "Greeted back."}]}
`,
	})
	project := t.TempDir()
	writeTree(t, project, map[string]string{"words.txt": "the quick brown fox\n"})

	x := tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
	status := filepath.Join(t.TempDir(), "status")
	shell := "cd " + project + " && HOME=" + home + " XDG_DATA_HOME=" + home + "/data XDG_CONFIG_HOME=" + cfg + " " +
		bin + " --no-session; echo $? > " + status + "; sleep 60"
	x.run("new-session", "-d", "-s", "e2e", "-x", "120", "-y", "40", shell)
	t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })

	x.waitFor("Ask, or type / for commands")
	x.waitFor("bone: loaded ~/.bone-rust/init.lua (5 tools")
	x.run("send-keys", "-t", "e2e", "count the words", "Enter")
	x.waitFor("indexing 50%")
	s := x.waitFor("Counted.")
	for _, want := range []string{"● Counting words in words.txt", "words.txt: 4 words", "forbidden is blocked by init.lua"} {
		if !strings.Contains(s, want) {
			t.Errorf("the pane lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "FORBIDDEN RAN") {
		t.Errorf("the blocked tool ran:\n%s", s)
	}
	x.run("send-keys", "-t", "e2e", "/greet Ada", "Enter")
	x.waitFor("Greeted back.")
	x.run("send-keys", "-t", "e2e", "C-d")
	x.waitExit(status)
}
