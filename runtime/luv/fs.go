package luv

import (
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"panto/runtime"
)

// File system calls. Each one is synchronous without a callback (it runs
// on the owner and returns its results, or nil, err, name) and
// asynchronous with one (it runs on a goroutine, returns a uv_fs_t
// userdata at once, and the callback later receives err alone on failure
// or nil and the results on success).
//
// File descriptors are the operating system's numbers; the loop keeps the
// *os.File behind each one it opened, so they stay open until fs_close
// (or Close) whatever Go's collector does.

type fdEntry struct {
	f      *os.File
	append bool // opened with O_APPEND: writes at an offset append anyway
	// pipeEnd is 'r' or 'w' for the ends of a uv.pipe(), 0 otherwise.
	pipeEnd byte
}

// fsResult is what a file system operation produced: vals builds the Lua
// results on the owner; drop (optional) undoes the operation's effect
// when the results are discarded (a cancelled open closes its file).
type fsResult struct {
	vals func() []runtime.Value
	drop func()
}

func fsValues(vs ...runtime.Value) fsResult {
	return fsResult{vals: func() []runtime.Value { return vs }}
}

var fsTrue = fsValues(runtime.True)

// fsCall runs op synchronously or asynchronously depending on cb, and
// reports errors with paths the way luv does. For fs_access, an error is
// the answer false, not a failure.
func (lp *Loop) fsCall(L *runtime.State, cb runtime.Value, paths []string, access bool, op func() (fsResult, error)) int {
	if cb.IsNil() {
		res, err := op()
		if err != nil {
			if access {
				L.Push(runtime.False)
				return 1
			}
			return pushFail(L, toUVError(err).withPath(paths...))
		}
		vs := res.vals()
		L.CheckStack(len(vs))
		L.Push(vs...)
		return len(vs)
	}
	r := lp.newRequest()
	ud := lp.newUserdata("uv_fs_t", r)
	cbRef := lp.ref(cb)
	go func() {
		res, err := op()
		lp.Post(func() {
			lp.unref(cbRef)
			owner, ok := lp.finishRequest(r)
			if !ok {
				if err == nil && res.drop != nil {
					res.drop()
				}
				return
			}
			switch {
			case err != nil && access:
				lp.invoke(owner, cb, runtime.Nil, runtime.False)
			case err != nil:
				lp.invoke(owner, cb, runtime.String(toUVError(err).withPath(paths...).String()))
			default:
				args := append([]runtime.Value{runtime.Nil}, res.vals()...)
				lp.invoke(owner, cb, args...)
			}
		})
	}()
	L.Push(runtime.UserdataValue(ud))
	return 1
}

// lastCallback finds the callback among the optional trailing arguments:
// the first callable at or after position from, nil if none (luv lets
// optional arguments before the callback be omitted).
func lastCallback(L *runtime.State, from, to int) (runtime.Value, int) {
	for i := from; i <= to; i++ {
		if v := L.Arg(i); isCallable(L, v) {
			return v, i
		}
	}
	if !L.Arg(to).IsNil() {
		L.TypeError(to, "callable")
	}
	return runtime.Nil, to + 1
}

func (lp *Loop) checkFd(L *runtime.State, n int) (int, *fdEntry) {
	fd := int(L.CheckInteger(n))
	return fd, lp.fds[fd]
}

var errBadFd = os.ErrClosed

func (lp *Loop) fsStat(L *runtime.State) int {
	path := L.CheckString(1)
	cb := optCallable(L, 2)
	return lp.fsCall(L, cb, []string{path}, false, func() (fsResult, error) {
		fi, err := os.Stat(path)
		if err != nil {
			return fsResult{}, err
		}
		return statResult(fi), nil
	})
}

func (lp *Loop) fsLstat(L *runtime.State) int {
	path := L.CheckString(1)
	cb := optCallable(L, 2)
	return lp.fsCall(L, cb, []string{path}, false, func() (fsResult, error) {
		fi, err := os.Lstat(path)
		if err != nil {
			return fsResult{}, err
		}
		return statResult(fi), nil
	})
}

