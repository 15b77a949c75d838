//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"panto/internal/pantobin"
)

// TestLuaLink: started through a link named lua, panto is panto lua, and
// arg[-1] re-launches panto's Lua (the link when there is one beside
// panto, else "panto lua"), as a script re-launching its interpreter
// expects. PATH has no other lua, so a re-launch can reach no other.
func TestLuaLink(t *testing.T) {
	bin := pantobin.Path(t)
	dir := t.TempDir()
	panto := filepath.Join(dir, "panto")
	if err := os.Symlink(bin, panto); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "relaunch.lua")
	writeFile(t, script, `if ... then print("again " .. ... .. " " .. _VERSION) return end
print(arg[-1])
assert(os.execute(arg[-1] .. " " .. arg[0] .. " 2"))
`)
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env = append(os.Environ(), "PATH="+t.TempDir())
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	// Without a lua link, arg[-1] is the command "panto lua".
	if got, want := run(panto, "lua", script), bin+" lua\nagain 2 Lua 5.4\n"; got != want {
		t.Errorf("panto lua without a link:\n%s\nwant:\n%s", got, want)
	}
	lua := filepath.Join(dir, "lua")
	if err := os.Symlink(panto, lua); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{lua, script}, {panto, "lua", script}} {
		if got, want := run(args...), lua+"\nagain 2 Lua 5.4\n"; got != want {
			t.Errorf("%s:\n%s\nwant:\n%s", strings.Join(args, " "), got, want)
		}
	}
	// As lua, errors and usage name the program as it was started (its
	// argv[0]), as the reference's do.
	cmd := exec.Command(lua, "-x")
	out, _ := cmd.CombinedOutput()
	if !strings.HasPrefix(string(out), lua+": unrecognized option '-x'\nusage: "+lua+" ") {
		t.Errorf("lua -x:\n%s", out)
	}
	// Without arguments and with standard input not a terminal, lua runs
	// standard input as a chunk (the official suite's main.lua pipes a
	// program into a bare "lua"); it used to panic on the missing
	// arguments.
	cmd = exec.Command(lua)
	cmd.Stdin = strings.NewReader("print(10)\nprint(2)\n")
	out, err := cmd.CombinedOutput()
	if err != nil || string(out) != "10\n2\n" {
		t.Errorf("lua < program: %v\n%s", err, out)
	}
}
