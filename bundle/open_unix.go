//go:build unix

package bundle

import (
	"os"
	"syscall"
)

// openFile opens path for reading, as os.Open does but in two system
// calls instead of six: os.Open also tries to register the file with the
// runtime's poller (fcntl, fcntl, epoll_ctl, which a regular file
// refuses, fcntl, fcntl), which is most of what opening a bundle costs
// on a machine where system calls are slow. os.NewFile of a blocking
// descriptor checks its flags once and leaves it out of the poller;
// reads then block in the system call, as they do for a regular file
// anyway.
func openFile(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return os.NewFile(uintptr(fd), path), nil
	}
}