func (lp *Loop) fsFstat(L *runtime.State) int {
	_, e := lp.checkFd(L, 1)
	cb := optCallable(L, 2)
	return lp.fsCall(L, cb, nil, false, func() (fsResult, error) {
		if e == nil {
			return fsResult{}, errBadFd
		}
		fi, err := e.f.Stat()
		if err != nil {
			return fsResult{}, err
		}
		return statResult(fi), nil
	})
}

func statResult(fi fs.FileInfo) fsResult {
	st := statOf(fi)
	return fsResult{vals: func() []runtime.Value { return []runtime.Value{st.table()} }}
}

// openFlags are fs_open's string flags.
// Made on first use (sync.OnceValue): a package-level map literal is
// built in every process's init, whether or not it uses luv.
var openFlags = sync.OnceValue(func() map[string]int {
	return map[string]int{
		"r":   os.O_RDONLY,
		"rs":  os.O_RDONLY | os.O_SYNC,
		"sr":  os.O_RDONLY | os.O_SYNC,
		"r+":  os.O_RDWR,
		"rs+": os.O_RDWR | os.O_SYNC,
		"sr+": os.O_RDWR | os.O_SYNC,
		"w":   os.O_TRUNC | os.O_CREATE | os.O_WRONLY,
		"wx":  os.O_TRUNC | os.O_CREATE | os.O_WRONLY | os.O_EXCL,
		"xw":  os.O_TRUNC | os.O_CREATE | os.O_WRONLY | os.O_EXCL,
		"w+":  os.O_TRUNC | os.O_CREATE | os.O_RDWR,
		"wx+": os.O_TRUNC | os.O_CREATE | os.O_RDWR | os.O_EXCL,
		"xw+": os.O_TRUNC | os.O_CREATE | os.O_RDWR | os.O_EXCL,
		"a":   os.O_APPEND | os.O_CREATE | os.O_WRONLY,
		"ax":  os.O_APPEND | os.O_CREATE | os.O_WRONLY | os.O_EXCL,
		"xa":  os.O_APPEND | os.O_CREATE | os.O_WRONLY | os.O_EXCL,
		"a+":  os.O_APPEND | os.O_CREATE | os.O_RDWR,
		"ax+": os.O_APPEND | os.O_CREATE | os.O_RDWR | os.O_EXCL,
		"xa+": os.O_APPEND | os.O_CREATE | os.O_RDWR | os.O_EXCL,
	}
})

// fileMode converts a chmod(1) mode number to Go's FileMode.
func fileMode(m int64) os.FileMode {
	mode := os.FileMode(m & 0o777)
	if m&0o4000 != 0 {
		mode |= os.ModeSetuid
	}
	if m&0o2000 != 0 {
		mode |= os.ModeSetgid
	}
	if m&0o1000 != 0 {
		mode |= os.ModeSticky
	}
	return mode
}

func (lp *Loop) fsOpen(L *runtime.State) int {
	path := L.CheckString(1)
	var flags int
	if v := L.Arg(2); v.IsNumber() {
		flags = int(L.CheckInteger(2))
	} else {
		s := strings.ToLower(L.CheckString(2))
		f, ok := openFlags()[s]
		if !ok {
			L.ArgError(2, "Unknown file open flag '"+s+"'")
		}
		flags = f
	}
	cb, at := lastCallback(L, 3, 4)
	mode := int64(0o666)
	if at > 3 && !L.Arg(3).IsNil() {
		mode = L.CheckInteger(3)
	}
	return lp.fsCall(L, cb, []string{path}, false, func() (fsResult, error) {
		f, err := os.OpenFile(path, flags, fileMode(mode))
		if err != nil {
			return fsResult{}, err
		}
		e := &fdEntry{f: f, append: flags&os.O_APPEND != 0}
		return fsResult{
			vals: func() []runtime.Value {
				fd := int(f.Fd())
				lp.fds[fd] = e
				return []runtime.Value{runtime.Int(int64(fd))}
			},
			drop: func() { f.Close() },
		}, nil
	})
}

// maxRead is the most one read returns, as on Linux.
const maxRead = 0x7ffff000

