package luv

import (
	"io/fs"
	"syscall"
)

func statOf(fi fs.FileInfo) *statInfo {
	st := genericStat(fi)
	sys, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return st
	}
	st.dev = int64(sys.Dev)
	st.mode = int64(sys.Mode)
	st.nlink = int64(sys.Nlink)
	st.uid = int64(sys.Uid)
	st.gid = int64(sys.Gid)
	st.rdev = int64(sys.Rdev)
	st.ino = int64(sys.Ino)
	st.size = sys.Size
	st.blksize = int64(sys.Blksize)
	st.blocks = sys.Blocks
	st.atime = [2]int64{int64(sys.Atim.Sec), int64(sys.Atim.Nsec)}
	st.mtime = [2]int64{int64(sys.Mtim.Sec), int64(sys.Mtim.Nsec)}
	st.ctime = [2]int64{int64(sys.Ctim.Sec), int64(sys.Ctim.Nsec)}
	// Without statx, libuv reports the change time as the birth time.
	st.birthtime = st.ctime
	return st
}
