package bundle

import (
	"bytes"
	"io"
	"io/fs"
	"time"

	"panto/bytecode"
)

// ChunkFS returns the bundle's chunks as a file system keyed by blob
// path, the way a host reads an entry's files.
func (b *Bundle) ChunkFS() *ChunkFS { return &ChunkFS{b: b} }

// ChunkFS serves a bundle's chunks by blob path as binary chunks.
type ChunkFS struct{ b *Bundle }

// Proto returns the verified prototype of the chunk at name, or nil.
func (f *ChunkFS) Proto(name string) *bytecode.Proto {
	if c := f.b.Chunk(name); c != nil {
		return c.Proto
	}
	return nil
}

// ReadFile returns the binary chunk at name. A stripped chunk is served
// re-encoded with its chunk name (and still no debug information), so
// that whoever loads it sees the source name Read gave it.
func (f *ChunkFS) ReadFile(name string) ([]byte, error) {
	c := f.b.Chunk(name)
	if c == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if c.named {
		return bytecode.Encode(c.Proto, false), nil
	}
	return bytes.Clone(c.Data), nil
}

// Open implements fs.FS.
func (f *ChunkFS) Open(name string) (fs.File, error) {
	data, err := f.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return &chunkFile{name: name, r: bytes.NewReader(data), size: int64(len(data))}, nil
}

type chunkFile struct {
	name string
	r    *bytes.Reader
	size int64
}

func (c *chunkFile) Stat() (fs.FileInfo, error) { return chunkInfo{c}, nil }
func (c *chunkFile) Read(p []byte) (int, error) { return c.r.Read(p) }
func (c *chunkFile) Close() error               { return nil }

// Seek lets io.ReadSeeker users (http.ServeContent, say) work too.
func (c *chunkFile) Seek(off int64, whence int) (int64, error) { return c.r.Seek(off, whence) }

var _ io.ReadSeeker = (*chunkFile)(nil)

type chunkInfo struct{ f *chunkFile }

func (i chunkInfo) Name() string       { return baseName(i.f.name) }
func (i chunkInfo) Size() int64        { return i.f.size }
func (i chunkInfo) Mode() fs.FileMode  { return 0o444 }
func (i chunkInfo) ModTime() time.Time { return time.Time{} }
func (i chunkInfo) IsDir() bool        { return false }
func (i chunkInfo) Sys() any           { return nil }

func baseName(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return p[i+1:]
		}
	}
	return p
}
