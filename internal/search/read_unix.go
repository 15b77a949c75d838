//go:build unix

package search

import "syscall"

// load reads a file with plain system calls: os.Open would also make
// the descriptor non-blocking and try to register it with the network
// poller, and a stat would tell the size, which on a tree of small files
// together cost more than the reading. The caller passes regular files
// only (the walker's kind); the size is found by reading.
func load(path string, buf []byte, maxSize int64) ([]byte, skipReason) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return buf, unreadable
	}
	defer syscall.Close(fd)
	return readFD(func(p []byte) (int, error) {
		for {
			n, err := syscall.Read(fd, p)
			if err != syscall.EINTR {
				return n, err
			}
		}
	}, func() int64 {
		var st syscall.Stat_t
		if syscall.Fstat(fd, &st) != nil {
			return -1
		}
		return st.Size
	}, buf, -1, maxSize)
}
