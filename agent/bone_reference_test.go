package agent

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The examples of the bone reference run as written: each is a bone
// user's ~/.bone-rust/init.lua (testdata/bone-reference), and the test
// checks what the example says it does.

// TestBoneReferenceRegisterTool: the word_count example is a tool the
// model calls; read_only, so no rule is needed.
func TestBoneReferenceRegisterTool(t *testing.T) {
	turns := `{"expect": {"tools": ["word_count"]}, "events": [{"tool_call": {"id": "c1", "name": "word_count", "input": {"path": "words.txt"}}}]}
{"expect": {"tool_result": "words.txt: 4 words"}, "events": [{"text": "four"}]}
`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns, "words.txt": "the quick brown fox\n"},
		map[string]string{".bone-rust/init.lua": reference(t, "register_tool.lua")})
	res := ts.prompt("count")
	if res.Err != nil || res.Text != "four" {
		t.Fatalf("turn: %+v\nproblems: %v\nnotices: %v", res, ts.problems, ts.allNotices())
	}
	if !ts.hasNotice("bone: loaded ~/.bone-rust/init.lua (1 tools, 0 commands, 0 subagents, 0 hooks)") {
		t.Errorf("no start-up line: %v", ts.allNotices())
	}
}

// TestBoneReferenceRegisterCommand: /greet's string is submitted as a
// user message; without arguments args is nil.
func TestBoneReferenceRegisterCommand(t *testing.T) {
	turns := `{"expect": {"user": "hello, Ada"}, "events": [{"text": "hi Ada"}]}
{"expect": {"user": "hello, world"}, "events": [{"text": "hi world"}]}
`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": turns},
		map[string]string{".bone-rust/init.lua": reference(t, "register_command.lua")})
	for _, c := range []struct{ line, want string }{{"/greet Ada", "hi Ada"}, {"/greet", "hi world"}} {
		out, err := ts.command(c.line)
		if err != nil || out != "" {
			t.Fatalf("%s: %q %v", c.line, out, err)
		}
		res, ok := ts.runQueued()
		if !ok || res.Err != nil || res.Text != c.want {
			t.Fatalf("%s: queued %v, %+v", c.line, ok, res)
		}
	}
}

// TestBoneReferenceRegisterSubagent: the researcher, with its provider
// and model, answers a ctx.agent.run from a tool; its request carries
// its system prompt and goes to its own provider.
func TestBoneReferenceRegisterSubagent(t *testing.T) {
	config := scriptConfig + `
[providers.openai]
protocol = "script"
script = "sub.jsonl"
models = { "gpt-4o" = "gpt-4o" }
`
	dispatch := `
bone.register_tool({
    name = "research",
    description = "Ask the researcher",
    parameters = { type = "object", properties = { q = { type = "string" } } },
    safety = "read_only",
    execute = function(params, ctx)
        local r = ctx.agent.run(params.q, { agent = "researcher" })
        if not r.ok then return "failed: " .. tostring(r.error) end
        return "researcher said: " .. r.content .. " (depth " .. bone.agent_depth .. ")"
    end,
})
`
	turns := `{"events": [{"tool_call": {"id": "c1", "name": "research", "input": {"q": "what is panto?"}}}]}
{"expect": {"tool_result": "researcher said: a Lua agent (depth 0)"}, "events": [{"text": "ok"}]}
`
	sub := `{"expect": {"system": "You are a researcher. Be concise.", "user": "what is panto?", "model": "gpt-4o"}, "events": [{"text": "a Lua agent"}]}
`
	ts, _ := boneSession(t, map[string]string{"config.toml": config, "turns.jsonl": turns, "sub.jsonl": sub},
		map[string]string{".bone-rust/init.lua": reference(t, "register_subagent.lua") + dispatch})
	res := ts.prompt("research")
	if res.Err != nil || res.Text != "ok" {
		t.Fatalf("turn: %+v\noutputs: %v\nnotices: %v", res, ts.toolOutputs(), ts.allNotices())
	}
}

// TestBoneReferenceGlobal: bone.log.info reaches the user, and
// bone.api.emit fires a custom event whose data the handlers get.
func TestBoneReferenceGlobal(t *testing.T) {
	before := `
bone.on("custom_event", function(event, ctx)
    bone.log.warn("custom_event foo=" .. tostring(event.foo))
end)
`
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": ""},
		map[string]string{".bone-rust/init.lua": before + reference(t, "global.lua")})
	for _, want := range []string{"msg", "custom_event foo=1"} {
		found := false
		for _, n := range ts.allNotices() {
			if n == want {
				found = true
			}
		}
		if !found {
			t.Errorf("no notice %q: %v", want, ts.allNotices())
		}
	}
}

