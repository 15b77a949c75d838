package luacli

import (
	"bytes"
	"strings"
	"testing"
)

const usageText = `usage: lua [options] [script [args]]
Available options are:
  -e stat   execute string 'stat'
  -i        enter interactive mode after executing 'script'
  -l mod    require library 'mod' into global 'mod'
  -l g=mod  require library 'mod' into global 'g'
  -v        show version information
  -E        ignore environment variables
  -W        turn warnings on
  --        stop handling options
  -         stop handling options and execute stdin
`

// The expected outputs were recorded from the reference lua5.4 with the
// program name replaced by "lua" (and its version line by ours).
func TestCommandLine(t *testing.T) {
	cases := []struct {
		args       []string
		stdin      string
		out, err   string
		exitStatus int
	}{
		{args: []string{"-e", "print(1)"}, out: "1\n"},
		{args: []string{"-e", "print(1)", "-v"}, out: Version + "\n1\n"},
		{args: []string{"-x"}, err: "lua: unrecognized option '-x'\n" + usageText, exitStatus: 1},
		{args: []string{"-e"}, err: "lua: '-e' needs argument\n" + usageText, exitStatus: 1},
		{args: []string{"-l"}, err: "lua: '-l' needs argument\n" + usageText, exitStatus: 1},
		{args: []string{"nonexist.lua"}, err: "lua: cannot open nonexist.lua: No such file or directory\n", exitStatus: 1},
		{args: []string{"-e", "error('x')"}, err: "lua: (command line):1: x\nstack traceback:\n\t[C]: in function 'error'\n\t(command line):1: in main chunk\n\t[C]: in ?\n", exitStatus: 1},
		{args: []string{"-e", "x="}, err: "lua: (command line):1: unexpected symbol near <eof>\n", exitStatus: 1},
		{args: []string{"-E", "-e", "print(2)"}, out: "2\n"},
		{args: []string{"-e", ""}},
		{args: []string{"-l", "string", "-e", "print(string~=nil)"}, out: "true\n"},
		{args: []string{"-W", "-e", "warn('hi')"}, err: "Lua warning: hi\n"},
		{args: []string{"-e", "print(...)", "a", "b"}, out: "\n", err: "lua: cannot open a: No such file or directory\n", exitStatus: 1},
		{args: []string{"--", "-e"}, err: "lua: cannot open -e: No such file or directory\n", exitStatus: 1},
		{args: []string{"-"}, stdin: "print(arg[0], #arg, ...)", out: "-\t0\n"},
		{args: []string{}, stdin: "io.write('from stdin')", out: "from stdin"},
		{args: []string{"-e", "os.exit(3)"}, exitStatus: 3},
		{args: []string{"-e", "io.write('x') os.exit(true)"}, out: "x"},
		{args: []string{"-e", "error(setmetatable({}, {__tostring = function() return 'custom' end}))"}, err: "lua: custom\n", exitStatus: 1},
		// The script's arguments are read from arg as it is when the
		// script starts (lua-5.4.4-tests main.lua).
		{args: []string{"-e", "arg[1] = 100", "-"}, stdin: "print(...)", out: "100\n"},
		{args: []string{"-e", "arg = 1", "-"}, err: "lua: 'arg' is not a table\n", exitStatus: 1},
		// The interactive mode on a pipe: the prompts are _PROMPT and
		// _PROMPT2 (through __tostring), lines read are echoed as
		// Debian's readline build echoes them, and errors have no
		// program name.
		{args: []string{"-e", "_PROMPT='alo ' _PROMPT2=setmetatable({}, {__tostring=function() return 'more ' end})", "-i"},
			stdin: "x = \n3\n=x\n", out: Version + "\nalo x = \nmore 3\nalo =x\n3\nalo \n"},
		{args: []string{"-i"}, stdin: "error('e')\n", out: Version + "\n> error('e')\n> \n",
			err: "stdin:1: e\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in main chunk\n\t[C]: in ?\n"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			status := Main(append([]string{"lua"}, c.args...), Options{
				Stdin: strings.NewReader(c.stdin), Stdout: &out, Stderr: &errb,
				Getenv: func(string) string { return "" },
			})
			if status != c.exitStatus || out.String() != c.out || errb.String() != c.err {
				t.Errorf("lua %q:\n status %d, want %d\n stdout %q\n want   %q\n stderr %q\n want   %q",
					c.args, status, c.exitStatus, out.String(), c.out, errb.String(), c.err)
			}
		})
	}
}

func TestLuaInit(t *testing.T) {
	var out bytes.Buffer
	env := map[string]string{"LUA_INIT": "x = 42"}
	Main([]string{"lua", "-e", "print(x)"}, Options{Stdout: &out, Stderr: &out, Stdin: strings.NewReader(""),
		Getenv: func(k string) string { return env[k] }})
	if out.String() != "42\n" {
		t.Fatalf("LUA_INIT not run: %q", out.String())
	}
	out.Reset()
	Main([]string{"lua", "-E", "-e", "print(x)"}, Options{Stdout: &out, Stderr: &out, Stdin: strings.NewReader(""),
		Getenv: func(k string) string { return env[k] }})
	if out.String() != "nil\n" {
		t.Fatalf("-E did not ignore LUA_INIT: %q", out.String())
	}
}