func (lp *Loop) fsRead(L *runtime.State) int {
	_, e := lp.checkFd(L, 1)
	size := L.CheckInteger(2)
	cb, at := lastCallback(L, 3, 4)
	offset := int64(-1)
	if at > 3 && !L.Arg(3).IsNil() {
		offset = L.CheckInteger(3)
	}
	if size < 0 {
		return pushFail(L, uvErrorOf("EINVAL"))
	}
	return lp.fsCall(L, cb, nil, false, func() (fsResult, error) {
		if e == nil {
			return fsResult{}, errBadFd
		}
		n := min(size, maxRead)
		if n > 1<<20 {
			// Do not allocate what cannot be read: a regular file has
			// its size.
			if fi, err := e.f.Stat(); err == nil && fi.Mode().IsRegular() {
				n = min(n, max(fi.Size()-max(offset, 0), 0))
			}
		}
		buf := make([]byte, n)
		var got int
		var err error
		if offset >= 0 {
			got, err = e.f.ReadAt(buf, offset)
		} else {
			got, err = e.f.Read(buf)
		}
		if err != nil && err != io.EOF {
			return fsResult{}, err
		}
		data := string(buf[:got])
		return fsResult{vals: func() []runtime.Value { return []runtime.Value{runtime.String(data)} }}, nil
	})
}

// checkBuffer returns a luv "buffer" argument: a string or an array of
// strings.
func checkBuffer(L *runtime.State, n int) []byte {
	v := L.Arg(n)
	if t := v.AsTable(); t != nil {
		var b []byte
		for i := int64(1); ; i++ {
			s := t.GetInt(i)
			if s.IsNil() {
				break
			}
			if !s.IsString() && !s.IsNumber() {
				L.ArgError(n, "expected table of strings, found "+s.TypeName()+" in the table")
			}
			b = append(b, L.ToString(s)...)
		}
		return b
	}
	return []byte(L.CheckString(n))
}

func (lp *Loop) fsWrite(L *runtime.State) int {
	_, e := lp.checkFd(L, 1)
	data := checkBuffer(L, 2)
	cb, at := lastCallback(L, 3, 4)
	offset := int64(-1)
	if at > 3 && !L.Arg(3).IsNil() {
		offset = L.CheckInteger(3)
	}
	return lp.fsCall(L, cb, nil, false, func() (fsResult, error) {
		if e == nil {
			return fsResult{}, errBadFd
		}
		var n int
		var err error
		if offset >= 0 && !e.append {
			n, err = e.f.WriteAt(data, offset)
		} else {
			n, err = e.f.Write(data)
		}
		if err != nil && n == 0 {
			return fsResult{}, err
		}
		return fsValues(runtime.Int(int64(n))), nil
	})
}

func (lp *Loop) fsClose(L *runtime.State) int {
	fd, e := lp.checkFd(L, 1)
	cb := optCallable(L, 2)
	// The number is free as soon as close is asked for, as in libuv.
	delete(lp.fds, fd)
	return lp.fsCall(L, cb, nil, false, func() (fsResult, error) {
		if e == nil {
			return fsResult{}, errBadFd
		}
		if err := e.f.Close(); err != nil {
			return fsResult{}, err
		}
		return fsTrue, nil
	})
}

func (lp *Loop) fsFtruncate(L *runtime.State) int {
	_, e := lp.checkFd(L, 1)
	size := L.CheckInteger(2)
	cb := optCallable(L, 3)
	return lp.fsCall(L, cb, nil, false, func() (fsResult, error) {
		if e == nil {
			return fsResult{}, errBadFd
		}
		if err := e.f.Truncate(size); err != nil {
			return fsResult{}, err
		}
		return fsTrue, nil
	})
}

func (lp *Loop) fsFsync(L *runtime.State) int {
	_, e := lp.checkFd(L, 1)
	cb := optCallable(L, 2)
	return lp.fsCall(L, cb, nil, false, func() (fsResult, error) {
		if e == nil {
			return fsResult{}, errBadFd
		}
		if err := e.f.Sync(); err != nil {
			return fsResult{}, err
		}
		return fsTrue, nil
	})
}

func (lp *Loop) fsUnlink(L *runtime.State) int {
	path := L.CheckString(1)
	cb := optCallable(L, 2)
	return lp.fsCall(L, cb, []string{path}, false, func() (fsResult, error) {
		if err := unlink(path); err != nil {
			return fsResult{}, err
		}
		return fsTrue, nil
	})
}

