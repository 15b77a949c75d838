package stdext_test

import (
	"context"
	"strings"
	"testing"

	"panto/extension/discover"
	"panto/host"
	"panto/stdext"
)

const reviewSkill = `---
name: review
description: Review a change for bugs before it is committed.
---
Read the diff first.
Then run the tests.
`

func TestSkill(t *testing.T) {
	s := newSession(t, map[string]string{
		"skills/review/SKILL.md":     reviewSkill,
		"skills/review/checklist.md": "- nil checks\n",
		"skills/long/SKILL.md":       "---\nname: \"long-one\"\ndescription: >\n  A folded\n  description.\n---\nBody.\n",
		"skills/bare/SKILL.md":       "No front matter at all.\n",
		"skills/notes.txt":           "not a skill\n",
	})
	desc := s.Tool("skill").Description
	contains(t, "description", desc, "- review: Review a change for bugs before it is committed. [bundle]", "- long-one: A folded description.")

	list := s.ok(t, "skill", `{}`)
	if want := "3 skills:\n- bare [bundle]\n- long-one: A folded description. [bundle]\n- review: Review a change for bugs before it is committed. [bundle]"; list != want {
		t.Errorf("list:\n%s\nwant:\n%s", list, want)
	}
	got := s.ok(t, "skill", `{"name":"review"}`)
	contains(t, "review", got, "Skill review (", "SKILL.md)\n\nRead the diff first.\nThen run the tests.", "Files of this skill (use read to open them):", "checklist.md")
	if strings.Contains(got, "description:") {
		t.Errorf("the front matter is part of the body:\n%s", got)
	}
	if got := s.ok(t, "skill", `{"name":"bare"}`); !strings.Contains(got, "No front matter at all.") {
		t.Errorf("bare: %s", got)
	}
	s.fails(t, "skill", `{"name":"nope"}`, "no skill named 'nope'; the skills are bare, long-one, review")
}

func TestSkillNone(t *testing.T) {
	s := newSession(t, nil)
	if got := s.ok(t, "skill", `{}`); !strings.HasPrefix(got, "No skills are installed.") {
		t.Errorf("got %q", got)
	}
	s.fails(t, "skill", `{"name":"x"}`, "no skill named 'x'; no skills are installed")
}

// TestSpecRedact is the extensions reference's redact example, verbatim:
// it names the standard shell tool.
func TestSpecRedact(t *testing.T) {
	s := newSession(t, map[string]string{"extensions/redact.lua": `return {
  name = "redact",
  activate = function()
    local panto = require("panto")
    panto.ext.on("tool_result", function(e)
      if e.tool_name == "shell" then e.output = "(redacted)" end
    end)
  end,
}
`})
	if got := s.ok(t, "shell", `{"command":"echo secret"}`); got != "(redacted)" {
		t.Errorf("shell output %q", got)
	}
	if got := s.ok(t, "ls", `{}`); got == "(redacted)" {
		t.Error("ls was redacted too")
	}
}

// TestSpecSkillBadge is the reference's skill-badge example, verbatim:
// it wraps the skill tool's block.
func TestSpecSkillBadge(t *testing.T) {
	s := newSession(t, map[string]string{
		"skills/review/SKILL.md": reviewSkill,
		"extensions/skill-badge.lua": `return {
  name = "skill-badge",
  activate = function()
    local panto = require("panto")
    panto.ext.on("tool_details", function(e)
      if e.tool_name ~= "skill" then return end
      local inner = e:get_component()
      local handle = e:set_component({
        render = function(self, width)
          local lines = inner:render(width)
          lines[#lines + 1] = "▸ running skill"
          return lines
        end,
      })
      assert(handle:alive())
    end)
  end,
}
`})
	tc := s.call(t, "skill", `{"name":"review"}`)
	rows := tc.Block.Render(context.Background(), 60)
	var plain []string
	for _, r := range rows {
		plain = append(plain, strings.TrimRight(sgr.ReplaceAllString(r, ""), " "))
	}
	if len(plain) < 2 || !strings.Contains(plain[0], "skill review") || plain[len(plain)-1] != "▸ running skill" {
		t.Errorf("rows:\n%s", strings.Join(plain, "\n"))
	}
}

// TestPantoStd: an author's tool built with require("panto.std") gets the
// standard block and input checks.
func TestPantoStd(t *testing.T) {
	s := newSession(t, map[string]string{"tools/hello.lua": `local std = require("panto.std")
return std.install_renderer({
  name = "hello",
  description = "Greet someone.",
  params = { { name = "who", type = "string", required = true, description = "whom" } },
  run = function(args) return "hello, " .. args.who end,
}, { title = function(input) return input.who end })
`})
	if got := s.ok(t, "hello", `{"who":"Ada"}`); got != "hello, Ada" {
		t.Errorf("got %q", got)
	}
	s.fails(t, "hello", `{}`, "'who' is required")
	tc := s.call(t, "hello", `{"who":"Bo"}`)
	row := sgr.ReplaceAllString(tc.Block.Render(context.Background(), 40)[0], "")
	if !strings.HasPrefix(row, "● hello Bo") {
		t.Errorf("header %q", row)
	}
}

// TestRequireNotFound: a require that fails names the extension's own
// rules, not the standard searchers' system paths.
func TestRequireNotFound(t *testing.T) {
	layer := t.TempDir()
	write(t, layer+"/extensions/multi/init.lua", "local u = require(\"utill\")\nreturn { name = \"multi\", activate = function() end }\n")
	write(t, layer+"/extensions/multi/util.lua", "return {}\n")
	write(t, layer+"/tools/single.lua", "require(\"_helpr\")\nreturn { name = \"single\", activate = function() end }\n")
	write(t, layer+"/tools/_helper.lua", "return {}\n")
	data := t.TempDir()
	setup, err := discover.Folder(layer, discover.Options{Cwd: layer, Getenv: func(k string) string {
		if k == "XDG_DATA_HOME" {
			return data
		}
		return ""
	}})
	if err != nil {
		t.Fatal(err)
	}
	setup.AddBase(stdext.FS(), "")
	var problems []string
	h, err := host.New(context.Background(), host.Options{Setup: setup, Report: func(p host.Problem) { problems = append(problems, p.String()) }})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	all := strings.Join(problems, "\n")
	contains(t, "problems", all,
		"evaluate: extensions/multi/init.lua:1: module 'utill' not found for extension 'multi' (extensions/multi/init.lua). An extension can require: the .lua files below its folder by path",
		"here util; the standard libraries, panto, panto.std and luv; and rocks installed in "+data+"/panto/rocks/lua-5.4.7/share/lua/5.4",
		"Did you mean 'util'?",
		"evaluate: tools/single.lua:1: module '_helpr' not found for extension 'single'",
		"the underscore helpers beside its file",
		"Did you mean '_helper'?")
	if strings.Contains(all, "no file") {
		t.Errorf("the standard search paths leaked into the message:\n%s", all)
	}
}
