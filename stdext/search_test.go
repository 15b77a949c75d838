package stdext_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// tree fills the project with a small source tree.
func (s *session) tree(t *testing.T) {
	t.Helper()
	s.write(t, "main.go", "package main\n\nfunc main() {\n\tHello(42)\n}\n")
	s.write(t, "lib/hello.go", "package lib\n\n// Hello greets.\nfunc Hello(n int) {}\n")
	s.write(t, "lib/hello_test.go", "package lib\n\nfunc TestHello() { Hello(1) }\n")
	s.write(t, "lib/sub/deep.lua", "local HELLO = 1\nreturn HELLO\n")
	s.write(t, "README.md", "# Hello world\n100% done (a.b)\n")
	s.write(t, ".git/config", "Hello from git\n")
	s.write(t, "data.bin", "Hello\x00binary")
}

func TestGrep(t *testing.T) {
	s := newSession(t, nil)
	s.tree(t)
	got := s.ok(t, "grep", `{"pattern":"Hello\\("}`)
	want := "lib/hello.go:4:func Hello(n int) {}\nlib/hello_test.go:3:func TestHello() { Hello(1) }\nmain.go:4:\tHello(42)\n\n3 matches in 3 files.\n[Skipped 1 binary file.]"
	if got != want {
		t.Errorf("grep =\n%s\nwant\n%s", got, want)
	}
	// The searches models write: alternation, classes, anchors, \w \d \s.
	contains(t, "alternation", s.ok(t, "grep", `{"pattern":"HELLO|greets"}`), "lib/hello.go:3:// Hello greets.", "lib/sub/deep.lua:1:local HELLO = 1", "3 matches in 2 files.")
	contains(t, "classes", s.ok(t, "grep", `{"pattern":"^func [A-Z]\\w+\\(n int\\)"}`), "lib/hello.go:4:func Hello(n int) {}", "1 match in 1 file")
	contains(t, "digits", s.ok(t, "grep", `{"pattern":"\\(\\d{2}\\)"}`), "main.go:4:\tHello(42)", "1 match in 1 file")
	contains(t, "spaces", s.ok(t, "grep", `{"pattern":"local\\s+HELLO\\s*="}`), "lib/sub/deep.lua:1:")
	// literal: regex characters are plain text.
	contains(t, "literal", s.ok(t, "grep", `{"pattern":"100% done (a.b)","literal":true}`), "README.md:2:100% done (a.b)")
	// ignore_case and word.
	got = s.ok(t, "grep", `{"pattern":"hello","ignore_case":true,"path":"lib"}`)
	contains(t, "ignore_case", got, "lib/sub/deep.lua:1:local HELLO = 1", "lib/sub/deep.lua:2:return HELLO", "lib/hello.go:3:// Hello greets.",
		"lib/hello.go:4:func Hello(n int) {}", "lib/hello_test.go:3:", "5 matches in 3 files.")
	s.write(t, "w.txt", "HelloWorld\n")
	got = s.ok(t, "grep", `{"pattern":"hello","ignore_case":true,"word":true}`)
	if strings.Contains(got, "w.txt") || !strings.Contains(got, "README.md:1:# Hello world") {
		t.Errorf("word: %s", got)
	}
	contains(t, "not word", s.ok(t, "grep", `{"pattern":"hello","ignore_case":true}`), "w.txt:1:HelloWorld")
	s.write(t, "w.txt", "")
	contains(t, "literal ignore_case", s.ok(t, "grep", `{"pattern":"HELLO WORLD","literal":true,"ignore_case":true}`), "README.md:1:# Hello world")
	// glob: by name at any depth, or by path.
	got = s.ok(t, "grep", `{"pattern":"Hello","glob":"*_test.go"}`)
	if !strings.HasPrefix(got, "lib/hello_test.go:3:") || strings.Contains(got, "main.go") {
		t.Errorf("glob by name: %s", got)
	}
	got = s.ok(t, "grep", `{"pattern":"HELLO","glob":"lib/**/*.{lua,md}"}`)
	contains(t, "glob by path", got, "lib/sub/deep.lua:1:", "2 matches in 1 file")
	// One file.
	contains(t, "file", s.ok(t, "grep", `{"pattern":"package","path":"main.go"}`), "main.go:1:package main", "1 match in 1 file")
	// Multiline: on by itself when the pattern names a line end.
	contains(t, "multiline", s.ok(t, "grep", `{"pattern":"main\\(\\) \\{\\n\\s+Hello"}`), "main.go:3:func main() {", "main.go:4:\tHello(42)", "2 matches in 1 file")
	// .git is never searched.
	if strings.Contains(s.ok(t, "grep", `{"pattern":"from git","hidden":true}`), ".git") {
		t.Error(".git searched")
	}
}

