package host

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"

	"panto/runtime"
)

// errNoTUI is run_foreground's answer outside a TUI slash-command
// handler: there is no terminal to hand over.
const errNoTUI = "run_foreground is available only inside a TUI slash-command handler"

// luaRunForeground is run_foreground { argv = { ... } }: the argument is
// checked first (so a mistake is reported wherever the call is), then the
// context, then the child runs with the terminal restored and inherited
// stdio.
func (v *vm) luaRunForeground(L *runtime.State) int {
	argv := checkArgv(L)
	term := v.h.opts.Terminal
	if term == nil || !v.inCommand {
		L.Errorf("%s", errNoTUI)
	}
	if err := term.Suspend(); err != nil {
		L.Errorf("run_foreground: cannot restore the terminal: %v", err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	runErr := cmd.Run()
	resumeErr := term.Resume()
	var exitErr *exec.ExitError
	if runErr != nil && !errors.As(runErr, &exitErr) {
		L.Errorf("run_foreground: cannot run %s: %v", argv[0], runErr)
	}
	if resumeErr != nil {
		L.Errorf("run_foreground: cannot take the terminal back: %v", resumeErr)
	}
	L.Push(runtime.TableValue(foregroundResult(cmd.ProcessState)))
	return 1
}

// checkArgv validates { argv = { ... } }: a non-empty, dense array of
// NUL-free strings.
func checkArgv(L *runtime.State) []string {
	const what = "run_foreground"
	spec := checkTable(L, what, 1)
	av := spec.GetStr("argv")
	t := av.AsTable()
	if t == nil {
		L.Errorf("%s: 'argv' must be an array of strings, got %s", what, av.TypeName())
	}
	n, dense := isDenseArray(t)
	switch {
	case n == 0 && dense:
		L.Errorf("%s: 'argv' must not be empty", what)
	case !dense:
		L.Errorf("%s: 'argv' must be a dense array (keys 1..n with no holes)", what)
	}
	argv := make([]string, n)
	for i := int64(1); i <= n; i++ {
		s := t.GetInt(i)
		if !s.IsString() {
			L.Errorf("%s: argv[%d] must be a string, got %s", what, i, s.TypeName())
		}
		if strings.IndexByte(s.AsString(), 0) >= 0 {
			L.Errorf("%s: argv[%d] contains a NUL byte", what, i)
		}
		argv[i-1] = s.AsString()
	}
	if argv[0] == "" {
		L.Errorf("%s: argv[1] (the program) must not be empty", what)
	}
	return argv
}

// foregroundResult is { success, exit_code } or one with signal, stopped
// or unknown.
func foregroundResult(ps *os.ProcessState) *runtime.Table {
	t := runtime.NewTable(0, 3)
	if ps == nil {
		t.SetStr("success", runtime.False)
		t.SetStr("unknown", runtime.True)
		return t
	}
	t.SetStr("success", runtime.Bool(ps.Success()))
	ws, ok := ps.Sys().(syscall.WaitStatus)
	switch {
	case ok && ws.Signaled():
		t.SetStr("signal", runtime.Int(int64(ws.Signal())))
	case ok && ws.Stopped():
		t.SetStr("stopped", runtime.True)
	case ps.ExitCode() >= 0:
		t.SetStr("exit_code", runtime.Int(int64(ps.ExitCode())))
	default:
		t.SetStr("unknown", runtime.True)
	}
	return t
}
