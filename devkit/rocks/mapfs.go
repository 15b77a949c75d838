package rocks

import (
	"bytes"
	"io/fs"
	"path"
	"strings"
	"time"
)

// mapFS is an unpacked source archive: file path -> content. It serves
// files only (fs.Sub and fs.ReadFile need nothing more).
type mapFS map[string][]byte

func (m mapFS) ReadFile(name string) ([]byte, error) {
	b, ok := m[path.Clean(name)]
	if !ok {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
	return b, nil
}

func (m mapFS) Open(name string) (fs.File, error) {
	name = path.Clean(name)
	if b, ok := m[name]; ok {
		return &memFile{name: name, r: bytes.NewReader(b), size: int64(len(b))}, nil
	}
	for p := range m {
		if name == "." || strings.HasPrefix(p, name+"/") {
			return &memFile{name: name, dir: true}, nil
		}
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

type memFile struct {
	name string
	r    *bytes.Reader
	size int64
	dir  bool
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *memFile) Read(p []byte) (int, error) {
	if f.dir {
		return 0, &fs.PathError{Op: "read", Path: f.name, Err: fs.ErrInvalid}
	}
	return f.r.Read(p)
}
func (f *memFile) Close() error       { return nil }
func (f *memFile) Name() string       { return path.Base(f.name) }
func (f *memFile) Size() int64        { return f.size }
func (f *memFile) ModTime() time.Time { return time.Time{} }
func (f *memFile) IsDir() bool        { return f.dir }
func (f *memFile) Sys() any           { return nil }
func (f *memFile) Mode() fs.FileMode {
	if f.dir {
		return fs.ModeDir | 0o555
	}
	return 0o444
}
