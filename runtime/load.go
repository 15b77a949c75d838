package runtime

import (
	"errors"
	"io"
	"os"
	"strings"
	"syscall"

	"panto/bytecode"
	"panto/compiler"
	"panto/diag"
)

// binarySignature starts every binary chunk.
const binarySignature = "\x1bLua"

// Load compiles a chunk and returns it as a function whose first upvalue
// is the global table. mode is "t", "b" or "bt". A syntax error is an
// *Error whose Message is the reference's and whose Diagnostic has the
// position with its column.
func (L *State) Load(src, chunkname, mode string) (Value, error) {
	if mode == "" {
		mode = "bt"
	}
	// As f_parser in ldo.c: a chunk whose first byte is the signature's
	// ESC is binary, whatever follows, and the mode is checked after that.
	if strings.HasPrefix(src, binarySignature[:1]) {
		if !strings.Contains(mode, "b") {
			return Nil, newError(StatusSyntaxError, "attempt to load a binary chunk (mode is '"+mode+"')")
		}
		return L.loadBinary(src, chunkname)
	}
	if !strings.Contains(mode, "t") {
		return Nil, newError(StatusSyntaxError, "attempt to load a text chunk (mode is '"+mode+"')")
	}
	if c := lookupPrecompiled(chunkname, src); c != nil {
		return L.closureOfDigest(c.proto, c.Digest), nil
	}
	p, err := L.compile(chunkname, src)
	if ie, ok := err.(*Error); ok {
		return Nil, ie
	}
	if err != nil {
		var d *diag.Diagnostic
		if !errors.As(err, &d) {
			return Nil, newError(StatusSyntaxError, err.Error())
		}
		e := newError(StatusSyntaxError, d.LuaMessage(chunkname))
		e.Diagnostic = d
		return Nil, e
	}
	return L.closureOf(p), nil
}

// closureOf makes the main function of a loaded chunk: its native twin
// bound if one is registered, its first upvalue the globals.
func (L *State) closureOf(p *bytecode.Proto) Value {
	return L.closureOfDigest(p, "")
}

// closureOfDigest is closureOf for a prototype whose digest is known ("":
// compute it if a native chunk may need it).
func (L *State) closureOfDigest(p *bytecode.Proto, digest string) Value {
	cl := &Closure{p: newFuncProto(p)}
	if digest == "" {
		attachNatives(cl.p, p)
	} else if natives.n.Load() != 0 {
		attachNativesByDigest(cl.p, digest)
	}
	cl.upvals = make([]*upval, len(p.Upvalues))
	for i := range cl.upvals {
		uv := &upval{}
		uv.v = &uv.closed
		cl.upvals[i] = uv
	}
	if len(cl.upvals) > 0 {
		cl.upvals[0].closed = TableValue(L.Globals())
	}
	return closureValue(cl)
}

// compile compiles a text chunk. Called by running code (load), it counts
// the work as ticks (a long and/or chain is quadratic, as in the
// reference, and the source's size counts too), so that budgets and
// deadlines stop a compilation; an interruption raised by a tick comes
// back as an *Error, not a panic. A host loading a chunk from Go, with
// nothing running, is not held to the interruption sources of code that
// ran before.
func (L *State) compile(chunkname, src string) (p *bytecode.Proto, err error) {
	compilations.Add(1)
	if L.ci == &L.baseCI {
		return compiler.CompileDepth(chunkname, src, L.nCcalls+1)
	}
	defer func() {
		if r := recover(); r != nil {
			le, ok := r.(*luaError)
			if !ok {
				panic(r)
			}
			msg := "error"
			if le.value.t == tagString {
				msg = le.value.AsString()
			}
			p, err = nil, newError(le.status, msg)
		}
	}()
	L.TickBytes(len(src))
	return compiler.CompileWork(chunkname, src, L.nCcalls+1, L.Tick)
}

