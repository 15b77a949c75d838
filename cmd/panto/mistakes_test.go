package main

import (
	"path/filepath"
	"strings"
	"testing"

	"panto/build"
	"panto/extension/discover"
)

// TestMistakes is the author's mistakes of issue 13, each as a new
// author makes it: `panto build` must fail (exit 1) with the position
// and what to do, and `panto run --list` must exit 1 after listing what
// loaded. The messages here are the "after" column of the table.
func TestMistakes(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		build []string // lines build prints (each after "panto: build: ")
		code  int      // build's exit status
		run   string   // the line run --list prints (after "panto: "), when the entry fails to load
	}{
		{"handeler", map[string]string{"tools/t.lua": "return {\n  name = \"t\",\n  description = \"d\",\n  schema = { type = \"object\" },\n  handeler = function() end,\n}\n"},
			[]string{"tools/t.lua:5:3: returned table (neither an entry { name, activate } nor a tool declaration { name, description, schema, handler }): unknown field 'handeler'; did you mean 'handler'?"}, 1, "evaluate: tools/t.lua:5: returned a table that is neither an entry { name, activate }, a tool declaration { name, description, schema, handler }, nor a list of them: unknown field 'handeler'; did you mean 'handler'?"},
		{"activte", map[string]string{"extensions/e.lua": "return { name = \"e\", activte = function() end }\n"},
			[]string{"extensions/e.lua:1:22: returned table (neither an entry { name, activate } nor a tool declaration { name, description, schema, handler }): unknown field 'activte'; did you mean 'activate'?"}, 1, "evaluate: extensions/e.lua:1: returned a table that is neither an entry { name, activate }, a tool declaration { name, description, schema, handler }, nor a list of them: unknown field 'activte'; did you mean 'activate'?"},
		{"bone's names", map[string]string{"tools/wc.lua": "return {\n  name = \"wc\",\n  description = \"Count words\",\n  parameters = { type = \"object\" },\n  safety = \"read_only\",\n  execute = function(params) return \"\" end,\n}\n"},
			[]string{
				"tools/wc.lua:4:3: returned table (neither an entry { name, activate } nor a tool declaration { name, description, schema, handler }): unknown field 'parameters' (bone and pi call the input's JSON schema 'parameters'; panto calls it 'schema')",
				"tools/wc.lua:5:3: returned table (neither an entry { name, activate } nor a tool declaration { name, description, schema, handler }): unknown field 'safety' (bone's 'safety' is panto's 'effects': effects = { \"read\" } for read_only; a tool without effects is judged as execute and asks before it runs)",
				"tools/wc.lua:6:3: returned table (neither an entry { name, activate } nor a tool declaration { name, description, schema, handler }): unknown field 'execute' (bone and pi call the function 'execute'; panto calls it 'handler' (handler(input, context)))",
			}, 1, "evaluate: tools/wc.lua:4: returned a table that is neither an entry { name, activate }, a tool declaration { name, description, schema, handler }, nor a list of them: unknown field 'parameters' (bone and pi call the input's JSON schema 'parameters'; panto calls it 'schema'); line 5: unknown field 'safety' (bone's 'safety' is panto's 'effects': effects = { \"read\" } for read_only; a tool without effects is judged as execute and asks before it runs); line 6: unknown field 'execute' (bone and pi call the function 'execute'; panto calls it 'handler' (handler(input, context)))"},
		{"register_tol", map[string]string{"extensions/r.lua": "local panto = require(\"panto\")\nreturn { name = \"r\", activate = function()\n  panto.ext.register_tol { name = \"x\", description = \"d\", schema = {}, handler = print }\nend }\n"},
			[]string{"extensions/r.lua:3:13: panto.ext has no 'register_tol'; did you mean 'register_tool'?"}, 1, "activate: extensions/r.lua:3: attempt to call a nil value (field 'register_tol'); panto.ext has no 'register_tol': did you mean panto.ext.register_tool? (entry 'r')"},
		{"invalid schema", map[string]string{"tools/s.lua": "return { name = \"s\", description = \"d\", schema = { type = \"objekt\" }, handler = print }\n"},
			[]string{"tools/s.lua:1:1: register_tool: tool 's': invalid JSON schema: at '/type': value must be one of 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'"}, 1, "activate: tools/s.lua:1: register_tool: tool 's': invalid JSON schema: at '/type': value must be one of"},
		{"require", map[string]string{"extensions/q/init.lua": "local u = require(\"utill\")\nreturn { name = \"q\", activate = function() end }\n", "extensions/q/util.lua": "return {}\n"},
			[]string{"extensions/q/init.lua:1:19: require(\"utill\") cannot resolve: it is not a .lua file below the extension's folder (util), a standard library, panto, panto.std or luv"}, 1, "evaluate: extensions/q/init.lua:1: module 'utill' not found for extension 'q' (extensions/q/init.lua). An extension can require: the .lua files below its folder by path"},
		{"duplicate", map[string]string{
			"extensions/a.lua": "return { name = \"a\", activate = function()\n  require(\"panto\").ext.register_tool { name = \"x\", description = \"d\", schema = {}, handler = print }\nend }\n",
			"extensions/b.lua": "return { name = \"b\", activate = function()\n  require(\"panto\").ext.register_tool { name = \"x\", description = \"d\", schema = {}, handler = print }\nend }\n"},
			[]string{"extensions/b.lua:2:38: duplicate tool name \"x\": already declared at extensions/a.lua:2:38"}, 1, "activate: extensions/b.lua:2: register_tool: duplicate tool name 'x': registered by extensions/a.lua:2 and again by extensions/b.lua:2 (entry 'b')"},
		{"standard tool declared by another entry", map[string]string{"extensions/mine.lua": "return { name = \"mine\", activate = function()\n  require(\"panto\").ext.register_tool { name = \"read\", description = \"d\", schema = {}, handler = print }\nend }\n"},
			[]string{"extensions/mine.lua:2:38: tool 'read' is also a standard tool (base:tools/read.lua): registered from entry 'mine' it is a duplicate at run time; name the entry 'read' to override the standard one, or choose another name"}, 1, "activate: extensions/mine.lua:2: register_tool: duplicate tool name 'read': registered by base:tools/read.lua and again by extensions/mine.lua:2; 'read' is a standard tool: name the entry 'read' to override it, or choose another tool name (entry 'mine')"},
		{"standard tool overridden", map[string]string{"tools/shell.lua": "return { name = \"shell\", description = \"d\", schema = { type = \"object\" }, handler = function() return \"\" end }\n"},
			[]string{"tools/shell.lua:1:1: warning: entry 'shell' overrides the standard tool 'shell' (base:tools/shell.lua) in every session that loads this layer"}, 0, ""},
		{"a process at activation", map[string]string{"extensions/g.lua": "return { name = \"g\", activate = function()\n  local rev = io.popen(\"git rev-parse HEAD\"):read(\"l\")\nend }\n"},
			[]string{"extensions/g.lua:2: warning: io.popen is not run while panto checks extensions (the check runs no process, writes no file and uses no network; in a session it runs); the check stopped there, and the rest of this activate is unchecked (entry 'g')"}, 0, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := watchFolder(t, c.files)
			t.Chdir(dir)
			code, _, errOut := runCLI(t, "build", ".", "-o", filepath.Join(t.TempDir(), "x.pkg"))
			if code != c.code {
				t.Errorf("build: exit %d, want %d\n%s", code, c.code, errOut)
			}
			for _, w := range c.build {
				if !strings.Contains(errOut, "panto: build: "+w) {
					t.Errorf("build lacks:\n  %s\nstderr:\n%s", w, errOut)
				}
			}
			if c.code == 0 {
				code, _, errOut = runCLI(t, "build", ".", "--strict", "-o", filepath.Join(t.TempDir(), "x.pkg"))
				if code != 1 {
					t.Errorf("build --strict: exit %d, want 1\n%s", code, errOut)
				}
				return
			}
			code, out, errOut := runCLI(t, "run", ".", "--list")
			if code != 1 || !strings.Contains(out, "base:tools/read.lua") || !strings.Contains(errOut, "failed to load (see above); the others were loaded") {
				t.Errorf("run --list: exit %d, want 1 after listing\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
			}
			if !strings.Contains(errOut, "panto: "+c.run) {
				t.Errorf("run --list lacks:\n  %s\nstderr:\n%s", c.run, errOut)
			}
		})
	}
}

// TestVerifyCheck: verify --check loads a bundle as a session would.
func TestVerifyCheck(t *testing.T) {
	dir := watchFolder(t, map[string]string{
		"extensions/ok.lua":  "return { name = \"ok\", activate = function() end }\n",
		"extensions/bad.lua": "return { name = \"bad\", activate = function() error(\"no config\") end }\n",
	})
	t.Chdir(dir)
	// Built without the check host, as an older panto would have built it.
	res, err := build.Build(build.Options{Dirs: []string{"."}, Discover: discover.Options{Cwd: dir}})
	if err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(t.TempDir(), "x.pkg")
	if err := build.WriteFile(pkg, res.Data); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCLI(t, "verify", pkg); code != 0 || !strings.Contains(out, "valid") {
		t.Errorf("verify: exit %d %q", code, out)
	}
	code, _, errOut := runCLI(t, "verify", pkg, "--check")
	if code != 1 || !strings.Contains(errOut, "panto: verify: extensions/bad.lua:1: no config (entry 'bad')") || !strings.Contains(errOut, "intact, but 1 entry failed to load") {
		t.Errorf("verify --check: exit %d\n%s", code, errOut)
	}
}
