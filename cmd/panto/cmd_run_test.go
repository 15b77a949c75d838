package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"panto/stdext"
)

// demoTools is what --list counts for the demo: the standard tools and
// the demo's word_count.
func demoTools(t *testing.T) string {
	t.Helper()
	files, err := fs.Glob(stdext.FS(), "tools/[^_]*.lua")
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("tools (%d)", len(files)+1)
}

// runCLI runs the panto command line in process and returns its exit
// status, standard output and standard error.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	oldOut, oldErr := os.Stdout, os.Stderr
	rOut, wOut, _ := os.Pipe()
	rErr, wErr, _ := os.Pipe()
	os.Stdout, os.Stderr = wOut, wErr
	outc, errc := make(chan string), make(chan string)
	go func() { b, _ := io.ReadAll(rOut); outc <- string(b) }()
	go func() { b, _ := io.ReadAll(rErr); errc <- string(b) }()
	code := run(append([]string{"panto"}, args...))
	wOut.Close()
	wErr.Close()
	os.Stdout, os.Stderr = oldOut, oldErr
	return code, <-outc, <-errc
}

// demo is the example tree, found from this package's folder.
func demo(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "examples", "demo")
}

func TestRunList(t *testing.T) {
	code, out, errOut := runCLI(t, "run", demo(t), "--list")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{demoTools(t), "word_count", "base:tools/read.lua", "/greet", "/redact-test", "event handlers (11)", "tool_result", "extensions/redact/init.lua:10"} {
		if !strings.Contains(out, want) {
			t.Errorf("--list lacks %q:\n%s", want, out)
		}
	}
}

func TestRunToolAndCommand(t *testing.T) {
	// flags after the folder, as the contract requires
	code, out, errOut := runCLI(t, "run", demo(t), "--tool", "word_count", "--input", `{"text":"a b\nc"}`)
	if code != 0 || out != "2 lines, 3 words, 5 characters\n" {
		t.Errorf("exit %d out %q err %q", code, out, errOut)
	}
	// flags before it
	code, out, _ = runCLI(t, "run", "--command", "/greet Ada", demo(t))
	if code != 0 || out != "[greet] hello, Ada!\n" {
		t.Errorf("exit %d out %q", code, out)
	}
	// the redact handler applies to tool results
	code, out, _ = runCLI(t, "run", demo(t), "--tool", "word_count", "--input", `{"path":"/nonexistent-sk-123"}`)
	if code != 0 || !strings.Contains(out, "sk-<redacted>") {
		t.Errorf("exit %d out %q", code, out)
	}
	code, out, _ = runCLI(t, "run", demo(t), "--tool", "word_count", "--input", `{"text":"x"}`, "--render", "--width", "40")
	if code != 0 || !strings.Contains(out, "✓ counted") {
		t.Errorf("--render: exit %d out %q", code, out)
	}
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "extensions"), 0o755)
	os.WriteFile(filepath.Join(dir, "extensions", "boom.lua"), []byte("return { name = 'boom', activate = function()\n  require('panto').ext.register_command { name = 'boom', description = 'd', handler = function() error('kaboom') end }\nend }"), 0o644)
	os.WriteFile(filepath.Join(dir, "extensions", "broken.lua"), []byte("return {\n  name = ,\n}"), 0o644)
	bundle := filepath.Join(dir, "x.pkg")
	os.WriteFile(bundle, []byte("PANTO"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"run", demo(t), "--tool", "nope"}, 1, "panto: tool nope: unknown tool 'nope'"},
		{[]string{"run", demo(t), "--tool", "word_count", "--input", "[]"}, 1, "panto: tool word_count: tool input must be a JSON object"},
		{[]string{"run", demo(t), "--tool", "word_count", "--input", "{"}, 1, "invalid JSON at line 1, column 2"},
		{[]string{"run", demo(t), "--command", "/nope"}, 1, "panto: /nope: unknown command"},
		{[]string{"run", filepath.Join(dir, "missing"), "--list"}, 1, "no such file or directory"},
		{[]string{"run", bundle, "--list"}, 1, "bad magic"},
		{[]string{"run", demo(t)}, 1, "the interactive session needs a terminal"},
		{[]string{"run", dir, "--command", "/boom"}, 1, "panto: /boom: " + dir + "/extensions/boom.lua:2: kaboom"},
		{[]string{"run", dir, "--list"}, 1, "panto: evaluate: " + dir + "/extensions/broken.lua:2:10: unexpected symbol near ','"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, _, errOut := runCLI(t, c.args...)
			if code != c.code || !strings.Contains(errOut, c.err) {
				t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.err)
			}
			if strings.Contains(errOut, "goroutine ") {
				t.Errorf("%v: a Go panic trace reached the user", c.args)
			}
		})
	}
}

// A bundle built from the demo tree runs like the tree itself: same
// registrations, same tool results, the standard tools beneath both.
func TestRunBundle(t *testing.T) {
	pkg := filepath.Join(t.TempDir(), "demo.pkg")
	if code, _, errOut := runCLI(t, "build", demo(t), "-o", pkg); code != 0 {
		t.Fatalf("build: exit %d: %s", code, errOut)
	}
	code, fromBundle, errOut := runCLI(t, "run", pkg, "--tool", "word_count", "--input", `{"text":"one two three"}`)
	if code != 0 {
		t.Fatalf("run bundle: exit %d: %s", code, errOut)
	}
	_, fromFolder, _ := runCLI(t, "run", demo(t), "--tool", "word_count", "--input", `{"text":"one two three"}`)
	if fromBundle != fromFolder {
		t.Errorf("bundle result %q, folder result %q", fromBundle, fromFolder)
	}
	_, list, _ := runCLI(t, "run", "--list", pkg)
	if !strings.Contains(list, "word_count") {
		t.Errorf("--list of the bundle does not show word_count:\n%s", list)
	}
	// The standard tools lie beneath a bundle as beneath a folder.
	if !strings.Contains(list, "base:tools/shell.lua") || !strings.Contains(list, demoTools(t)) {
		t.Errorf("a bundle run must include the base layer:\n%s", list)
	}
	// A bundle signed by nobody is refused when a key is required.
	keyDir := t.TempDir()
	if code, _, errOut := runCLI(t, "keygen", "-o", filepath.Join(keyDir, "k")); code != 0 {
		t.Fatalf("keygen: %s", errOut)
	}
	if code, _, errOut := runCLI(t, "run", pkg, "--list", "--trust", filepath.Join(keyDir, "k.pub")); code != 1 || !strings.Contains(errOut, "sign") {
		t.Errorf("unsigned bundle with --trust: exit %d, %q", code, errOut)
	}
}
