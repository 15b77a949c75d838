package stdlib

import (
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"strings"
	"sync"

	"panto/internal/luanum"
	"panto/runtime"
)

// fileTypeName is the metatable name of file handles, as in the reference
// (luaL_checkudata messages say "FILE* expected").
const fileTypeName = "FILE*"

// ioStateKey is the registry key of the io library's per-interpreter
// state.
const ioStateKey = "panto.io"

// ioState is the io library's state for one interpreter: the file
// metatable and the set of files with unwritten output. The default input
// and output files are kept in the registry, as the reference keeps them,
// where the collector sees them.
type ioState struct {
	L     *runtime.State // main thread, for the host's standard streams
	meta  *runtime.Table
	files *fileSet
}

// fileSet tracks the streams that hold unwritten output, so that it can be
// written when the program exits, as C's exit() flushes every FILE. It
// must not lead back to the interpreter: streams point to it, and the Go
// cleanup of an unreachable file handle (which uses it) would otherwise
// keep the whole interpreter alive.
type fileSet struct {
	// mu guards dirty and the streams in it: cleanups of unreachable
	// files run on another goroutine.
	mu    sync.Mutex
	dirty map[*stream]struct{}
}

// ioStateOf returns the io state of L's interpreter, or nil when the io
// library is not open.
func ioStateOf(L *runtime.State) *ioState {
	if u := L.Registry().GetStr(ioStateKey).AsUserdata(); u != nil {
		if st, ok := u.Value.(*ioState); ok {
			return st
		}
	}
	return nil
}

func (fs *fileSet) markDirty(s *stream) {
	fs.mu.Lock()
	s.dirty = true
	fs.dirty[s] = struct{}{}
	fs.mu.Unlock()
}

func (fs *fileSet) forget(s *stream) {
	fs.mu.Lock()
	delete(fs.dirty, s)
	s.dirty = false
	fs.mu.Unlock()
}

// FlushFiles writes out the pending output of every open file of L's
// interpreter, and flushes the host's standard output. Hosts call it when
// a script ends (the standalone interpreter does, like C's exit()); files
// dropped without being closed are otherwise flushed only when Go's
// garbage collector finds them.
func FlushFiles(L *runtime.State) {
	st := ioStateOf(L)
	if st == nil {
		return
	}
	fs := st.files
	fs.mu.Lock()
	for s := range fs.dirty {
		if !s.closed {
			s.flushWrites()
		}
		s.dirty = false
		delete(fs.dirty, s)
	}
	fs.mu.Unlock()
	flushWriter(st.L.Stdout())
}

// OpenIO opens the io library (manual §6.8).
func OpenIO(L *runtime.State) {
	st := &ioState{L: L.MainThread(), files: &fileSet{dirty: map[*stream]struct{}{}}}
	L.Registry().SetStr(ioStateKey, runtime.UserdataValue(runtime.NewUserdata(st, nil)))

	methods := runtime.NewTable(0, 7)
	register(methods, []libFunc{
		{"close", st.fClose},
		{"flush", st.fFlush},
		{"lines", st.fLines},
		{"read", st.fRead},
		{"seek", st.fSeek},
		{"setvbuf", st.fSetvbuf},
		{"write", st.fWrite},
	})
	meta := runtime.NewTable(0, 5)
	register(meta, []libFunc{
		{"__gc", st.fGC},
		{"__close", st.fGC},
		{"__tostring", st.fToString},
	})
	meta.SetStr("__index", runtime.TableValue(methods))
	meta.SetStr("__name", runtime.String(fileTypeName))
	st.meta = meta
	L.Registry().SetStr(fileTypeName, runtime.TableValue(meta))

	lib := newLib(L, "io", []libFunc{
		{"close", st.ioClose},
		{"flush", st.ioFlush},
		{"input", st.ioInput},
		{"lines", st.ioLines},
		{"open", st.ioOpen},
		{"output", st.ioOutput},
		{"popen", st.ioPopen},
		{"read", st.ioRead},
		{"tmpfile", st.ioTmpfile},
		{"type", st.ioType},
		{"write", st.ioWrite},
	})

	main := st.L
	// An interactive prompt written with io.write must show before the
	// program waits for input, as glibc flushes line-buffered output
	// before reading a terminal.
	flushOut := func() { flushWriter(main.Stdout()) }
	stdin := &stream{src: main.Stdin, readable: true, std: true, beforeRead: flushOut}
	stdout := &stream{sink: main.Stdout, writable: true, std: true, mode: bufFull}
	stderr := &stream{sink: main.Stderr, writable: true, std: true, mode: bufNone}
	reg := L.Registry()
	for _, std := range []struct {
		s        *stream
		name     string
		registry string
	}{{stdin, "stdin", ioInputKey}, {stdout, "stdout", ioOutputKey}, {stderr, "stderr", ""}} {
		v := st.newFile(L, std.s)
		lib.SetStr(std.name, v)
		if std.registry != "" {
			reg.SetStr(std.registry, v)
		}
		L.Pop(1)
	}
}

