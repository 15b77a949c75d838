package luv

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"sync"
	"syscall"
)

// uvError is a libuv error as luv reports it: "NAME: message", with the
// path (or "path -> new_path") appended for file system calls.
type uvError struct {
	Name, Msg   string
	Path, Path2 string
}

func (e uvError) String() string {
	s := e.Name + ": " + e.Msg
	if e.Path != "" {
		s += ": " + e.Path
		if e.Path2 != "" {
			s += " -> " + e.Path2
		}
	}
	return s
}

func (e uvError) withPath(p ...string) uvError {
	if len(p) > 0 {
		e.Path = p[0]
	}
	if len(p) > 1 {
		e.Path2 = p[1]
	}
	return e
}

// uvMessages are uv_strerror's texts.
// Made on first use (sync.OnceValue): a package-level map literal is
// built in every process's init, whether or not it uses luv.
var uvMessages = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"E2BIG":        "argument list too long",
		"EACCES":       "permission denied",
		"EAGAIN":       "resource temporarily unavailable",
		"EBADF":        "bad file descriptor",
		"EBUSY":        "resource busy or locked",
		"ECANCELED":    "operation canceled",
		"ECHILD":       "no child processes",
		"EEXIST":       "file already exists",
		"EFAULT":       "bad address in system call argument",
		"EFBIG":        "file too large",
		"EINTR":        "interrupted system call",
		"EINVAL":       "invalid argument",
		"EIO":          "i/o error",
		"EISDIR":       "illegal operation on a directory",
		"ELOOP":        "too many symbolic links encountered",
		"EMFILE":       "too many open files",
		"EMLINK":       "too many links",
		"ENAMETOOLONG": "name too long",
		"ENFILE":       "file table overflow",
		"ENODEV":       "no such device",
		"ENOENT":       "no such file or directory",
		"ENOEXEC":      "exec format error",
		"ENOMEM":       "not enough memory",
		"ENOSPC":       "no space left on device",
		"ENOSYS":       "function not implemented",
		"ENOTCONN":     "socket is not connected",
		"ENOTDIR":      "not a directory",
		"ENOTEMPTY":    "directory not empty",
		"ENOTSUP":      "operation not supported on socket",
		"ENOTTY":       "inappropriate ioctl for device",
		"ENXIO":        "no such device or address",
		"EOF":          "end of file",
		"EOVERFLOW":    "value too large for defined data type",
		"EPERM":        "operation not permitted",
		"EPIPE":        "broken pipe",
		"ERANGE":       "result too large",
		"EROFS":        "read-only file system",
		"ESPIPE":       "invalid seek",
		"ESRCH":        "no such process",
		"ETIMEDOUT":    "connection timed out",
		"ETXTBSY":      "text file is busy",
		"EXDEV":        "cross-device link not permitted",
		"UNKNOWN":      "unknown error",
	}
})

// errnoNames maps system error numbers to libuv's names.
// Made on first use (sync.OnceValue): a package-level map literal is
// built in every process's init, whether or not it uses luv.
var errnoNames = sync.OnceValue(func() map[syscall.Errno]string {
	return map[syscall.Errno]string{
		syscall.E2BIG:        "E2BIG",
		syscall.EACCES:       "EACCES",
		syscall.EAGAIN:       "EAGAIN",
		syscall.EBADF:        "EBADF",
		syscall.EBUSY:        "EBUSY",
		syscall.ECANCELED:    "ECANCELED",
		syscall.ECHILD:       "ECHILD",
		syscall.EEXIST:       "EEXIST",
		syscall.EFAULT:       "EFAULT",
		syscall.EFBIG:        "EFBIG",
		syscall.EINTR:        "EINTR",
		syscall.EINVAL:       "EINVAL",
		syscall.EIO:          "EIO",
		syscall.EISDIR:       "EISDIR",
		syscall.ELOOP:        "ELOOP",
		syscall.EMFILE:       "EMFILE",
		syscall.EMLINK:       "EMLINK",
		syscall.ENAMETOOLONG: "ENAMETOOLONG",
		syscall.ENFILE:       "ENFILE",
		syscall.ENODEV:       "ENODEV",
		syscall.ENOENT:       "ENOENT",
		syscall.ENOEXEC:      "ENOEXEC",
		syscall.ENOMEM:       "ENOMEM",
		syscall.ENOSPC:       "ENOSPC",
		syscall.ENOSYS:       "ENOSYS",
		syscall.ENOTCONN:     "ENOTCONN",
		syscall.ENOTDIR:      "ENOTDIR",
		syscall.ENOTEMPTY:    "ENOTEMPTY",
		syscall.ENOTSUP:      "ENOTSUP",
		syscall.ENOTTY:       "ENOTTY",
		syscall.ENXIO:        "ENXIO",
		syscall.EPERM:        "EPERM",
		syscall.EPIPE:        "EPIPE",
		syscall.ERANGE:       "ERANGE",
		syscall.EROFS:        "EROFS",
		syscall.ESPIPE:       "ESPIPE",
		syscall.ESRCH:        "ESRCH",
		syscall.ETIMEDOUT:    "ETIMEDOUT",
		syscall.ETXTBSY:      "ETXTBSY",
		syscall.EXDEV:        "EXDEV",
	}
})

func uvErrorOf(name string) uvError {
	msg, ok := uvMessages()[name]
	if !ok {
		msg = "unknown error"
	}
	return uvError{Name: name, Msg: msg}
}

// toUVError classifies a Go error the way libuv would name the errno
// behind it. Errors without an errno are mapped by meaning.
func toUVError(err error) uvError {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		if name, ok := errnoNames()[errno]; ok {
			return uvErrorOf(name)
		}
	}
	switch {
	case errors.Is(err, exec.ErrNotFound), errors.Is(err, fs.ErrNotExist):
		return uvErrorOf("ENOENT")
	case errors.Is(err, fs.ErrExist):
		return uvErrorOf("EEXIST")
	case errors.Is(err, fs.ErrPermission):
		return uvErrorOf("EACCES")
	case errors.Is(err, fs.ErrClosed), errors.Is(err, os.ErrClosed):
		return uvErrorOf("EBADF")
	case errors.Is(err, fs.ErrInvalid):
		return uvErrorOf("EINVAL")
	case errors.Is(err, io.EOF):
		return uvErrorOf("EOF")
	}
	return uvErrorOf("UNKNOWN")
}
