//go:build !unix

package search

import "os"

// load reads a regular file (see read_unix.go).
func load(path string, buf []byte, maxSize int64) ([]byte, skipReason) {
	f, err := os.Open(path)
	if err != nil {
		return buf, unreadable
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return buf, unreadable
	}
	if maxSize > 0 && fi.Size() > maxSize {
		return buf, tooLarge
	}
	return readFD(f.Read, nil, buf, fi.Size(), maxSize)
}