// Registry keys of the default files (the reference's names).
const (
	ioInputKey  = "_IO_input"
	ioOutputKey = "_IO_output"
)

// newFile wraps a stream as a file handle and pushes it. The metatable is
// set once the handle is on the stack, as lua_setmetatable would: that
// registers its __gc (which closes the file), and a collection it starts
// must see the new handle as reachable.
//
// A cleanup also closes the file (writing its pending output) if the
// handle becomes Go garbage without a Lua collection having finalized it,
// for instance when a host drops the whole interpreter.
func (st *ioState) newFile(L *runtime.State, s *stream) runtime.Value {
	s.owner = st.files
	if s.size == 0 {
		s.size = writeBufSize
	}
	u := runtime.NewUserdata(s, nil)
	v := runtime.UserdataValue(u)
	L.Push(v)
	L.SetMetatable(v, st.meta)
	if !s.std {
		goruntime.AddCleanup(u, func(s *stream) {
			fs := s.owner
			fs.mu.Lock()
			defer fs.mu.Unlock()
			s.discard()
			delete(fs.dirty, s)
		}, s)
	}
	return v
}

// testFile returns argument n as a stream when it is a file handle.
func (st *ioState) testFile(L *runtime.State, n int) *stream {
	u := L.Arg(n).AsUserdata()
	if u == nil || u.Metatable() != st.meta {
		return nil
	}
	s, _ := u.Value.(*stream)
	return s
}

// checkStream returns argument n as a file handle, open or closed.
func (st *ioState) checkStream(L *runtime.State, n int) *stream {
	s := st.testFile(L, n)
	if s == nil {
		L.TypeError(n, fileTypeName)
	}
	return s
}

// toFile returns argument 1 as an open file.
func (st *ioState) toFile(L *runtime.State) *stream {
	s := st.checkStream(L, 1)
	if s.closed {
		L.Errorf("attempt to use a closed file")
	}
	return s
}

func valueStream(v runtime.Value) *stream {
	if u := v.AsUserdata(); u != nil {
		if s, ok := u.Value.(*stream); ok {
			return s
		}
	}
	return nil
}

// closeStream closes s and pushes close's results. Standard files stay
// open.
func closeStream(L *runtime.State, s *stream) int {
	if s.std {
		L.Push(runtime.Nil, runtime.String("cannot close standard file"))
		return 2
	}
	s.closed = true
	if s.proc != nil {
		s.lua = L // waiting for the command obeys interruptions
		ps, err := s.closeProcess()
		return execResult(L, ps, err)
	}
	return fileResult(L, s.closeFile(), "")
}

func (st *ioState) fClose(L *runtime.State) int {
	return closeStream(L, st.toFile(L))
}

func (st *ioState) ioClose(L *runtime.State) int {
	if L.NoValue(1) {
		L.Push(L.Registry().GetStr(ioOutputKey))
		return closeStream(L, st.toFileAt(L, L.Top()))
	}
	return st.fClose(L)
}

