package build

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"panto/bundle"
	"panto/extension/abi"
	"panto/extension/discover"
)

// tree writes files (path -> content) under a fresh folder.
func tree(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// opts builds dirs with messages relative to cwd and no rocks tree.
func opts(cwd string, dirs ...string) Options {
	return Options{Dirs: dirs, Discover: discover.Options{Cwd: cwd, Getenv: func(string) string { return "" }}}
}

func mustBuild(t testing.TB, o Options) (*Result, *bundle.Bundle) {
	t.Helper()
	res, err := Build(o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Read(res.Data, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res, b
}

// expectDiagnostics builds and wants exactly these diagnostics, as
// printed.
func expectDiagnostics(t *testing.T, o Options, want ...string) {
	t.Helper()
	res, err := Build(o)
	var got []string
	switch e := err.(type) {
	case nil:
		for _, d := range res.Warnings {
			got = append(got, d.String())
		}
	case *BuildError:
		for _, d := range e.Diagnostics {
			got = append(got, d.String())
		}
	default:
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("diagnostics:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

const demo = "testdata/demo"

func TestBuildDemo(t *testing.T) {
	res, b := mustBuild(t, opts(demo, demo))
	if len(res.Warnings) != 0 {
		t.Errorf("warnings: %v", res.Warnings)
	}
	if b.Name != "demo" || b.Version != "0.0.0" || b.Stripped || b.Signer != nil {
		t.Errorf("manifest %+v", b.Manifest)
	}
	var entries []string
	for _, e := range b.Entries {
		var mods []string
		for _, m := range e.Modules {
			mods = append(mods, m.Name+"="+m.Path)
		}
		entries = append(entries, e.Name+" "+e.Main+" "+strings.Join(mods, ","))
	}
	want := []string{
		"greet extensions/greet.lua _shared=extensions/_shared.lua",
		"notes extensions/notes/init.lua store=extensions/notes/store.lua",
		"word_count tools/word_count.lua _std=tools/_std.lua",
	}
	if !reflect.DeepEqual(entries, want) {
		t.Errorf("entries\n got %q\nwant %q", entries, want)
	}
	var res2 []string
	for _, r := range b.Resources() {
		res2 = append(res2, r.Path)
	}
	if want := []string{"extensions/notes/README.md", "skills/review/SKILL.md"}; !reflect.DeepEqual(res2, want) {
		t.Errorf("resources %q, want %q", res2, want)
	}
	c := b.Chunk("extensions/greet.lua")
	if c.Proto.Source != "@extensions/greet.lua" || len(c.Proto.Lines()) == 0 {
		t.Errorf("chunk source %q, %d lines of debug info", c.Proto.Source, len(c.Proto.Lines()))
	}
}

// TestReproducible builds the same sources twice, the second time from a
// copy made in another order with other timestamps and another working
// directory: the bytes must be identical.
func TestReproducible(t *testing.T) {
	files := map[string]string{
		"extensions/a.lua":        "return { name = 'a', activate = function() end }",
		"extensions/b/init.lua":   "local u = require('u') return { name = 'b', activate = u.f }",
		"extensions/b/u.lua":      "return { f = function() end }",
		"extensions/b/z/deep.lua": "return 1",
		"tools/t.lua":             "return { name = 't', description = 'd', schema = {}, handler = function() return 'x' end }",
		"tools/_std.lua":          "return {}",
		"skills/x/SKILL.md":       "# x",
		"skills/y/SKILL.md":       "# y",
		"data/z.json":             "{}",
		"config.toml":             "[extensions]\ndeny = [\"a\"]\n",
	}
	one := tree(t, files)
	two := tree(t, files)
	os.Chtimes(filepath.Join(two, "extensions", "a.lua"), timeAgo(), timeAgo())
	o1 := opts(one, one)
	o1.Name, o1.Version = "same", "1.0.0"
	o2 := opts(t.TempDir(), two)
	o2.Name, o2.Version = "same", "1.0.0"
	r1, err := Build(o1)
	if err != nil {
		t.Fatal(err)
	}
	r1again, _ := Build(o1)
	r2, err := Build(o2)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(r1.Data, r1again.Data) {
		t.Fatal("two builds of the same folder differ")
	}
	if !bytes.Equal(r1.Data, r2.Data) {
		t.Fatal("builds of identical folders differ")
	}
}

// TestSyntaxErrorsAllAtOnce wants every broken file reported, each with
// file:line:col, and no bundle.
func TestSyntaxErrorsAllAtOnce(t *testing.T) {
	dir := tree(t, map[string]string{
		"extensions/good.lua":     "return { name = 'good', activate = function() end }",
		"extensions/bad1.lua":     "local x = = 1",
		"extensions/pkg/init.lua": "return { name = 'pkg', activate = function() end }",
		"extensions/pkg/util.lua": "local t = {\n  a = 1,\n  b = 2\n  c = 3\n}",
		"tools/_std.lua":          "goto nowhere",
		"tools/t.lua":             "#!/usr/bin/env lua\nreturn { name = 't', description = 'd', schema = {}, handler = function() return 'x' }",
		// Two errors: the reference reports the one it meets first.
		"tools/_two.lua": "local x <const> = 1\nx = 2\nreturn {{{\n",
	})
	expectDiagnostics(t, opts(dir, dir),
		"extensions/bad1.lua:1:11: unexpected symbol near '='",
		"extensions/pkg/util.lua:4:3: '}' expected (to close '{' at line 1) near 'c'",
		"tools/_std.lua:1:13: no visible label 'nowhere' for <goto> at line 1",
		"tools/_two.lua:2:3: attempt to assign to const variable 'x'",
		"tools/t.lua:2:86: 'end' expected near '}'",
	)
	_, err := Build(opts(dir, dir))
	var be *BuildError
	if !errors.As(err, &be) || be.Errors() != 5 || !strings.HasSuffix(err.Error(), "5 errors") {
		t.Errorf("error %v", err)
	}
}

func TestABIChecks(t *testing.T) {
	dir := tree(t, map[string]string{
		"extensions/events.lua": `
local panto = require("panto")
return { name = "events", activate = function()
  panto.ext.on("tool_reslt", function(e) end)
  panto.ext.on("my_custom", function(e) end)
  panto.ext.on("also_custom", function(e) end)
  panto.ext.on("agent_submission", function(e) end)
  panto.ext.on("user_message", function(e) end)
  local ext = panto.ext
  ext.on("turn_strat", function() end)
  local name = "computed"
  panto.ext.on(name, function() end)
  panto.ext.emit("my_custom")
  panto.ext.emit("turn_end")
end }`,
		"extensions/other.lua": `
return { name = "other", activate = function()
  require("panto").ext.emit("also_custom", {})
  local ext = require("panto").ext
  ext.register_tool { name = "grep", description = "d", handler = function() end }
  ext.register_tool { name = "ok", description = "d", schema = {}, handler = function() end }
  ext.register_tool { ["name"] = "computed", [key()] = 1 }
  ext.register_command { name = "hello", handler = function() end }
  ext.register_command { name = "dup", description = "d", handler = function() end }
  ext.register_protocol { name = "p" }
end }`,
		"tools/grep.lua":  `return { name = "grep", description = "d", schema = {}, handler = function() end }`,
		"tools/list.lua":  `return { { name = "l1", handler = function() end }, { name = "l2", description = "d", schema = {}, handler = nil, activate = nil } }`,
		"tools/entry.lua": `return { name = "entry", activate = function() require("panto").ext.register_command { name = "dup", description = "d", handler = print } end }`,
		"tools/_mod.lua":  `return { name = "not checked: a module's return is not a declaration", handler = 1 }`,
	})
	warnings := []string{
		`extensions/events.lua:4:16: warning: panto.ext.on: unknown event "tool_reslt": neither a host event (ABI ` + abi.Version + `) nor emitted anywhere in the bundle; did you mean "tool_result"?`,
		`extensions/events.lua:10:10: warning: panto.ext.on: unknown event "turn_strat": neither a host event (ABI ` + abi.Version + `) nor emitted anywhere in the bundle; did you mean "turn_start"?`,
		`extensions/events.lua:14:18: warning: panto.ext.emit: "turn_end" is a host event, which extensions cannot emit`,
		`extensions/other.lua:5:21: warning: register_tool { ... } lacks required field 'schema' (a tool needs name, description, schema, handler)`,
		`extensions/other.lua:8:24: warning: register_command { ... } lacks required field 'description' (a command needs name, description, handler)`,
		`extensions/other.lua:10:25: warning: register_protocol { ... } lacks required field 'open' (a protocol needs name, open)`,
		`tools/entry.lua:1:86: warning: duplicate command name "dup": already declared at extensions/other.lua:9:24`,
		`tools/grep.lua:1:8: warning: duplicate tool name "grep": already declared at extensions/other.lua:5:21`,
		`tools/list.lua:1:10: warning: returned tool declaration lacks required fields 'description', 'schema' (a tool needs name, description, schema, handler)`,
		`tools/list.lua:1:53: warning: returned table is neither an entry { name, activate } nor a tool declaration { name, description, schema, handler }: it has no 'activate' function and no 'handler' function`,
	}
	expectDiagnostics(t, opts(dir, dir), warnings...)
	// --strict: the same problems, as errors, and no bundle.
	o := opts(dir, dir)
	o.Strict = true
	var errs []string
	for _, w := range warnings {
		errs = append(errs, strings.Replace(w, "warning: ", "", 1))
	}
	expectDiagnostics(t, o, errs...)
	if _, err := Build(o); err == nil {
		t.Error("--strict must fail the build")
	}
}

func TestStrip(t *testing.T) {
	dir := tree(t, map[string]string{"extensions/a.lua": "local x = 1\nreturn { name = 'a', activate = function() return x end }"})
	o := opts(dir, dir)
	full, _ := mustBuild(t, o)
	o.Strip = true
	stripped, b := mustBuild(t, o)
	if !b.Stripped || len(stripped.Data) >= len(full.Data) {
		t.Errorf("stripped %v, %d bytes vs %d", b.Stripped, len(stripped.Data), len(full.Data))
	}
	p := b.Chunk("extensions/a.lua").Proto
	if len(p.Lines()) != 0 || len(p.Locals()) != 0 || p.Source != "@extensions/a.lua" {
		t.Errorf("stripped chunk keeps debug info, or lost its name %q", p.Source)
	}
}

func TestDiscoveryRules(t *testing.T) {
	dir := tree(t, map[string]string{
		"extensions/one.lua":           "return {}",
		"extensions/.hidden.lua":       "syntax error here: not compiled",
		"extensions/_helper.lua":       "return {}",
		"extensions/_lib/init.lua":     "return {}",
		"extensions/_lib/part.lua":     "return {}",
		"extensions/pkg/init.lua":      "return {}",
		"extensions/pkg/a/b.lua":       "return {}",
		"extensions/pkg/.git/x.lua":    "not compiled",
		"extensions/nofolder/x.lua":    "not compiled: no init.lua",
		"extensions/data.json":         "{}",
		"tools/.DS_Store":              "x",
		"skills/review/SKILL.md":       "# review",
		".secret":                      "not carried",
		"prompts/system.txt":           "be brief",
		"prompts/.cache/x":             "not carried",
		"lib/not_an_entry.lua":         "carried as a resource: it is outside extensions/ and tools/",
		"extensions/pkg/notes/todo.md": "carried",
	})
	linked := tree(t, map[string]string{"shared.lua": "return {}", "spkg/init.lua": "return {}", "spkg/m.lua": "return {}"})
	if err := os.Symlink(filepath.Join(linked, "shared.lua"), filepath.Join(dir, "tools", "shared.lua")); err != nil {
		t.Skip("no symlinks:", err)
	}
	os.Symlink(filepath.Join(linked, "spkg"), filepath.Join(dir, "tools", "spkg"))
	res, b := mustBuild(t, opts(dir, dir))
	var blobs []string
	for _, bl := range b.Blobs {
		blobs = append(blobs, bl.Kind.String()+" "+bl.Path)
	}
	want := []string{
		"chunk extensions/_helper.lua",
		"chunk extensions/_lib/init.lua",
		"chunk extensions/_lib/part.lua",
		"resource extensions/data.json",
		"chunk extensions/one.lua",
		"chunk extensions/pkg/a/b.lua",
		"chunk extensions/pkg/init.lua",
		"resource extensions/pkg/notes/todo.md",
		"resource lib/not_an_entry.lua",
		"resource prompts/system.txt",
		"resource skills/review/SKILL.md",
		"chunk tools/shared.lua",
		"chunk tools/spkg/init.lua",
		"chunk tools/spkg/m.lua",
	}
	if !reflect.DeepEqual(blobs, want) {
		t.Errorf("blobs\n got %q\nwant %q", blobs, want)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].String(), "extensions/nofolder: warning: folder without init.lua, skipped") {
		t.Errorf("warnings %v", res.Warnings)
	}
	one := b.Entries[0]
	if one.Name != "one" || len(one.Modules) != 3 || one.Modules[1].Name != "_lib" {
		t.Errorf("entry %+v", one)
	}
}

// TestLayers builds two folders: the second's entry replaces the first's
// of the same name, resources merge with the second winning, and each
// folder's chunks keep their own helpers under a per-folder prefix.
func TestLayers(t *testing.T) {
	root := t.TempDir()
	write := func(dir string, files map[string]string) string {
		for name, content := range files {
			p := filepath.Join(root, dir, filepath.FromSlash(name))
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(content), 0o644)
		}
		return filepath.Join(root, dir)
	}
	base := write("base", map[string]string{
		"tools/_std.lua":    "return 'base std'",
		"tools/read.lua":    "return {}",
		"tools/write.lua":   "return {}",
		"skills/a/SKILL.md": "base a",
		"skills/b/SKILL.md": "base b",
		"config.toml":       "[models]\ndefault = \"p:x\"\n",
	})
	user := write("user", map[string]string{
		"tools/_std.lua":    "return 'user std'",
		"tools/read.lua":    "return {}",
		"skills/b/SKILL.md": "user b",
		"config.toml":       "[models]\ndefault = \"p:y\"\n",
	})
	res, b := mustBuild(t, opts(root, base, user))
	var entries []string
	for _, e := range b.Entries {
		entries = append(entries, e.Name+"="+e.Main+"+"+e.Modules[0].Path)
	}
	if want := []string{"write=base/tools/write.lua+base/tools/_std.lua", "read=user/tools/read.lua+user/tools/_std.lua"}; !reflect.DeepEqual(entries, want) {
		t.Errorf("entries %q, want %q", entries, want)
	}
	if got := string(b.Data("skills/b/SKILL.md")); got != "user b" {
		t.Errorf("skills/b from the later folder, got %q", got)
	}
	if got := string(b.Data("skills/a/SKILL.md")); got != "base a" {
		t.Errorf("skills/a %q", got)
	}
	if _, cfg := b.Config(); !strings.Contains(string(cfg), "\"p:y\"") {
		t.Errorf("config of the last folder, got %q", cfg)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0].Message, "a bundle carries one config.toml") {
		t.Errorf("warnings %v", res.Warnings)
	}
	if b.Name != "user" {
		t.Errorf("default name %q, want the last folder's", b.Name)
	}
}

func TestNothingToBuild(t *testing.T) {
	dir := tree(t, map[string]string{"skills/x/SKILL.md": "x"})
	_, err := Build(opts(dir, dir))
	if err == nil || !strings.Contains(err.Error(), "no extensions found") {
		t.Errorf("got %v", err)
	}
	if _, err := Build(opts(dir, filepath.Join(dir, "missing"))); err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("got %v", err)
	}
}

func TestSigned(t *testing.T) {
	_, key, _ := bundle.GenerateKey()
	o := opts(demo, demo)
	o.SignKey = key
	res, err := Build(o)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Read(res.Data, bundle.Options{Trust: key.Public().(ed25519.PublicKey)})
	if err != nil || b.Signer == nil {
		t.Fatalf("signed build: %v", err)
	}
}

func TestWriteFileIsAtomic(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.pkg")
	if err := WriteFile(out, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(out, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(out); string(got) != "two" {
		t.Errorf("content %q", got)
	}
	names, _ := os.ReadDir(dir)
	if len(names) != 1 {
		t.Errorf("temporary files left: %d entries", len(names))
	}
	if err := WriteFile(filepath.Join(dir, "missing", "x.pkg"), []byte("x")); err == nil {
		t.Error("writing into a missing folder must fail")
	}
}

func timeAgo() time.Time { return time.Now().Add(-48 * time.Hour) }

// TestOutputInsideTheFolder: `panto build .` writes NAME.pkg into the
// folder it builds; the next build must not carry it as a resource, or
// each build would contain the previous one.
func TestOutputInsideTheFolder(t *testing.T) {
	dir := tree(t, map[string]string{"extensions/a.lua": "return {}"})
	o := opts(dir, dir)
	o.Output = filepath.Join(dir, DefaultName([]string{dir})+".pkg")
	first, _ := mustBuild(t, o)
	if err := WriteFile(o.Output, first.Data); err != nil {
		t.Fatal(err)
	}
	second, b := mustBuild(t, o)
	if !bytes.Equal(first.Data, second.Data) || len(b.Resources()) != 0 {
		t.Errorf("the previous bundle was carried: %d resources", len(b.Resources()))
	}
}

// TestNameChecks: mistakes in names written literally — fields of a
// declaration, another agent's field names, functions of panto.ext, and
// modules given to require — are reported at the name, with what panto
// calls the thing.
func TestNameChecks(t *testing.T) {
	const neither = "returned table (neither an entry { name, activate } nor a tool declaration { name, description, schema, handler })"
	for _, c := range []struct {
		name, file, src string
		want            []string
	}{
		{"handeler", "tools/t.lua", "return {\n  name = \"t\",\n  description = \"d\",\n  schema = { type = \"object\" },\n  handeler = function() end,\n}",
			[]string{"tools/t.lua:5:3: warning: " + neither + ": unknown field 'handeler'; did you mean 'handler'?"}},
		{"activte", "extensions/e.lua", "return { name = \"e\", activte = function() end }",
			[]string{"extensions/e.lua:1:22: warning: " + neither + ": unknown field 'activte'; did you mean 'activate'?"}},
		{"bone", "tools/wc.lua", "return {\n  name = \"wc\", description = \"d\",\n  parameters = { type = \"object\" },\n  safety = \"read_only\",\n  execute = function() end,\n}",
			[]string{
				"tools/wc.lua:3:3: warning: " + neither + ": unknown field 'parameters' (bone and pi call the input's JSON schema 'parameters'; panto calls it 'schema')",
				"tools/wc.lua:4:3: warning: " + neither + ": unknown field 'safety' (bone's 'safety' is panto's 'effects': effects = { \"read\" } for read_only; a tool without effects is judged as execute and asks before it runs)",
				"tools/wc.lua:5:3: warning: " + neither + ": unknown field 'execute' (bone and pi call the function 'execute'; panto calls it 'handler' (handler(input, context)))",
			}},
		{"unknown tool field", "tools/u.lua", "return { name = \"u\", description = \"d\", schema = {}, handler = print, descripton = \"x\", color = 1 }",
			[]string{
				"tools/u.lua:1:71: warning: returned tool declaration: unknown field 'descripton'; did you mean 'description'?",
				"tools/u.lua:1:89: warning: returned tool declaration: unknown field 'color' (a tool has name, description, schema, handler, effects, path_field, command_field)",
			}},
		{"effects", "tools/w.lua", "return { name = \"w\", description = \"d\", schema = {}, handler = print,\n  effects = { \"read\", \"writes\", \"sudo\" } }",
			[]string{
				"tools/w.lua:2:23: warning: returned tool declaration: unknown effect 'writes'; did you mean 'write'?",
				"tools/w.lua:2:33: warning: returned tool declaration: unknown effect 'sudo' (the effects are read, write, execute, network)",
			}},
		{"register_tol", "extensions/r.lua", "local panto = require(\"panto\")\nreturn { name = \"r\", activate = function()\n  panto.ext.register_tol { name = \"x\" }\n  local ext = panto.ext\n  ext.registerCommand { name = \"y\" }\n  panto.ext.jsn.decode(\"1\")\n  if panto.ext.run_foregroundd then end\n  panto.text.widht(\"x\")\nend }",
			[]string{
				"extensions/r.lua:3:13: warning: panto.ext has no 'register_tol'; did you mean 'register_tool'?",
				"extensions/r.lua:5:7: warning: panto.ext has no 'registerCommand'; did you mean 'register_command'?",
				"extensions/r.lua:6:13: warning: panto.ext has no 'jsn'; did you mean 'json'?",
				"extensions/r.lua:8:14: warning: panto.text has no 'widht'; did you mean 'width'?",
			}},
		{"command fields", "extensions/c.lua", "return { name = \"c\", activate = function()\n  require(\"panto\").ext.register_command { name = \"c\", description = \"d\", execute = print }\nend }",
			[]string{
				"extensions/c.lua:2:41: warning: register_command { ... } lacks required field 'handler' (a command needs name, description, handler)",
				"extensions/c.lua:2:74: warning: register_command { ... }: unknown field 'execute' (panto calls the function 'handler')",
			}},
		{"require", "extensions/q/init.lua", "local u = require(\"utill\")\nlocal s = require(\"string\")\nlocal p = require(\"panto.std\")\nreturn { name = \"q\", activate = function() end }",
			[]string{"extensions/q/init.lua:1:19: warning: require(\"utill\") cannot resolve: it is not a .lua file below the extension's folder (util), a standard library, panto, panto.std or luv; did you mean \"util\"?"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{c.file: c.src}
			if c.name == "require" {
				files["extensions/q/util.lua"] = "return {}"
			}
			dir := tree(t, files)
			expectDiagnostics(t, opts(dir, dir), c.want...)
		})
	}
}

// TestStandardOverride: the build warns about names that meet the
// standard tools.
func TestStandardOverride(t *testing.T) {
	base := fstest.MapFS{
		"tools/shell.lua": {Data: []byte("return {}")},
		"tools/read.lua":  {Data: []byte("return {}")},
	}
	dir := tree(t, map[string]string{
		"tools/shell.lua":      `return { name = "shell", description = "d", schema = {}, handler = print }`,
		"extensions/mine.lua":  `return { name = "mine", activate = function() require("panto").ext.register_tool { name = "read", description = "d", schema = {}, handler = print } end }`,
		"extensions/other.lua": `return { name = "other", activate = function() end }`,
	})
	o := opts(dir, dir)
	o.Base = base
	expectDiagnostics(t, o,
		"extensions/mine.lua:1:82: warning: tool 'read' is also a standard tool (base:tools/read.lua): registered from entry 'mine' it is a duplicate at run time; name the entry 'read' to override the standard one, or choose another name",
		"tools/shell.lua:1:1: warning: entry 'shell' overrides the standard tool 'shell' (base:tools/shell.lua) in every session that loads this layer")
}
