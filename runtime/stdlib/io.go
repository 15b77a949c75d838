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
// metatable, the default input and output files, and the streams that
// hold unwritten output (so that it can be written when the program
// exits, as C's exit() flushes every FILE).
type ioState struct {
	L      *runtime.State // main thread, for the host's standard streams
	meta   *runtime.Table
	input  runtime.Value
	output runtime.Value
	stdout *stream

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

func (st *ioState) markDirty(s *stream) {
	st.mu.Lock()
	s.dirty = true
	st.dirty[s] = struct{}{}
	st.mu.Unlock()
}

func (st *ioState) forget(s *stream) {
	st.mu.Lock()
	delete(st.dirty, s)
	s.dirty = false
	st.mu.Unlock()
}

// flushStdout flushes the host's standard output when it is buffered.
func (st *ioState) flushStdout() { flushWriter(st.L.Stdout()) }

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
	st.mu.Lock()
	for s := range st.dirty {
		if !s.closed {
			s.flushWrites()
		}
		s.dirty = false
		delete(st.dirty, s)
	}
	st.mu.Unlock()
	st.flushStdout()
}

// CloseFiles is FlushFiles for a state that is being closed
// (os.exit(code, true)): files with pending output are also closed.
func CloseFiles(L *runtime.State) {
	st := ioStateOf(L)
	if st == nil {
		return
	}
	st.mu.Lock()
	for s := range st.dirty {
		s.discard()
		s.dirty = false
		delete(st.dirty, s)
	}
	st.mu.Unlock()
	st.flushStdout()
}

// OpenIO opens the io library (manual §6.8).
func OpenIO(L *runtime.State) {
	st := &ioState{L: L.MainThread(), dirty: map[*stream]struct{}{}}
	L.Registry().SetStr(ioStateKey, runtime.UserdataValue(runtime.NewUserdata(st, nil)))

	methods := runtime.NewTable(0, 7)
	register(methods, map[string]func(*runtime.State) int{
		"close":   st.fClose,
		"flush":   st.fFlush,
		"lines":   st.fLines,
		"read":    st.fRead,
		"seek":    st.fSeek,
		"setvbuf": st.fSetvbuf,
		"write":   st.fWrite,
	})
	meta := runtime.NewTable(0, 5)
	register(meta, map[string]func(*runtime.State) int{
		"__gc":       st.fGC,
		"__close":    st.fGC,
		"__tostring": st.fToString,
	})
	meta.SetStr("__index", runtime.TableValue(methods))
	meta.SetStr("__name", runtime.String(fileTypeName))
	st.meta = meta
	L.Registry().SetStr(fileTypeName, runtime.TableValue(meta))

	lib := newLib(L, "io", map[string]func(*runtime.State) int{
		"close":   st.ioClose,
		"flush":   st.ioFlush,
		"input":   st.ioInput,
		"lines":   st.ioLines,
		"open":    st.ioOpen,
		"output":  st.ioOutput,
		"popen":   st.ioPopen,
		"read":    st.ioRead,
		"tmpfile": st.ioTmpfile,
		"type":    st.ioType,
		"write":   st.ioWrite,
	})

	main := st.L
	stdin := &stream{src: main.Stdin, readable: true, std: true, stdin: true, owner: st, size: writeBufSize}
	stdout := &stream{sink: main.Stdout, writable: true, std: true, owner: st, mode: bufFull, size: writeBufSize}
	stderr := &stream{sink: main.Stderr, writable: true, std: true, owner: st, mode: bufNone, size: writeBufSize}
	st.stdout = stdout
	st.input = st.newFile(stdin)
	st.output = st.newFile(stdout)
	lib.SetStr("stdin", st.input)
	lib.SetStr("stdout", st.output)
	lib.SetStr("stderr", st.newFile(stderr))
}

