package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestMistypedCommandsAndFlags: one line each, with the closest name and
// where to read on, never the whole help page.
func TestMistypedCommandsAndFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"biuld"}, "panto: unknown command \"biuld\"; did you mean \"build\"? (panto help lists the commands)\n"},
		{[]string{"run", ".", "--lst"}, "panto: run: unknown flag --lst; did you mean --list? (panto help run shows the flags)\n"},
		{[]string{"build", "--strcit"}, "panto: build: unknown flag --strcit; did you mean --strict? (panto help build shows the flags)\n"},
		{[]string{"test", "-z"}, "panto: test: unknown flag -z (panto help test shows the flags)\n"},
		{[]string{"--promt", "hi"}, "panto: unknown flag --promt; did you mean --prompt? (panto help shows the flags)\n"},
		{[]string{"--prompt"}, "panto: --prompt needs a value: run one headless turn with this user message (\"-\" reads stdin) and print the final answer (panto help shows the flags)\n"},
		{[]string{"-p"}, "panto: -p needs a value: run one headless turn with this user message (\"-\" reads stdin) and print the final answer (panto help shows the flags)\n"},
		{[]string{"run", ".", "--model"}, "panto: run: --model needs a value: the model as PROVIDER:ALIAS (default: [models] default) (panto help run shows the flags)\n"},
		{[]string{"run", ".", "--prompt"}, "panto: run: --prompt needs a value: run one headless turn with this user message (\"-\" reads stdin) and print the final answer (panto help run shows the flags)\n"},
		{[]string{"build", "-o"}, "panto: build: -o needs a value: the bundle file to write (default: NAME.pkg); with --target go the package folder, with --binary the binary (panto help build shows the flags)\n"},
		{[]string{"help", "bulid"}, "panto: help: unknown command \"bulid\"; did you mean \"build\"?\n"},
		{[]string{"completion", "tcsh"}, "panto: completion: give the shell: bash, zsh or fish\n"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, c.args...)
			if code != 1 || errOut != c.err || out != "" {
				t.Errorf("exit %d\nstdout %q\nstderr %q\nwant   %q", code, out, errOut, c.err)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	code, out, _ := runCLI(t, "help")
	if code != 0 || !strings.Contains(out, "COMMANDS:") || !strings.Contains(out, "   new ") || !strings.Contains(out, "   completion ") {
		t.Errorf("help: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "help", "build")
	if code != 0 || !strings.Contains(out, "panto build - compile") || !strings.Contains(out, "--strict") || strings.Contains(out, "help, h") {
		t.Errorf("help build: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "help", "extension")
	if code != 0 || !strings.Contains(out, "   update     install the pure-Lua rocks") {
		t.Errorf("help extension: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "help", "extension", "update")
	if code != 0 || !strings.Contains(out, "--from") {
		t.Errorf("help extension update: exit %d\n%s", code, out)
	}
	code, out, _ = runCLI(t, "help", "lua")
	if code != 0 || !strings.Contains(out, "usage: panto lua [options] [script [args]]") {
		t.Errorf("help lua: exit %d\n%s", code, out)
	}
}

// TestHelpFlags: -h and --help show the same help as `panto help`, for
// panto itself and for a command, and exit 0.
func TestHelpFlags(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--help"}, "COMMANDS:"},
		{[]string{"-h"}, "COMMANDS:"},
		{[]string{"run", "--help"}, "panto run - open a session"},
		{[]string{"run", "-h"}, "panto run - open a session"},
		{[]string{"build", "--help"}, "panto build - compile"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, c.args...)
			if code != 0 || !strings.Contains(out, c.want) || errOut != "" {
				t.Errorf("exit %d, stderr %q, stdout:\n%s", code, errOut, out)
			}
		})
	}
}

// TestCompletion: each script names every command and its flags, and
// the shells that are installed accept it.
func TestCompletion(t *testing.T) {
	for _, sh := range []struct{ name, check string }{{"bash", "-n"}, {"zsh", "-n"}, {"fish", "--no-execute"}} {
		t.Run(sh.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "completion", sh.name)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			for _, want := range []string{"build", "watch", "stubs", "strict", "no-session"} {
				if !strings.Contains(out, want) {
					t.Errorf("%s completion lacks %q", sh.name, want)
				}
			}
			bin, err := exec.LookPath(sh.name)
			if err != nil {
				t.Skipf("%s is not installed; the script's syntax is not checked", sh.name)
			}
			cmd := exec.Command(bin, sh.check)
			cmd.Stdin = strings.NewReader(out)
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s rejects the script: %v\n%s", sh.name, err, msg)
			}
		})
	}
}