func TestGrepIgnoresLikeRipgrep(t *testing.T) {
	s := newSession(t, nil)
	s.tree(t)
	s.write(t, ".gitignore", "node_modules/\n*.log\n")
	s.write(t, "node_modules/dep/index.js", "Hello from a dependency\n")
	s.write(t, "debug.log", "Hello log\n")
	s.write(t, ".github/workflow.yml", "Hello CI\n")
	got := s.ok(t, "grep", `{"pattern":"Hello","path":"."}`)
	for _, bad := range []string{"node_modules", "debug.log", ".github"} {
		if strings.Contains(got, bad+":") || strings.Contains(got, bad+"/") {
			t.Errorf("%s searched:\n%s", bad, got)
		}
	}
	contains(t, "note", got, "[Skipped 2 entries ignored by .gitignore or .ignore, 2 hidden entries, 1 binary file; set no_ignore or hidden to true to include them.]")
	// A folder or file named in path is searched, as rg searches one
	// given on its command line.
	contains(t, "explicit path", s.ok(t, "grep", `{"pattern":"Hello","path":"node_modules"}`), "node_modules/dep/index.js:1:Hello from a dependency")
	contains(t, "explicit file", s.ok(t, "grep", `{"pattern":"Hello","path":"debug.log"}`), "debug.log:1:Hello log")
	got = s.ok(t, "grep", `{"pattern":"Hello","no_ignore":true,"hidden":true}`)
	contains(t, "everything", got, "node_modules/dep/index.js:1:Hello from a dependency", "debug.log:1:Hello log", ".github/workflow.yml:1:Hello CI")
}

func TestGrepLimitsAndErrors(t *testing.T) {
	s := newSession(t, nil)
	s.tree(t)
	var b strings.Builder
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "match %d %s\n", i, strings.Repeat("y", 400))
	}
	s.write(t, "many.txt", b.String())
	got := s.ok(t, "grep", `{"pattern":"match","max_results":5}`)
	contains(t, "max_results", got, "many.txt:5:match 4", "30 matches in 1 file.",
		"[25 more matches not shown (max_results=5); narrow the search with path or glob, or raise max_results.]",
		"[5 long lines cut to about 300 bytes around the match.]")
	if strings.Contains(got, "match 5") {
		t.Error("more than max_results")
	}
	// A cut line says how much was cut, at either end.
	contains(t, "cut", got, "… [line cut: 108 B more]")
	s.write(t, "wide.txt", strings.Repeat("x", 1000)+"NEEDLE"+strings.Repeat("z", 1000)+"\n")
	got = s.ok(t, "grep", `{"pattern":"NEEDLE"}`)
	if !strings.Contains(got, "wide.txt:1:[line cut: ") || !strings.Contains(got, " before] …") || !strings.Contains(got, "NEEDLE") {
		t.Errorf("a match far into a line is not shown:\n%s", got)
	}
	// Exactly max_results matches is not a truncation.
	if strings.Contains(s.ok(t, "grep", `{"pattern":"Hello\\(42","max_results":1}`), "not shown") {
		t.Error("a complete result says it stopped")
	}

	got = s.ok(t, "grep", `{"pattern":"%d+|foo"}`)
	contains(t, "lua hint", got, "No matches for '%d+|foo'", "not a Lua pattern", "\\d")
	contains(t, "no match", s.ok(t, "grep", `{"pattern":"zzz","path":"lib"}`), "No matches for 'zzz' in lib (3 files searched).")
	s.fails(t, "grep", `{"pattern":"[a"}`, "invalid regex: missing closing ]", "literal")
	s.fails(t, "grep", `{"pattern":"(a"}`, "invalid regex: missing closing )", "literal")
	s.fails(t, "grep", `{"pattern":"foo(?!bar)"}`, "regex uses negative look-ahead ((?!), which RE2 does not support")
	s.fails(t, "grep", `{"pattern":"(a)\\1"}`, "regex uses a backreference")
	s.fails(t, "grep", `{"pattern":"x","path":"nowhere"}`, "cannot search nowhere: it does not exist")
	s.fails(t, "grep", `{"pattern":"x","glob":"[a"}`, "unclosed '['")
	s.fails(t, "grep", `{"pattern":"x","max_results":0}`, "at least 1")
}