// newFile wraps a stream as a file handle. A handle that becomes garbage
// while still open is closed (and its output written) by a cleanup, which
// is what the reference's __gc does.
func (st *ioState) newFile(s *stream) runtime.Value {
	s.owner = st
	if s.size == 0 {
		s.size = writeBufSize
	}
	u := runtime.NewUserdata(s, st.meta)
	if !s.std {
		goruntime.AddCleanup(u, func(s *stream) {
			st.mu.Lock()
			defer st.mu.Unlock()
			s.discard()
			delete(st.dirty, s)
		}, s)
	}
	return runtime.UserdataValue(u)
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

// closeFile closes s and pushes close's results. Standard files stay
// open.
func closeStream(L *runtime.State, s *stream) int {
	if s.std {
		L.Push(runtime.Nil, runtime.String("cannot close standard file"))
		return 2
	}
	s.closed = true
	if s.proc != nil {
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
		L.Push(st.output)
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
	s, err := openStream(name, mode)
	if err != nil {
		return fileResult(L, err, name)
	}
	L.Push(st.newFile(s))
	return 1
}

// openCheckFile opens a file for io.input, io.output and io.lines, which
// raise an error when they cannot.
func (st *ioState) openCheckFile(L *runtime.State, name, mode string) runtime.Value {
	s, err := openStream(name, mode)
	if err != nil {
		L.Errorf("cannot open file '%s' (%s)", name, runtime.Strerror(err))
	}
	return st.newFile(s)
}

func (st *ioState) ioTmpfile(L *runtime.State) int {
	f, err := os.CreateTemp("", "lua_")
	if err != nil {
		return fileResult(L, err, "")
	}
	// Anonymous, like tmpfile(3): the name goes away at once.
	os.Remove(f.Name())
	L.Push(st.newFile(&stream{file: f, readable: true, writable: true, mode: bufFull, size: writeBufSize}))
	return 1
}

// ioFile implements io.input and io.output: with a name it opens the file,
// with a file handle it makes it the default; it returns the default.
func (st *ioState) ioFile(L *runtime.State, def *runtime.Value, mode string) int {
	if !L.Arg(1).IsNil() {
		v := L.Arg(1)
		if name, ok := luaToString(v); ok {
			*def = st.openCheckFile(L, name, mode)
		} else {
			st.toFile(L)
			*def = v
		}
	}
	L.Push(*def)
	return 1
}

func (st *ioState) ioInput(L *runtime.State) int  { return st.ioFile(L, &st.input, "r") }
func (st *ioState) ioOutput(L *runtime.State) int { return st.ioFile(L, &st.output, "w") }

// defaultFile returns the default input or output, which must be open.
func (st *ioState) defaultFile(L *runtime.State, v runtime.Value, what string) *stream {
	s := valueStream(v)
	if s == nil || s.closed {
		L.Errorf("default %s file is closed", what)
	}
	return s
}

func (st *ioState) ioRead(L *runtime.State) int {
	return gRead(L, st.defaultFile(L, st.input, "input"), 1)
}

func (st *ioState) fRead(L *runtime.State) int {
	return gRead(L, st.toFile(L), 2)
}

func (st *ioState) ioWrite(L *runtime.State) int {
	v := st.output
	s := st.defaultFile(L, v, "output")
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
	s := st.defaultFile(L, st.output, "output")
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
		L.Replace(1, st.input)
		st.toFile(L)
	} else {
		name := L.CheckString(1)
		L.Replace(1, st.openCheckFile(L, name, "r"))
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
// reference.
func (st *ioState) linesIterator(L *runtime.State, toClose bool) runtime.Value {
	n := L.Top() - 1
	if n > maxLinesArgs {
		L.ArgError(maxLinesArgs+2, "too many arguments")
	}
	file := L.Arg(1)
	formats := make([]runtime.Value, n)
	for i := range formats {
		formats[i] = L.Arg(i + 2)
	}
	return runtime.NewFunction("lines", func(L *runtime.State) int {
		s := valueStream(file)
		if s.closed {
			L.Errorf("file is already closed")
		}
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
		if toClose {
			L.SetTop(0)
			closeStream(L, s)
			L.SetTop(0)
		}
		return 0
	})
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
	L.Push(st.newFile(s))
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
