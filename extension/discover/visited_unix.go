//go:build unix

package discover

import (
	"io/fs"
	"syscall"
)

// dirIdentity is the folder's device and inode: the same for every path
// that reaches it, links included.
func dirIdentity(fsys fs.FS, p string) any {
	if fi, err := fs.Stat(fsys, p); err == nil {
		if st, ok := fi.Sys().(*syscall.Stat_t); ok {
			return [2]uint64{uint64(st.Dev), uint64(st.Ino)}
		}
	}
	return pathIdentity(p)
}