// toFileAt is toFile for a value pushed by the library itself.
func (st *ioState) toFileAt(L *runtime.State, n int) *stream {
	s := st.testFile(L, n)
	if s == nil {
		L.TypeError(n, fileTypeName)
	}
	if s.closed {
		L.Errorf("attempt to use a closed file")
	}
	return s
}

func (st *ioState) fGC(L *runtime.State) int {
	s := st.checkStream(L, 1)
	if !s.closed {
		closeStream(L, s)
	}
	return 0
}

func (st *ioState) fToString(L *runtime.State) int {
	s := st.checkStream(L, 1)
	if s.closed {
		L.Push(runtime.String("file (closed)"))
	} else {
		L.Push(runtime.String(fmt.Sprintf("file (%p)", s)))
	}
	return 1
}

func (st *ioState) ioType(L *runtime.State) int {
	L.CheckAny(1)
	s := st.testFile(L, 1)
	switch {
	case s == nil:
		L.Push(runtime.Nil)
	case s.closed:
		L.Push(runtime.String("closed file"))
	default:
		L.Push(runtime.String("file"))
	}
	return 1
}

// checkMode validates an io.open mode: one of "r", "w", "a", optionally
// followed by '+', then only 'b's (the reference's l_checkmode).
func checkMode(mode string) bool {
	if mode == "" || strings.IndexByte("rwa", mode[0]) < 0 {
		return false
	}
	rest := mode[1:]
	if strings.HasPrefix(rest, "+") {
		rest = rest[1:]
	}
	return strings.Trim(rest, "b") == ""
}

// openFlags translates a valid mode to open(2) flags, as fopen does.
func openFlags(mode string) (flags int, readable, writable bool) {
	plus := len(mode) > 1 && mode[1] == '+'
	switch mode[0] {
	case 'r':
		flags, readable, writable = os.O_RDONLY, true, false
	case 'w':
		flags, readable, writable = os.O_WRONLY|os.O_CREATE|os.O_TRUNC, false, true
	case 'a':
		flags, readable, writable = os.O_WRONLY|os.O_CREATE|os.O_APPEND, false, true
	}
	if plus {
		flags = flags&^(os.O_RDONLY|os.O_WRONLY) | os.O_RDWR
		readable, writable = true, true
	}
	return
}

// openStream opens a file with a (valid) C mode.
func openStream(name, mode string) (*stream, error) {
	flags, r, w := openFlags(mode)
	f, err := os.OpenFile(name, flags, 0o666)
	if err != nil {
		return nil, err
	}
	if mode[0] == 'a' && !r {
		// glibc positions a write-only append stream at the end at once,
		// so seek("cur") reports the file size.
		f.Seek(0, io.SeekEnd)
	}
	return &stream{file: f, readable: r, writable: w, mode: bufFull, size: writeBufSize}, nil
}

func (st *ioState) ioOpen(L *runtime.State) int {
	name := L.CheckString(1)
	mode := L.OptString(2, "r")
	if !checkMode(mode) {
		L.ArgError(2, "invalid mode")
	}
	var s *stream
	err := withFDs(L, func() (err error) { s, err = openStream(name, mode); return })
	if err != nil {
		return fileResult(L, err, name)
	}
	st.newFile(L, s)
	return 1
}

// openCheckFile opens a file for io.input, io.output and io.lines, which
// raise an error when they cannot. The file is pushed.
func (st *ioState) openCheckFile(L *runtime.State, name, mode string) runtime.Value {
	var s *stream
	err := withFDs(L, func() (err error) { s, err = openStream(name, mode); return })
	if err != nil {
		L.Errorf("cannot open file '%s' (%s)", name, runtime.Strerror(err))
	}
	return st.newFile(L, s)
}

func (st *ioState) ioTmpfile(L *runtime.State) int {
	var f *os.File
	err := withFDs(L, func() (err error) { f, err = os.CreateTemp("", "lua_"); return })
	if err != nil {
		return fileResult(L, err, "")
	}
	// Anonymous, like tmpfile(3): the name goes away at once.
	os.Remove(f.Name())
	st.newFile(L, &stream{file: f, readable: true, writable: true, mode: bufFull, size: writeBufSize})
	return 1
}