// TestBoneReferencePlugins runs each line of the plugins example as a
// bone user's code, with my_plugin installed as a git checkout and
// GitHub's URLs rewritten to a local repository (the test has no
// network): load runs the plugin, install clones, list lists, remove
// deletes, update pulls.
func TestBoneReferencePlugins(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	lines := strings.Split(strings.TrimSpace(reference(t, "plugins.lua")), "\n")
	if len(lines) != 5 {
		t.Fatalf("the example has %d lines, want 5", len(lines))
	}
	repos := t.TempDir()
	upstream := filepath.Join(repos, "user", "repo.git")
	gitRepo(t, upstream, map[string]string{"init.lua": `bone.log.warn("repo plugin v1")`})
	mine := filepath.Join(repos, "my_plugin")
	gitRepo(t, mine, map[string]string{"init.lua": `bone.log.warn("my_plugin loaded")`})
	gitConfig := filepath.Join(t.TempDir(), "gitconfig")
	os.WriteFile(gitConfig, []byte("[url \"file://"+repos+"/\"]\n\tinsteadOf = https://github.com/\n[user]\n\temail = t@example.com\n\tname = t\n"), 0o644)
	t.Setenv("GIT_CONFIG_GLOBAL", gitConfig)

	check := map[int]func(t *testing.T, ts *testSession, home string){
		0: func(t *testing.T, ts *testSession, home string) {
			if !ts.hasNotice("my_plugin loaded") {
				t.Errorf("load did not run the plugin: %v", ts.allNotices())
			}
		},
		1: func(t *testing.T, ts *testSession, home string) {
			if _, err := os.Stat(filepath.Join(home, ".bone-rust/lua/plugins/repo/init.lua")); err != nil {
				t.Errorf("install did not clone: %v (notices %v)", err, ts.allNotices())
			}
		},
		2: func(t *testing.T, ts *testSession, home string) {},
		3: func(t *testing.T, ts *testSession, home string) {
			if _, err := os.Stat(filepath.Join(home, ".bone-rust/lua/plugins/my_plugin")); !os.IsNotExist(err) {
				t.Errorf("remove left the plugin: %v", err)
			}
		},
		4: func(t *testing.T, ts *testSession, home string) {
			b, err := os.ReadFile(filepath.Join(home, ".bone-rust/lua/plugins/my_plugin/init.lua"))
			if err != nil || !strings.Contains(string(b), "v2") {
				t.Errorf("update did not pull: %q %v (notices %v)", b, err, ts.allNotices())
			}
		},
	}
	for i, line := range lines {
		t.Run(strings.Fields(line)[0], func(t *testing.T) {
			home := t.TempDir()
			plugins := filepath.Join(home, ".bone-rust", "lua", "plugins")
			os.MkdirAll(plugins, 0o755)
			git(t, "", "clone", "-q", mine, filepath.Join(plugins, "my_plugin"))
			if i == 4 {
				os.WriteFile(filepath.Join(mine, "init.lua"), []byte(`bone.log.warn("my_plugin v2")`), 0o644)
				git(t, mine, "commit", "-qam", "v2")
			}
			homeFiles := map[string]string{".bone-rust/init.lua": line + "\n"}
			ts, h := boneSessionAt(t, home, map[string]string{"turns.jsonl": ""}, homeFiles)
			for _, n := range ts.allNotices() {
				if strings.HasPrefix(n, "bone: ") && !strings.HasPrefix(n, "bone: loaded") {
					t.Fatalf("the line failed: %s", n)
				}
			}
			if !ts.hasNotice("bone: loaded") {
				t.Fatalf("init.lua did not load: %v", ts.allNotices())
			}
			check[i](t, ts, h)
		})
	}
}

// boneSessionAt is boneSession with an existing home folder.
func boneSessionAt(t *testing.T, home string, files, homeFiles map[string]string) (*testSession, string) {
	t.Helper()
	for p, c := range homeFiles {
		full := filepath.Join(home, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return boneSessionHome(t, files, home)
}

func gitRepo(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	os.MkdirAll(dir, 0o755)
	for p, c := range files {
		os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644)
	}
	git(t, dir, "init", "-q")
	git(t, dir, "add", ".")
	git(t, dir, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "v1")
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestBonePluginSharesGlobals: init.lua and its plugins share one global
// namespace, as in bone, and a plugin requires its own modules.
func TestBonePluginSharesGlobals(t *testing.T) {
	ts, _ := boneSession(t, map[string]string{"turns.jsonl": ""}, map[string]string{
		".bone-rust/init.lua":                     "greeting = 'hi from init'\nbone.plugin.load('p')\n",
		".bone-rust/lua/plugins/p/init.lua":       "local h = require('helper')\nbone.log.warn(h.say(greeting))\n",
		".bone-rust/lua/plugins/p/helper.lua":     "return { say = function(s) return 'plugin heard: ' .. s end }\n",
		".bone-rust/lua/plugins/other/helper.lua": "error('the wrong helper')\n",
	})
	if !ts.hasNotice("plugin heard: hi from init") {
		t.Errorf("notices: %v", ts.allNotices())
	}
}