func TestFind(t *testing.T) {
	s := newSession(t, nil)
	s.tree(t)
	got := s.ok(t, "find", `{"pattern":"*.go"}`)
	if got != "lib/hello.go\nlib/hello_test.go\nmain.go\n\n3 matches." {
		t.Errorf("find *.go = %q", got)
	}
	contains(t, "folders", s.ok(t, "find", `{"pattern":"sub"}`), "lib/sub/\n")
	contains(t, "path glob", s.ok(t, "find", `{"pattern":"lib/**/*.lua"}`), "lib/sub/deep.lua\n\n1 match.")
	contains(t, "double star matches none", s.ok(t, "find", `{"pattern":"**/main.go"}`), "main.go\n\n1 match.")
	contains(t, "braces", s.ok(t, "find", `{"pattern":"*.{md,lua}"}`), "README.md", "lib/sub/deep.lua", "2 matches.")
	contains(t, "classes", s.ok(t, "find", `{"pattern":"[a-m]*.go","path":"lib"}`), "lib/hello.go", "lib/hello_test.go")
	contains(t, "question mark", s.ok(t, "find", `{"pattern":"d?ta.bin"}`), "data.bin")
	if strings.Contains(s.ok(t, "find", `{"pattern":"config"}`), ".git") {
		t.Error(".git walked")
	}
	got = s.ok(t, "find", `{"pattern":"*","max_results":2}`)
	if got != "README.md\ndata.bin\n\n8 matches.\n[6 more matches not shown (max_results=2); narrow the pattern or path, or raise max_results.]" {
		t.Errorf("max_results: %q", got)
	}
	contains(t, "type", s.ok(t, "find", `{"pattern":"*","type":"directory"}`), "lib/\nlib/sub/\n\n2 matches.")
	s.write(t, ".gitignore", "*_test.go\n")
	contains(t, "ignored", s.ok(t, "find", `{"pattern":"*.go"}`), "lib/hello.go\nmain.go\n\n2 matches.\n[Skipped 1 entry ignored by .gitignore or .ignore, 1 hidden entry; set no_ignore or hidden to true to include them.]")
	contains(t, "no_ignore", s.ok(t, "find", `{"pattern":"*.go","no_ignore":true}`), "lib/hello_test.go")
	contains(t, "no match", s.ok(t, "find", `{"pattern":"hello"}`), "No files or folders match 'hello' below .", "try '*hello*'")
	s.fails(t, "find", `{"pattern":"*","path":"main.go"}`, "main.go is not a folder")
	s.fails(t, "find", `{"pattern":"*","path":"none"}`, "cannot search none: it does not exist")
	s.fails(t, "find", `{"pattern":"[x"}`, "bad glob")
}

func TestLs(t *testing.T) {
	s := newSession(t, nil)
	s.tree(t)
	os.Symlink("main.go", s.path("alias.go"))
	os.Symlink("missing", s.path("dangling"))
	s.write(t, ".gitignore", "*.bin\n")
	got := s.ok(t, "ls", `{}`)
	lines := strings.Split(got, "\n")
	if lines[0] != ".: 6 entries (1 folder, 3 files)" {
		t.Errorf("summary %q", lines[0])
	}
	var names []string
	for _, l := range lines[1 : len(lines)-1] {
		names = append(names, l[18:])
	}
	if strings.Join(names, ",") != ".gitignore,alias.go -> main.go,dangling -> missing (broken),lib/,main.go,README.md" {
		t.Errorf("ls order and names:\n%s", got)
	}
	contains(t, "left out", got, "[Not listed: 2 entries that git ignores (.git/, data.bin); set no_ignore to true to list them.]")
	contains(t, "no_ignore", s.ok(t, "ls", `{"no_ignore":true}`), ".: 8 entries (2 folders, 4 files)", "  .git/", "  data.bin")
	contains(t, "ls", got, "file        41 B  main.go", "dir            -  lib/", "link           -  alias.go -> main.go")
	contains(t, "subfolder", s.ok(t, "ls", `{"path":"lib"}`), "lib: 3 entries (1 folder, 2 files)", "sub/")
	contains(t, "file", s.ok(t, "ls", `{"path":"main.go"}`), "file        41 B  main.go")
	os.Mkdir(s.path("void"), 0o755)
	if got := s.ok(t, "ls", `{"path":"void"}`); got != "void is empty." {
		t.Errorf("empty = %q", got)
	}
	s.fails(t, "ls", `{"path":"nothing"}`, "cannot list nothing: it does not exist")

	// More entries than the cap.
	for i := 0; i < 1005; i++ {
		s.write(t, fmt.Sprintf("many/f%04d", i), "")
	}
	got = s.ok(t, "ls", `{"path":"many"}`)
	contains(t, "cap", got, "many: 1005 entries; showing the first 1000", "f0999")
	if strings.Contains(got, "f1000") {
		t.Error("more than the cap shown")
	}
}