// ioFile implements io.input and io.output: with a name it opens the file,
// with a file handle it makes it the default; it returns the default.
func (st *ioState) ioFile(L *runtime.State, key, mode string) int {
	if !L.Arg(1).IsNil() {
		v := L.Arg(1)
		if name, ok := luaToString(v); ok {
			v = st.openCheckFile(L, name, mode)
		} else {
			st.toFile(L)
		}
		L.Registry().SetStr(key, v)
	}
	L.Push(L.Registry().GetStr(key))
	return 1
}

func (st *ioState) ioInput(L *runtime.State) int  { return st.ioFile(L, ioInputKey, "r") }
func (st *ioState) ioOutput(L *runtime.State) int { return st.ioFile(L, ioOutputKey, "w") }

// defaultFile returns the default input or output, which must be open.
func (st *ioState) defaultFile(L *runtime.State, key, what string) (*stream, runtime.Value) {
	v := L.Registry().GetStr(key)
	s := valueStream(v)
	if s == nil || s.closed {
		L.Errorf("default %s file is closed", what)
	}
	return s, v
}

func (st *ioState) ioRead(L *runtime.State) int {
	s, _ := st.defaultFile(L, ioInputKey, "input")
	return gRead(L, s, 1)
}

func (st *ioState) fRead(L *runtime.State) int {
	return gRead(L, st.toFile(L), 2)
}

func (st *ioState) ioWrite(L *runtime.State) int {
	s, v := st.defaultFile(L, ioOutputKey, "output")
	return gWrite(L, s, v, 1)
}

func (st *ioState) fWrite(L *runtime.State) int {
	s := st.toFile(L)
	return gWrite(L, s, L.Arg(1), 2)
}

// gWrite writes arguments first..top and returns the file, or the error
// triple. Numbers are written with C's formats (%d, %.14g), so 1.0 is
// written as "1", unlike tostring.
func gWrite(L *runtime.State, s *stream, file runtime.Value, first int) int {
	var err error
	var scratch [48]byte
	top := L.Top()
	for n := first; n <= top; n++ {
		v := L.Arg(n)
		var data string
		if v.Type() == runtime.TypeNumber {
			var b []byte
			if v.IsInt() {
				b = luanum.AppendInt(scratch[:0], v.AsInt())
			} else {
				b = luanum.AppendFormatFloat(scratch[:0], luanum.Spec{Precision: 14, Verb: 'g'}, v.AsFloat())
			}
			data = string(b)
		} else {
			data = L.CheckString(n)
		}
		if err == nil {
			err = s.write(data)
		}
	}
	if err != nil {
		return fileResult(L, err, "")
	}
	L.Push(file)
	return 1
}

func (st *ioState) ioFlush(L *runtime.State) int {
	s, _ := st.defaultFile(L, ioOutputKey, "output")
	return fileResult(L, s.flush(), "")
}

func (st *ioState) fFlush(L *runtime.State) int {
	return fileResult(L, st.toFile(L).flush(), "")
}

var seekModes = []string{"set", "cur", "end"}

func (st *ioState) fSeek(L *runtime.State) int {
	s := st.toFile(L)
	whence := L.CheckOption(2, "cur", seekModes)
	offset := L.OptInteger(3, 0)
	pos, err := s.seek(offset, whence)
	if err != nil {
		return fileResult(L, err, "")
	}
	L.Push(runtime.Int(pos))
	return 1
}

var bufModes = []string{"full", "line", "no"}

func (st *ioState) fSetvbuf(L *runtime.State) int {
	s := st.toFile(L)
	// The reference lists the names as "no", "full", "line"; only the
	// index differs.
	mode := L.CheckOption(2, "", bufModes)
	size := L.OptInteger(3, setvbufDefault)
	return fileResult(L, s.setvbuf(bufMode(mode), size), "")
}

