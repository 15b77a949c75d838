//go:build unix

package walk

import (
	"io/fs"
	"syscall"
)

type devIno struct{ dev, ino uint64 }

// fileID identifies a folder for loop detection: its device and inode.
func fileID(fi fs.FileInfo) any {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return devIno{uint64(st.Dev), uint64(st.Ino)}
	}
	return nil
}
