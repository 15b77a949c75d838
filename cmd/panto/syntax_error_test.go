package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// brokenExtension has a syntax error on line 4: the second '=' of
// "  local y = = 2" is its 13th byte (12 bytes of "  local y = " before it).
const brokenExtension = "local x = 1\nreturn { name = 'bad', activate = function()\n  -- the next line is wrong\n  local y = = 2\nend }\n"

const brokenWant = "extensions/bad.lua:4:13: unexpected symbol near '='"

// diagnosticLines returns what follows "panto: <stage>: " on each line of
// stderr that names extensions/bad.lua.
func diagnosticLines(stderr string) []string {
	re := regexp.MustCompile(`(?m)^panto: [a-z]+: (extensions/bad\.lua.*)$`)
	var got []string
	for _, m := range re.FindAllStringSubmatch(stderr, -1) {
		got = append(got, m[1])
	}
	return got
}

// TestSyntaxErrorSameEverywhere: panto build, panto run and panto watch
// report a syntax error in an extension with the same file:line:col and
// message, because all three hand on the compiler's diag.Diagnostic.
func TestSyntaxErrorSameEverywhere(t *testing.T) {
	dir := watchFolder(t, map[string]string{"extensions/bad.lua": brokenExtension})
	t.Chdir(dir) // so that every command shows the path relative to the folder

	t.Run("build", func(t *testing.T) {
		code, _, errOut := runCLI(t, "build", ".", "-o", filepath.Join(t.TempDir(), "x.pkg"))
		if got := diagnosticLines(errOut); code != 1 || len(got) != 1 || got[0] != brokenWant {
			t.Errorf("exit %d, diagnostics %q; want 1 and %q\nstderr:\n%s", code, got, brokenWant, errOut)
		}
	})
	t.Run("run", func(t *testing.T) {
		// The rest loads and is listed, and the exit status says that
		// something did not.
		code, _, errOut := runCLI(t, "run", ".", "--list")
		if got := diagnosticLines(errOut); code != 1 || len(got) != 1 || got[0] != brokenWant {
			t.Errorf("exit %d, diagnostics %q; want 1 and %q\nstderr:\n%s", code, got, brokenWant, errOut)
		}
	})
	t.Run("watch", func(t *testing.T) {
		w := startWatch(t, dir, "", nil)
		c := w.next()
		if c.Built || c.Live {
			t.Fatalf("a broken folder went live: %+v", c.cycleReport)
		}
		if got := diagnosticLines(c.errOut); len(got) != 1 || got[0] != brokenWant {
			t.Errorf("diagnostics %q, want %q\nstderr:\n%s", got, brokenWant, c.errOut)
		}
		// A save that breaks a live folder reports the same way.
		w.write("extensions/bad.lua", greeter("ok"))
		if c := w.next(); !c.Live {
			t.Fatalf("the fixed folder is not live: %+v\n%s", c.cycleReport, c.errOut)
		}
		w.write("extensions/bad.lua", brokenExtension)
		if got := diagnosticLines(w.next().errOut); len(got) != 1 || got[0] != brokenWant {
			t.Errorf("after a save: diagnostics %q, want %q", got, brokenWant)
		}
	})
	if !strings.HasPrefix(brokenWant, "extensions/bad.lua:4:13: ") {
		t.Fatal("brokenWant must keep the position this test is about")
	}
}