// setEnv replaces the first upvalue of a loaded chunk (load's env).
func (c *Closure) setEnv(v Value) {
	if len(c.upvals) > 0 {
		uv := &upval{closed: v}
		uv.v = &uv.closed
		c.upvals[0] = uv
	}
}

// loadBinary loads a precompiled chunk (docs/bytecode.md). Decode
// verifies it, so whatever the bytes, the result is either an error or a
// function the VM runs without leaving its frame, its constants or its
// code: unlike the reference, loading untrusted binary chunks is safe.
// As in the reference, the message is "name: bad binary format (reason)"
// with a syntax-error status, name being the chunk name without its '@'
// or '=', or "binary string" when the name is the chunk itself (load's
// default). The main function gets fresh upvalues, the first one holding
// the globals, exactly as a text chunk does.
func (L *State) loadBinary(src, chunkname string) (Value, error) {
	// src is a string, immutable: the prototype's strings may share it
	// rather than be copied out of a copy.
	p, err := bytecode.DecodeString(src)
	if err != nil {
		name := chunkname
		switch {
		case strings.HasPrefix(name, "@"), strings.HasPrefix(name, "="):
			name = name[1:]
		case strings.HasPrefix(name, binarySignature[:1]):
			name = "binary string"
		}
		return Nil, newError(StatusSyntaxError, name+": "+err.Error())
	}
	return L.closureOf(p), nil
}

// LoadFile loads a file as a chunk named "@path" (stdin when path is "").
// A byte-order mark and a first line starting with '#' are skipped, as
// for scripts (SkipComment).
func (L *State) LoadFile(path, mode string) (Value, error) {
	var data []byte
	var err error
	name := "=stdin"
	if path == "" {
		data, err = io.ReadAll(L.g.stdin)
		if err != nil {
			return Nil, newError(StatusRuntimeError, "cannot read stdin: "+Strerror(err))
		}
	} else {
		name = diag.ChunkName(path)
		data, err = os.ReadFile(path)
		if err != nil {
			what := "open"
			var pe *os.PathError
			if errors.As(err, &pe) && pe.Op == "read" {
				what = "read"
			}
			return Nil, newError(StatusRuntimeError, "cannot "+what+" "+path+": "+Strerror(err))
		}
	}
	src := SkipComment(string(data))
	return L.Load(src, name, mode)
}

// utf8BOM is the byte-order mark some editors put at the start of a file.
const utf8BOM = "\xEF\xBB\xBF"

// SkipComment drops what luaL_loadfilex's skipcomment skips at the start
// of a file: a UTF-8 byte-order mark, then a first line starting with '#'
// (a shebang, as lua allows in scripts). The line's newline is kept so that
// line numbers do not move, except when a binary chunk (ESC) follows it,
// as in "#!lua\n" .. string.dump(f). LoadFile does it, and so do the host
// and panto build before they compile an extension's file, so a file means
// the same everywhere; load of a string skips nothing.
func SkipComment(src string) string {
	src = strings.TrimPrefix(src, utf8BOM)
	if !strings.HasPrefix(src, "#") {
		return src
	}
	i := strings.IndexByte(src, '\n')
	if i < 0 {
		return ""
	}
	if strings.HasPrefix(src[i+1:], binarySignature[:1]) {
		return src[i+1:]
	}
	return src[i:]
}

// Strerror returns the C library's text for an OS error ("No such file or
// directory"), which Lua's messages quote.
func Strerror(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		s := errno.Error()
		if s != "" {
			return strings.ToUpper(s[:1]) + s[1:]
		}
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return Strerror(pe.Err)
	}
	return err.Error()
}

// DoString loads and runs a chunk, returning its results.
func (L *State) DoString(src, chunkname string) ([]Value, error) {
	fn, err := L.Load(src, chunkname, "t")
	if err != nil {
		return nil, err
	}
	return L.PCall(fn)
}

// DoFile loads and runs a file.
func (L *State) DoFile(path string) ([]Value, error) {
	fn, err := L.LoadFile(path, "bt")
	if err != nil {
		return nil, err
	}
	return L.PCall(fn)
}
