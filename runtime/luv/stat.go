package luv

import (
	"io/fs"

	"panto/runtime"
)

// statInfo is the table fs_stat returns, computed off the owner and
// turned into Lua values on it.
type statInfo struct {
	dev, mode, nlink, uid, gid, rdev, ino int64
	size, blksize, blocks, flags, gen     int64
	atime, mtime, ctime, birthtime        [2]int64 // sec, nsec
	typ                                   string
}

func (s *statInfo) table() runtime.Value {
	t := runtime.NewTable(0, 17)
	for _, f := range []struct {
		k string
		v int64
	}{
		{"dev", s.dev}, {"mode", s.mode}, {"nlink", s.nlink}, {"uid", s.uid},
		{"gid", s.gid}, {"rdev", s.rdev}, {"ino", s.ino}, {"size", s.size},
		{"blksize", s.blksize}, {"blocks", s.blocks}, {"flags", s.flags}, {"gen", s.gen},
	} {
		t.SetStr(f.k, runtime.Int(f.v))
	}
	for _, f := range []struct {
		k string
		v [2]int64
	}{{"atime", s.atime}, {"mtime", s.mtime}, {"ctime", s.ctime}, {"birthtime", s.birthtime}} {
		ts := runtime.NewTable(0, 2)
		ts.SetStr("sec", runtime.Int(f.v[0]))
		ts.SetStr("nsec", runtime.Int(f.v[1]))
		t.SetStr(f.k, runtime.TableValue(ts))
	}
	t.SetStr("type", runtime.String(s.typ))
	return runtime.TableValue(t)
}

// genericStat fills what fs.FileInfo knows; the platform files add the
// rest from the system's stat structure.
func genericStat(fi fs.FileInfo) *statInfo {
	st := &statInfo{size: fi.Size(), typ: typeName(fi.Mode())}
	m := fi.Mode()
	st.mode = int64(m.Perm())
	if m&fs.ModeSetuid != 0 {
		st.mode |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		st.mode |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		st.mode |= 0o1000
	}
	switch st.typ {
	case "file":
		st.mode |= 0o100000
	case "directory":
		st.mode |= 0o040000
	case "link":
		st.mode |= 0o120000
	case "fifo":
		st.mode |= 0o010000
	case "socket":
		st.mode |= 0o140000
	case "char":
		st.mode |= 0o020000
	case "block":
		st.mode |= 0o060000
	}
	mt := fi.ModTime()
	st.mtime = [2]int64{mt.Unix(), int64(mt.Nanosecond())}
	st.atime, st.ctime, st.birthtime = st.mtime, st.mtime, st.mtime
	st.nlink = 1
	return st
}
