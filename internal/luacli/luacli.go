// Package luacli implements `panto lua`, a command that behaves like the
// reference interpreter's standalone `lua`: the same options, the same arg
// table, the same messages on stderr and the same exit statuses.
package luacli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"panto/runtime"
	"panto/runtime/stdlib"
)

// Version is printed by -v. It ends as the reference's line does (the
// official suite's main.lua checks that "PUC-Rio" ends the line).
const Version = "Lua 5.4 (panto engine)  Copyright (C) 1994-2022 Lua.org, PUC-Rio"

// Options configures a run.
type Options struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Progname prefixes error messages ("lua: ..."), like argv[0].
	Progname string
	// UsageName is the command shown in the usage message ("panto lua").
	UsageName string
	// Getenv reads LUA_INIT; nil means os.Getenv.
	Getenv func(string) string
	// IsTTY reports whether stdin is a terminal (for the REPL).
	IsTTY bool
	// Lines, when set, reads the REPL's lines (a line editor on the
	// terminal); nil reads plain lines from Stdin.
	Lines LineReader
	// Signals binds Ctrl-C to the running chunk, as lua.c does: the first
	// SIGINT interrupts it with "interrupted!", a second one ends the
	// process. Off for in-process uses (tests) that must not take the
	// process's signals.
	Signals bool
}

// exitRequest unwinds a run when os.exit is called.
type exitRequest struct{ code int }

// Main runs the command with argv (argv[0] is the program name as the arg
// table shows it) and returns the exit status.
func Main(argv []string, o Options) (status int) {
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.Progname == "" {
		o.Progname = "lua"
	}
	if o.UsageName == "" {
		o.UsageName = o.Progname
	}
	stdout := bufio.NewWriter(o.Stdout)
	defer stdout.Flush()
	r := &runner{o: o, argv: argv, stdout: stdout}
	defer func() {
		if e := recover(); e != nil {
			if ex, ok := e.(exitRequest); ok {
				status = ex.code
				return
			}
			panic(e)
		}
	}()
	return r.run()
}

type runner struct {
	o      Options
	argv   []string
	stdout *bufio.Writer
	L      *runtime.State
	inREPL bool // messages lose the program name, as in lua.c's doREPL
}

func (r *runner) message(msg string) {
	r.stdout.Flush()
	if r.inREPL {
		// lua.c's doREPL clears progname: interactive errors have no
		// "lua: " prefix.
		fmt.Fprintf(r.o.Stderr, "%s\n", msg)
		return
	}
	fmt.Fprintf(r.o.Stderr, "%s: %s\n", r.o.Progname, msg)
}

func (r *runner) usage(badopt string) {
	r.stdout.Flush()
	w := r.o.Stderr
	if strings.HasPrefix(badopt, "-e") || strings.HasPrefix(badopt, "-l") {
		fmt.Fprintf(w, "%s: '%s' needs argument\n", r.o.Progname, badopt)
	} else {
		fmt.Fprintf(w, "%s: unrecognized option '%s'\n", r.o.Progname, badopt)
	}
	fmt.Fprintf(w, "usage: %s [options] [script [args]]\n"+
		"Available options are:\n"+
		"  -e stat   execute string 'stat'\n"+
		"  -i        enter interactive mode after executing 'script'\n"+
		"  -l mod    require library 'mod' into global 'mod'\n"+
		"  -l g=mod  require library 'mod' into global 'g'\n"+
		"  -v        show version information\n"+
		"  -E        ignore environment variables\n"+
		"  -W        turn warnings on\n"+
		"  --        stop handling options\n"+
		"  -         stop handling options and execute stdin\n", r.o.UsageName)
}

// Option flags found by collectArgs.
const (
	hasError = 1 << iota
	hasI
	hasV
	hasE
	hasBigE
)

