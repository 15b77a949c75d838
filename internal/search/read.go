package search

import "bytes"

// binaryProbe is how much of a large file is read first to look for a
// NUL byte.
const binaryProbe = 64 * 1024

// readFD reads a file into buf with read, up to its end. size is the
// file's size when known (-1 when not; it may have changed anyway);
// sizeOf finds it, and is asked only for files larger than 64 KiB. The
// first read asks for 64 KiB (or the size and one more byte): a shorter
// answer is the end of a regular file, so a small file costs one read.
// A NUL byte anywhere makes it binary, and a large file is not read on
// past a NUL in its first 64 KiB.
func readFD(read func([]byte) (int, error), sizeOf func() int64, buf []byte, size, maxSize int64) ([]byte, skipReason) {
	want := max(int(size)+1, binaryProbe)
	if cap(buf) < want {
		buf = make([]byte, 0, want)
	}
	buf = buf[:0]
	probed := 0
	for {
		if len(buf) == cap(buf) {
			// A large file: grow once to its size, not step by step.
			grow := len(buf)
			if size < 0 && sizeOf != nil {
				size = sizeOf()
			}
			if size >= int64(len(buf)) {
				grow = int(size) + 1 - len(buf)
			}
			buf = append(buf, make([]byte, grow)...)[:len(buf)]
		}
		end := cap(buf)
		if len(buf) < binaryProbe {
			end = binaryProbe
		}
		n, err := read(buf[len(buf):end])
		if n < 0 {
			n = 0
		}
		buf = buf[:len(buf)+n]
		if bytes.IndexByte(buf[probed:], 0) >= 0 {
			return buf, binaryFile
		}
		probed = len(buf)
		if maxSize > 0 && int64(len(buf)) > maxSize {
			return buf, tooLarge
		}
		if err != nil {
			return buf, unreadable
		}
		// A short read is the end of a regular file: it saves the read
		// that would return 0, one system call per file.
		if n == 0 || len(buf) < end {
			return buf, searched
		}
	}
}
