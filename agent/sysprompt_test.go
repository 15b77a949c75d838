package agent

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"panto/extension/discover"
)

// instructionFiles lists the files a system prompt quotes, in order.
func instructionFiles(prompt string) []string {
	var files []string
	for _, m := range regexp.MustCompile(`<instructions file="([^"]+)">`).FindAllStringSubmatch(prompt, -1) {
		files = append(files, m[1])
	}
	return files
}

func TestDefaultSystemPrompt(t *testing.T) {
	root := layer(t, map[string]string{
		"AGENTS.md":                   "root rules",
		"sub/CLAUDE.md":               "sub rules from CLAUDE.md",
		"sub/deeper/AGENTS.md":        "deeper rules",
		"sub/deeper/CLAUDE.md":        "not read: AGENTS.md is preferred",
		"config/AGENTS.md":            "the user's own rules",
		"sub/deeper/notes/AGENTS.md":  "below the working folder: not read",
		"elsewhere/AGENTS.md":         "a sibling: not read",
		"sub/deeper/AGENTS.md.backup": "not an instruction file",
	})
	cwd := filepath.Join(root, "sub", "deeper")
	setup := &discover.Setup{Cwd: cwd, ConfigHome: filepath.Join(root, "config")}
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	p := DefaultSystemPrompt(setup, now)

	t.Run("environment", func(t *testing.T) {
		for _, want := range []string{"You are panto", "Working folder: " + cwd, "Date: 2026-12-01", "Platform: "} {
			if !strings.Contains(p, want) {
				t.Errorf("the prompt lacks %q:\n%s", want, p)
			}
		}
	})
	t.Run("instruction files, general to specific", func(t *testing.T) {
		var ours []string
		for _, f := range instructionFiles(p) {
			if strings.HasPrefix(f, root) {
				ours = append(ours, strings.TrimPrefix(f, root+"/"))
			}
		}
		want := []string{"config/AGENTS.md", "AGENTS.md", "sub/CLAUDE.md", "sub/deeper/AGENTS.md"}
		if strings.Join(ours, " ") != strings.Join(want, " ") {
			t.Errorf("files %q, want %q", ours, want)
		}
		for _, text := range []string{"the user's own rules", "root rules", "sub rules from CLAUDE.md", "deeper rules"} {
			if !strings.Contains(p, text) {
				t.Errorf("the prompt lacks %q", text)
			}
		}
		for _, text := range []string{"not read", "not an instruction file"} {
			if strings.Contains(p, text) {
				t.Errorf("the prompt has %q:\n%s", text, p)
			}
		}
	})
	t.Run("a long file is cut", func(t *testing.T) {
		dir := layer(t, map[string]string{"AGENTS.md": strings.Repeat("x", maxContextFile+100) + "TAIL"})
		p := DefaultSystemPrompt(&discover.Setup{Cwd: dir}, now)
		if strings.Contains(p, "TAIL") || !strings.Contains(p, "longer than 64 KB") {
			t.Errorf("a file over %d bytes was not cut (prompt %d bytes)", maxContextFile, len(p))
		}
	})
}

// TestSystemPromptFollowsInstructionFiles: the session's requests carry
// the project's AGENTS.md, and /reload picks up an edit of it.
func TestSystemPromptFollowsInstructionFiles(t *testing.T) {
	s := newSession(t, map[string]string{
		"AGENTS.md": "Always answer in haiku.",
		"turns.jsonl": `{"expect": {"system": "Always answer in haiku."}, "events": [{"text": "ok"}]}` + "\n" +
			`{"expect": {"system": "Answer in limericks now."}, "events": [{"text": "ok again"}]}` + "\n",
	})
	if res := s.prompt("one"); res.Status != "completed" {
		t.Fatalf("first turn: %+v", res)
	}
	if err := os.WriteFile(filepath.Join(s.dir, "AGENTS.md"), []byte("Answer in limericks now."), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Reload(t.Context()); err != nil {
		t.Fatal(err)
	}
	if res := s.prompt("two"); res.Status != "completed" {
		t.Fatalf("after /reload: %+v", res)
	}
}

// TestReloadRediscovers: /reload in a session that scans its setup again
// (the CLI's) takes the new setup, and the next request's system prompt
// follows it: here the user created their own AGENTS.md in a config
// folder the first scan did not have.
func TestReloadRediscovers(t *testing.T) {
	userCfg := t.TempDir()
	var s *testSession
	s = newSession(t, map[string]string{
		"AGENTS.md": "Always answer in haiku.",
		"turns.jsonl": `{"expect": {"system": "Always answer in haiku."}, "events": [{"text": "ok"}]}` + "\n" +
			`{"expect": {"system": "the user's own rules"}, "events": [{"text": "ok again"}]}` + "\n",
	}, func(o *Options) {
		o.Rediscover = func() (*discover.Setup, error) {
			env := func(k string) string {
				switch k {
				case "XDG_DATA_HOME":
					return filepath.Dir(o.Setup.DataHome) // the same data home: XDG_DATA_HOME/panto
				case "XDG_CONFIG_HOME":
					return userCfg
				}
				return ""
			}
			return discover.Folder(s.dir, discover.Options{Cwd: s.dir, Getenv: env})
		}
	})
	if res := s.prompt("one"); res.Status != "completed" {
		t.Fatalf("first turn: %+v", res)
	}
	if err := os.MkdirAll(filepath.Join(userCfg, "panto"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(userCfg, "panto", "AGENTS.md"), []byte("the user's own rules"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Reload(t.Context()); err != nil {
		t.Fatal(err)
	}
	if res := s.prompt("two"); res.Status != "completed" {
		t.Fatalf("after /reload: %+v", res)
	}
}
