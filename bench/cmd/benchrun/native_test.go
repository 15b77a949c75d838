package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The transpiled command must run a script natively or refuse it: a
// script named by another path than the one its twin was built under
// compiles to another digest and would otherwise run interpreted.
func TestNativeRefusesAnotherName(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary with the Go toolchain")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no Go toolchain")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "twin.lua")
	if err := os.WriteFile(script, []byte("print(1 + 2)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin, cleanup, err := buildNative(root, []string{script})
	defer cleanup()
	if err != nil {
		t.Fatal(err)
	}
	run := func(arg string) (string, int) {
		cmd := exec.Command(bin, arg)
		cmd.Dir = dir
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	t.Run("base name", func(t *testing.T) {
		out, code := run("twin.lua")
		if code != 0 || out != "3\n" {
			t.Fatalf("exit %d, output %q; want 0, \"3\\n\"", code, out)
		}
	})
	t.Run("full path", func(t *testing.T) {
		out, code := run(script)
		if code != 99 || !strings.Contains(out, "no native twin for @"+script) {
			t.Fatalf("exit %d, output %q; want 99 and a refusal naming %s", code, out, script)
		}
	})
}