// collectArgs scans the options; it returns the flags and the index of the
// script (len(argv) when there is none), as the reference does.
func collectArgs(argv []string) (flags int, script int, bad string) {
	i := 1
	for ; i < len(argv); i++ {
		a := argv[i]
		if a == "" || a[0] != '-' {
			return flags, i, ""
		}
		switch {
		case a == "--":
			return flags, i + 1, ""
		case a == "-":
			return flags, i, ""
		case a == "-E":
			flags |= hasBigE
		case a == "-W":
		case a == "-i":
			flags |= hasI | hasV
		case a == "-v":
			flags |= hasV
		case strings.HasPrefix(a, "-e"):
			flags |= hasE
			if len(a) == 2 {
				i++
				if i >= len(argv) || strings.HasPrefix(argv[i], "-") {
					return hasError, i, a
				}
			}
		case strings.HasPrefix(a, "-l"):
			if len(a) == 2 {
				i++
				if i >= len(argv) || strings.HasPrefix(argv[i], "-") {
					return hasError, i, a
				}
			}
		default:
			if len(a) > 2 && (a[1] == 'i' || a[1] == 'v' || a[1] == 'E' || a[1] == 'W' || a[1] == '-') {
				return hasError, i, a
			}
			return hasError, i, a
		}
		if len(a) > 2 && (a == "-E" || a == "-W" || a == "-i" || a == "-v") {
			return hasError, i, a
		}
	}
	return flags, i, ""
}

func (r *runner) run() int {
	flags, script, bad := collectArgs(r.argv)
	if flags == hasError {
		r.usage(bad)
		return 1
	}
	L := runtime.NewState()
	L.SetGCMode("generational") // as lua.c does
	r.L = L
	L.SetOutput(r.stdout, flushingWriter{r.stdout, r.o.Stderr})
	L.SetInput(r.o.Stdin)
	stdlib.OpenAll(L)
	// Output left in files the script did not close is written at the
	// end, as C's exit() flushes every stream.
	defer stdlib.FlushFiles(L)
	stdlib.SetExit(L, func(code int, close bool) {
		if close {
			L.Close()
		}
		r.stdout.Flush()
		panic(exitRequest{code})
	})
	// The main work runs inside a Go function, as the reference runs it
	// inside a C function: tracebacks end with "[C]: in ?".
	ok := true
	pmain := runtime.NewFunction("pmain", func(L *runtime.State) int {
		ok = r.pmain(flags, script)
		return 0
	})
	_, err := L.PCall(pmain)
	if err != nil {
		r.message(err.Error())
	}
	// Like lua_close at the end of lua.c's main: pending finalizers run
	// after the error, if any, is reported.
	L.Close()
	if err != nil || !ok {
		return 1
	}
	return 0
}

func (r *runner) pmain(flags, script int) bool {
	L := r.L
	argv := r.argv
	if flags&hasV != 0 {
		fmt.Fprintln(r.stdout, Version)
	}
	if flags&hasBigE != 0 {
		L.Registry().SetStr("LUA_NOENV", runtime.True)
	}
	r.createArgTable(script)
	stdlib.OpenPackage(L, flags&hasBigE != 0)
	if flags&hasBigE == 0 {
		if !r.handleInit() {
			return false
		}
	}
	if !r.runArgs(script) {
		return false
	}
	if script < len(argv) {
		if !r.handleScript(script) {
			return false
		}
	}
	if flags&hasI != 0 {
		r.repl()
	} else if script == len(argv) && flags&(hasE|hasV) == 0 {
		if r.o.IsTTY {
			fmt.Fprintln(r.stdout, Version)
			r.repl()
		} else {
			return r.doFile("")
		}
	}
	return true
}

func (r *runner) createArgTable(script int) {
	argv := r.argv
	s := script
	if s == len(argv) {
		s = 0
	}
	t := runtime.NewTable(len(argv)-s, s+1)
	for i, a := range argv {
		t.SetInt(int64(i-s), runtime.String(a))
	}
	r.L.SetGlobal("arg", runtime.TableValue(t))
}

func (r *runner) handleInit() bool {
	name := "=LUA_INIT_5_4"
	init := r.o.Getenv("LUA_INIT_5_4")
	if init == "" {
		name = "=LUA_INIT"
		init = r.o.Getenv("LUA_INIT")
	}
	if init == "" {
		return true
	}
	if strings.HasPrefix(init, "@") {
		return r.doFile(init[1:])
	}
	return r.doString(init, name)
}