func (lp *Loop) fsMkdir(L *runtime.State) int {
	path := L.CheckString(1)
	cb, at := lastCallback(L, 2, 3)
	mode := int64(0o777)
	if at > 2 && !L.Arg(2).IsNil() {
		mode = L.CheckInteger(2)
	}
	return lp.fsCall(L, cb, []string{path}, false, func() (fsResult, error) {
		if err := os.Mkdir(path, fileMode(mode)); err != nil {
			return fsResult{}, err
		}
		return fsTrue, nil
	})
}

func (lp *Loop) fsMkdtemp(L *runtime.State) int {
	tmpl := L.CheckString(1)
	cb := optCallable(L, 2)
	return lp.fsCall(L, cb, []string{tmpl}, false, func() (fsResult, error) {
		if !strings.HasSuffix(tmpl, "XXXXXX") {
			return fsResult{}, os.ErrInvalid
		}
		path, err := mkdtemp(strings.TrimSuffix(tmpl, "XXXXXX"))
		if err != nil {
			return fsResult{}, err
		}
		return fsValues(runtime.String(path)), nil
	})
}

// mkdtemp creates head followed by six random letters and digits, as
// mkdtemp(3) does.
func mkdtemp(head string) (string, error) {
	const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	for range 100 {
		var b [6]byte
		for i := range b {
			b[i] = chars[rand.IntN(len(chars))]
		}
		path := head + string(b[:])
		err := os.Mkdir(path, 0o700)
		if err == nil {
			return path, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", &os.PathError{Op: "mkdtemp", Path: head, Err: fs.ErrExist}
}

func (lp *Loop) fsRmdir(L *runtime.State) int {
	path := L.CheckString(1)
	cb := optCallable(L, 2)
	return lp.fsCall(L, cb, []string{path}, false, func() (fsResult, error) {
		if err := rmdir(path); err != nil {
			return fsResult{}, err
		}
		return fsTrue, nil
	})
}

func (lp *Loop) fsRename(L *runtime.State) int {
	path := L.CheckString(1)
	newPath := L.CheckString(2)
	cb := optCallable(L, 3)
	return lp.fsCall(L, cb, []string{path, newPath}, false, func() (fsResult, error) {
		if err := os.Rename(path, newPath); err != nil {
			return fsResult{}, err
		}
		return fsTrue, nil
	})
}

func (lp *Loop) fsReadlink(L *runtime.State) int {
	path := L.CheckString(1)
	cb := optCallable(L, 2)
	return lp.fsCall(L, cb, []string{path}, false, func() (fsResult, error) {
		s, err := os.Readlink(path)
		if err != nil {
			return fsResult{}, err
		}
		return fsValues(runtime.String(s)), nil
	})
}

func (lp *Loop) fsRealpath(L *runtime.State) int {
	path := L.CheckString(1)
	cb := optCallable(L, 2)
	return lp.fsCall(L, cb, []string{path}, false, func() (fsResult, error) {
		abs, err := filepath.Abs(path)
		if err != nil {
			return fsResult{}, err
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return fsResult{}, err
		}
		return fsValues(runtime.String(real)), nil
	})
}

func (lp *Loop) fsAccess(L *runtime.State) int {
	path := L.CheckString(1)
	var mode uint32
	if v := L.Arg(2); v.IsNumber() {
		mode = uint32(L.CheckInteger(2))
	} else {
		for _, c := range strings.ToLower(L.CheckString(2)) {
			switch c {
			case 'r':
				mode |= 4
			case 'w':
				mode |= 2
			case 'x':
				mode |= 1
			default:
				L.ArgError(2, "unknown permission '"+string(c)+"'")
			}
		}
	}
	cb := optCallable(L, 3)
	return lp.fsCall(L, cb, []string{path}, true, func() (fsResult, error) {
		if err := access(path, mode); err != nil {
			return fsResult{}, err
		}
		return fsTrue, nil
	})
}

func (lp *Loop) fsChmod(L *runtime.State) int {
	path := L.CheckString(1)
	mode := L.CheckInteger(2)
	cb := optCallable(L, 3)
	return lp.fsCall(L, cb, []string{path}, false, func() (fsResult, error) {
		if err := os.Chmod(path, fileMode(mode)); err != nil {
			return fsResult{}, err
		}
		return fsTrue, nil
	})
}

// fsCopyfile copies contents and permissions; flags may be a table
// { excl = true } or an integer (1 = COPYFILE_EXCL), other bits ignored.
func (lp *Loop) fsCopyfile(L *runtime.State) int {
	path := L.CheckString(1)
	newPath := L.CheckString(2)
	cb, at := lastCallback(L, 3, 4)
	excl := false
	if at > 3 {
		switch v := L.Arg(3); {
		case v.IsNumber():
			excl = L.CheckInteger(3)&1 != 0
		case v.AsTable() != nil:
			excl = v.AsTable().GetStr("excl").Truthy()
		}
	}
	return lp.fsCall(L, cb, []string{path, newPath}, false, func() (fsResult, error) {
		if err := copyFile(path, newPath, excl); err != nil {
			return fsResult{}, err
		}
		return fsTrue, nil
	})
}

func copyFile(from, to string, excl bool) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	fi, err := src.Stat()
	if err != nil {
		return err
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if excl {
		flags |= os.O_EXCL
	}
	dst, err := os.OpenFile(to, flags, fi.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	if err := dst.Chmod(fi.Mode().Perm()); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// ---------------------------------------------------------------------------
// Directories

// scandir is the uv_fs_t of fs_scandir: the entries, read at once, and a
// cursor for fs_scandir_next. Its fields are only touched on the owner.
type scandir struct {
	entries []dirEntry
	next    int
	err     error
	path    string
}

type dirEntry struct{ name, typ string }

func readDir(path string) ([]dirEntry, error) {
	des, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	entries := make([]dirEntry, len(des))
	for i, de := range des {
		entries[i] = dirEntry{de.Name(), typeName(de.Type())}
	}
	return entries, nil
}

func (lp *Loop) fsScandir(L *runtime.State) int {
	path := L.CheckString(1)
	cb := optCallable(L, 2)
	sd := &scandir{path: path}
	ud := lp.newUserdata("uv_fs_t", sd)
	if cb.IsNil() {
		sd.entries, sd.err = readDir(path)
		if sd.err != nil {
			return pushFail(L, toUVError(sd.err).withPath(path))
		}
		L.Push(runtime.UserdataValue(ud))
		return 1
	}
	// The userdata is returned at once, as in luv, and filled when the
	// completion runs.
	r := lp.newRequest()
	cbRef := lp.ref(cb)
	udRef := lp.ref(runtime.UserdataValue(ud))
	go func() {
		entries, err := readDir(path)
		lp.Post(func() {
			lp.unref(cbRef)
			lp.unref(udRef)
			owner, ok := lp.finishRequest(r)
			if !ok {
				return
			}
			sd.entries, sd.err = entries, err
			if err != nil {
				lp.invoke(owner, cb, runtime.String(toUVError(err).withPath(path).String()))
				return
			}
			lp.invoke(owner, cb, runtime.Nil, runtime.UserdataValue(ud))
		})
	}()
	L.Push(runtime.UserdataValue(ud))
	return 1
}

func (lp *Loop) fsScandirNext(L *runtime.State) int {
	var sd *scandir
	if ud := L.Arg(1).AsUserdata(); ud != nil {
		sd, _ = ud.Value.(*scandir)
	}
	if sd == nil {
		L.TypeError(1, "uv_fs_t")
	}
	if sd.err != nil {
		return pushFail(L, toUVError(sd.err).withPath(sd.path))
	}
	if sd.next >= len(sd.entries) {
		L.Push(runtime.Nil)
		return 1
	}
	e := sd.entries[sd.next]
	sd.next++
	L.Push(runtime.String(e.name), runtime.String(e.typ))
	return 2
}

// typeName is libuv's name for a file type ("file", "directory", ...).
func typeName(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "file"
	case m&fs.ModeDir != 0:
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "link"
	case m&fs.ModeNamedPipe != 0:
		return "fifo"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "char"
	case m&fs.ModeDevice != 0:
		return "block"
	}
	return "unknown"
}