// maxLinesArgs is the most formats io.lines and file:lines accept.
const maxLinesArgs = 250

func (st *ioState) fLines(L *runtime.State) int {
	st.toFile(L)
	L.Push(st.linesIterator(L, false))
	return 1
}

func (st *ioState) ioLines(L *runtime.State) int {
	if L.NoValue(1) {
		L.Push(runtime.Nil)
	}
	toClose := false
	if L.Arg(1).IsNil() {
		L.Replace(1, L.Registry().GetStr(ioInputKey))
		st.toFile(L)
	} else {
		name := L.CheckString(1)
		L.Replace(1, st.openCheckFile(L, name, "r"))
		L.Pop(1)
		toClose = true
	}
	it := st.linesIterator(L, toClose)
	if toClose {
		// The file is also returned as the loop's to-be-closed value, so
		// that breaking out of the loop closes it.
		L.Push(it, runtime.Nil, runtime.Nil, L.Arg(1))
		return 4
	}
	L.Push(it)
	return 1
}

// linesIterator builds the iterator for the file at argument 1 with the
// formats at arguments 2..top. Formats are checked at each call, as in the
// reference. The file, the number of formats, the closing flag and the
// formats are the iterator's upvalues, as in the reference, so that the
// collector (and debug.getupvalue) sees them.
func (st *ioState) linesIterator(L *runtime.State, toClose bool) runtime.Value {
	n := L.Top() - 1
	if n > maxLinesArgs {
		L.ArgError(maxLinesArgs+2, "too many arguments")
	}
	up := make([]runtime.Value, 3+n)
	up[0], up[1], up[2] = L.Arg(1), runtime.Int(int64(n)), runtime.Bool(toClose)
	for i := 0; i < n; i++ {
		up[3+i] = L.Arg(i + 2)
	}
	fn := &runtime.GoFunction{Name: "lines", Upvalues: up}
	fn.Fn = func(L *runtime.State) int { return st.readLines(L, fn.Upvalues) }
	return runtime.FunctionValue(fn)
}

// readLines is one call of a lines iterator.
func (st *ioState) readLines(L *runtime.State, up []runtime.Value) int {
	s := valueStream(up[0])
	if s == nil {
		L.Errorf("file is already closed")
	}
	if s.closed {
		L.Errorf("file is already closed")
	}
	formats := up[3:]
	L.SetTop(1)
	L.CheckStack(len(formats) + 3)
	L.Push(formats...)
	n := gRead(L, s, 2)
	if L.Get(-n).Truthy() {
		return n
	}
	if n > 1 {
		// A read error: (nil, message, errno).
		L.Errorf("%s", L.ToString(L.Get(-n+1)))
	}
	if up[2].Truthy() {
		L.SetTop(0)
		closeStream(L, s)
		L.SetTop(0)
	}
	return 0
}

func (st *ioState) ioPopen(L *runtime.State) int {
	prog := L.CheckString(1)
	mode := L.OptString(2, "r")
	if mode != "r" && mode != "w" {
		L.ArgError(2, "invalid mode")
	}
	s, err := startPopen(L, prog, mode == "r")
	if err != nil {
		return fileResult(L, err, prog)
	}
	st.newFile(L, s)
	return 1
}

// luaToString is lua_tostring: strings, and numbers converted.
func luaToString(v runtime.Value) (string, bool) {
	switch {
	case v.IsString():
		return v.AsString(), true
	case v.IsNumber():
		return runtime.FormatNumber(v), true
	}
	return "", false
}

// withFDs runs an operation that needs a file descriptor. When the process
// has none left, a Lua collection runs first and the operation is tried
// again: files a program dropped without closing are closed by their
// finalizers. The reference's incremental collector usually gets to them
// before the limit because it runs all the time; panto's Lua-level cycles
// are paced by memory, which open files barely use.
func withFDs(L *runtime.State, op func() error) error {
	err := op()
	if err != nil && isFDLimit(err) {
		L.CollectGarbage()
		err = op()
	}
	return err
}
