package luafs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"panto/runtime"
	"panto/runtime/luaregex"
	"panto/runtime/luv"
	"panto/runtime/stdlib"
)

// run calls chunk as a coroutine entrypoint with fs and regex as globals
// and ROOT naming a fresh tree.
func run(t *testing.T, files map[string]string, chunk string) string {
	t.Helper()
	root := t.TempDir()
	os.Mkdir(filepath.Join(root, ".git"), 0o755)
	for f, c := range files {
		p := filepath.Join(root, f)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(c), 0o644)
	}
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(root, "no-xdg"))
	L := runtime.NewState()
	stdlib.OpenAll(L)
	lp := luv.New(L)
	defer lp.Close()
	L.SetGlobal("fs", runtime.TableValue(Module(lp)))
	L.SetGlobal("regex", runtime.TableValue(luaregex.Module(L)))
	L.SetGlobal("ROOT", runtime.String(root))
	fn, err := L.Load(chunk, "=test", "t")
	if err != nil {
		t.Fatal(err)
	}
	res, err := lp.CallCoroutine(context.Background(), fn)
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return "error: " + msg
	}
	var parts []string
	for _, v := range res {
		parts = append(parts, L.ToString(v))
	}
	return strings.Join(parts, "|")
}

func TestWalk(t *testing.T) {
	files := map[string]string{".gitignore": "gen/\n", "a.go": "", "gen/x.go": "", "b/c.go": "", "b/d.txt": "", ".env": ""}
	for _, c := range []struct{ name, chunk, want string }{
		{"all", `local r = fs.walk { path = ROOT } local t = {} for _, e in ipairs(r.entries) do t[#t+1] = e.path .. ":" .. e.type end
return table.concat(t, ","), r.total, r.skipped.ignored, r.skipped.hidden, r.skipped.vcs, r.stopped`,
			"a.go:file,b:directory,b/c.go:file,b/d.txt:file|4|1|2|1|false"},
		{"glob and limit", `local r = fs.walk { path = ROOT, glob = "*.go", limit = 1 } return #r.entries, r.entries[1].path, r.total`, "1|a.go|2"},
		{"type", `local r = fs.walk { path = ROOT, type = "directory", no_ignore = true } local t = {} for _, e in ipairs(r.entries) do t[#t+1] = e.path end return table.concat(t, ",")`, "b,gen"},
		{"unknown option", `return fs.walk { path = ROOT, hiden = true }`, "error: test:1: panto.fs.walk: unknown option hiden"},
		{"bad glob", `return fs.walk { path = ROOT, glob = "[a" }`, `error: test:1: panto.fs.walk: unclosed '[' in glob "[a"`},
		{"missing", `return fs.walk { path = ROOT .. "/nope" }`, "error: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := run(t, files, c.chunk)
			if got != c.want && !(c.want == "error: " && strings.HasPrefix(got, "error: ")) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestSearch(t *testing.T) {
	files := map[string]string{".gitignore": "gen/\n", "a.go": "func add() {}\nfunc clamp() {}\n", "gen/x.go": "func add() {}\n", "bin": "add\x00", "b/c.go": "x := add(1)\n"}
	for _, c := range []struct{ name, chunk, want string }{
		{"regex", `local r = fs.search { path = ROOT, regex = regex.compile("add|clamp") }
local t = {} for _, f in ipairs(r.files) do for _, l in ipairs(f.lines) do t[#t+1] = f.path .. ":" .. l.line .. ":" .. l.col .. ":" .. l.text end end
return table.concat(t, ","), r.matched_lines, r.matched_files, r.searched, r.skipped.binary, r.skipped.ignored`,
			"a.go:1:6:func add() {},a.go:2:6:func clamp() {},b/c.go:1:6:x := add(1)|3|2|2|1|1"},
		{"limit", `local r = fs.search { path = ROOT, regex = regex.compile("add"), limit = 1 } return #r.files, r.matched_lines`, "1|2"},
		{"file", `local r = fs.search { path = ROOT .. "/a.go", regex = regex.compile("CLAMP", "i") } return r.files[1].path, r.files[1].lines[1].line`, "|2"},
		{"no regex", `return fs.search { path = ROOT, regex = "add" }`, "error: test:1: panto.fs.search: 'regex' must be a panto.Regex (panto.regex.compile)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := run(t, files, c.chunk); got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}
