package host

import (
	"os"
	"strings"

	"panto/runtime"
)

// A check host (Options.Sandbox, what `panto build` and `panto verify
// --check` load a tree in) evaluates and activates an author's files to
// find what fails, and nothing more: building a bundle must not run the
// processes, write the files or reach the network that the extension
// would in a session. The functions of the standard libraries and luv
// that do those things are replaced in its state by ones that raise
// refusedError, naming the function; Check reports that as a warning at
// the caller's line, because the mistake, if any, is not the author's.
// Reading files, the clock and the environment stay: activations read
// their configuration, and nothing outside the state changes.

// refusedMark is in the message of every refusal, so that Check can tell
// a refusal (a warning) from a failure (an error).
const refusedMark = "is not run while panto checks extensions"

// refusedError is the message of a refused call of fn.
func refusedError(fn string) string {
	return fn + " " + refusedMark + " (the check runs no process, writes no file and uses no network; in a session it runs)"
}

// sandboxed lists what a check host refuses in library lib: every
// function of a name here is refused, unless its allow function says
// that this call (its arguments) has no effect outside the state. The
// table is made by the call, not at package initialisation: only a
// check host needs it (docs/benchmarks.md, "Start-up and memory, sixth
// pass").
func sandboxed(lib string) map[string]func(L *runtime.State) bool {
	return map[string]map[string]func(L *runtime.State) bool{
		"os": {
			"execute": func(L *runtime.State) bool { return L.Arg(1).IsNil() }, // "is a shell available?"
			"remove":  nil,
			"rename":  nil,
			"tmpname": nil, // creates the file
			"exit":    nil,
		},
		"io": {
			"popen":  nil,
			"open":   func(L *runtime.State) bool { return readOnlyMode(L.Arg(2)) },
			"output": func(L *runtime.State) bool { return !L.Arg(1).IsString() }, // a file name opens it for writing
		},
		"luv": {
			"spawn":        nil,
			"kill":         nil,
			"process_kill": nil,
			"pipe_open":    nil, // an inherited descriptor: the terminal, a socket
			"fs_open":      func(L *runtime.State) bool { return readOnlyFlags(L.Arg(2)) },
			"fs_write":     nil,
			"fs_ftruncate": nil,
			"fs_unlink":    nil,
			"fs_mkdir":     nil,
			"fs_mkdtemp":   nil,
			"fs_rmdir":     nil,
			"fs_rename":    nil,
			"fs_chmod":     nil,
			"fs_copyfile":  nil,
			"fs_fsync":     nil,
		},
	}[lib]
}

// refusedWhat says which calls of a function are refused, when not all.
func refusedWhat(full string) string {
	switch full {
	case "io.open", "uv.fs_open":
		return "for writing"
	case "io.output":
		return "to a file"
	case "os.execute":
		return "of a command"
	}
	return ""
}

// readOnlyMode reports whether an io.open mode opens for reading only.
func readOnlyMode(v runtime.Value) bool {
	if v.IsNil() {
		return true
	}
	return v.IsString() && strings.HasPrefix(v.AsString(), "r") && !strings.Contains(v.AsString(), "+")
}

// readOnlyFlags reports whether fs_open's flags open for reading only.
func readOnlyFlags(v runtime.Value) bool {
	switch {
	case v.IsNumber():
		const writing = os.O_WRONLY | os.O_RDWR | os.O_CREATE | os.O_TRUNC | os.O_APPEND
		return v.IsInt() && int(v.AsInt())&writing == 0
	case v.IsString():
		s := strings.ToLower(v.AsString())
		return s == "r" || s == "rs" || s == "sr"
	}
	return false
}

// sandbox replaces the refused functions of the state's os and io
// libraries now, and of luv when it is first required.
func (v *vm) sandbox() {
	L := v.L
	L.SetInput(strings.NewReader("")) // io.read sees the end of input, never the build's terminal
	for _, lib := range []string{"os", "io"} {
		if t := L.Loaded().GetStr(lib).AsTable(); t != nil {
			refuse(t, lib, sandboxed(lib))
		}
	}
	preload := L.Registry().GetStr("_PRELOAD").AsTable()
	if preload == nil {
		return
	}
	open := preload.GetStr("luv").AsGoFunction()
	if open == nil {
		return
	}
	preload.SetStr("luv", runtime.NewFunction("luaopen_luv", func(L *runtime.State) int {
		n := open.Fn(L)
		if n > 0 {
			if t := L.Arg(L.Top()).AsTable(); t != nil {
				refuse(t, "luv", sandboxed("luv"))
			}
		}
		return n
	}))
}

// refuse replaces the functions of t named in fns.
func refuse(t *runtime.Table, lib string, fns map[string]func(*runtime.State) bool) {
	for name, allow := range fns {
		orig := t.GetStr(name).AsGoFunction()
		if orig == nil {
			continue
		}
		full := lib + "." + name
		if lib == "luv" {
			full = "uv." + name
		}
		if what := refusedWhat(full); what != "" {
			full += " " + what
		}
		t.SetStr(name, runtime.NewFunction(name, func(L *runtime.State) int {
			if allow != nil && allow(L) {
				return orig.Fn(L)
			}
			L.Errorf("%s", refusedError(full))
			return 0
		}))
	}
}