// report prints a failed status's message.
func (r *runner) report(err error) bool {
	if err == nil {
		return true
	}
	r.message(err.Error())
	return false
}

func (r *runner) doChunk(fn runtime.Value, err error) bool {
	if err != nil {
		return r.report(err)
	}
	return r.docall(fn, nil)
}

// docall calls fn with a traceback message handler.
func (r *runner) docall(fn runtime.Value, args []runtime.Value) bool {
	// As in the reference, the message handler replaces the error value
	// with the printed message (traceback included): __close methods and
	// the final report see that string.
	L := r.L
	base := L.Top()
	L.Push(runtime.MessageHandler, fn)
	L.Push(args...)
	var st runtime.Status
	r.interruptible(func() { st = L.PCallStack(len(args), -1, base+1) })
	if st != runtime.StatusOK {
		msg := L.Get(-1)
		L.SetTop(base)
		if msg.IsString() {
			r.message(msg.AsString())
		} else {
			r.message(L.ToString(msg))
		}
		return false
	}
	L.SetTop(base)
	return true
}

func (r *runner) doFile(name string) bool {
	fn, err := r.L.LoadFile(name, "bt")
	return r.doChunk(fn, err)
}

func (r *runner) doString(s, name string) bool {
	fn, err := r.L.Load(s, name, "bt")
	return r.doChunk(fn, err)
}

// runArgs handles -e and -l in order.
func (r *runner) runArgs(script int) bool {
	argv := r.argv
	for i := 1; i < script && i < len(argv); i++ {
		a := argv[i]
		if len(a) < 2 {
			continue
		}
		switch a[1] {
		case 'e', 'l':
			extra := a[2:]
			if extra == "" {
				i++
				extra = argv[i]
			}
			var ok bool
			if a[1] == 'e' {
				ok = r.doString(extra, "=(command line)")
			} else {
				ok = r.doLibrary(extra)
			}
			if !ok {
				return false
			}
		case 'W':
			r.L.EnableWarnings(true)
		}
	}
	return true
}

// doLibrary runs require(mod) and stores the result in the global g
// ("-l g=mod" or "-l mod").
func (r *runner) doLibrary(spec string) bool {
	global, mod := spec, spec
	if i := strings.IndexByte(spec, '='); i >= 0 {
		global, mod = spec[:i], spec[i+1:]
	} else if i := strings.IndexByte(spec, '-'); i >= 0 {
		global = spec[:i]
	}
	L := r.L
	var res []runtime.Value
	var err error
	r.interruptible(func() { res, err = L.PCall(L.GetGlobal("require"), runtime.String(mod)) })
	if err != nil {
		return r.report(err)
	}
	v := runtime.Nil
	if len(res) > 0 {
		v = res[0]
	}
	L.SetGlobal(global, v)
	return true
}

func (r *runner) handleScript(script int) bool {
	fname := r.argv[script]
	if fname == "-" && (script == 0 || r.argv[script-1] != "--") {
		fname = ""
	}
	fn, err := r.L.LoadFile(fname, "bt")
	if err != nil {
		return r.report(err)
	}
	args, ok := r.scriptArgs()
	if !ok {
		return false
	}
	return r.docall(fn, args)
}

// scriptArgs reads the script's arguments from the global arg table as
// it is when the script starts, as lua.c's pushargs does: options run
// before the script (-e "arg[1] = 100") may have changed it, and an arg
// that is no longer a table is an error.
func (r *runner) scriptArgs() ([]runtime.Value, bool) {
	argt := r.L.GetGlobal("arg")
	if argt.Type() != runtime.TypeTable {
		r.message("'arg' is not a table")
		return nil, false
	}
	t := argt.AsTable()
	n := t.Len()
	args := make([]runtime.Value, 0, n)
	for i := int64(1); i <= n; i++ {
		args = append(args, t.GetInt(i))
	}
	return args, true
}

// flushingWriter flushes buffered stdout before writing to stderr, so the
// two streams interleave as they would unbuffered on a terminal.
type flushingWriter struct {
	out *bufio.Writer
	err io.Writer
}

func (w flushingWriter) Write(p []byte) (int, error) {
	w.out.Flush()
	return w.err.Write(p)
}
