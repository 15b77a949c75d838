package bundle

import (
	"bytes"
	"io"
	"io/fs"
	"time"

	"panto/bytecode"
	"panto/host/config"
	"panto/host/discover"
)

// OpenSetup is what `panto run BUNDLE` needs in one call: it opens and
// checks the bundle (Open), extracts its resources into the cache
// (Extract with CacheRoot), and returns the discovery result for it
// (Setup).
func OpenSetup(path string, o Options, d discover.Options) (*discover.Setup, *Bundle, error) {
	b, err := Open(path, o)
	if err != nil {
		return nil, nil, err
	}
	dir, err := b.Extract("")
	if err != nil {
		return nil, nil, err
	}
	s, err := b.Setup(dir, d)
	if err != nil {
		return nil, nil, err
	}
	return s, b, nil
}

// Setup describes the bundle the way discovery describes a folder, so the
// host runs both the same way: one layer named "bundle" (home omitted, as
// the spec says bundle runs do), whose Dir is resourceDir (from Extract),
// whose entries are the bundle's in their recorded order, and whose config
// is the carried config.toml. The [extensions] paths and rocks of that
// config were compiled into the bundle when it was built, so they are
// cleared rather than looked up again on this machine.
//
// Each entry's FS serves its chunks: reading Main.File or a Module.File
// yields a binary chunk that runtime Load accepts in mode "b", and whose
// source name is "@" + Module.Source, the chunk name the host uses to
// attribute require calls. The FS also has a Proto method returning the
// already verified prototype, for a host that wants to skip decoding
// twice.
func (b *Bundle) Setup(resourceDir string, o discover.Options) (*discover.Setup, error) {
	s, err := discover.Folder(resourceDir, o)
	if err != nil {
		return nil, err
	}
	l := s.Layers[0]
	l.Entries, l.Shadowed, l.Problems, l.Config = nil, nil, nil, nil
	if name, data := b.Config(); data != nil {
		f, warns, err := config.Parse(b.Name+".pkg:"+name, data)
		if err != nil {
			l.Problems = append(l.Problems, discover.Problem{Message: err.Error() + " (file ignored)"})
		} else {
			for _, w := range warns {
				l.Problems = append(l.Problems, discover.Problem{Path: w.Path, Line: w.Line, Message: w.Message})
			}
			f.Extensions.Paths, f.Extensions.Rocks = nil, nil
			l.Config = f
		}
	}
	l.Resources = nil
	for _, r := range b.Resources() {
		l.Resources = append(l.Resources, discover.Resource{Path: r.Path, Size: r.Size})
	}
	fsys := &ChunkFS{b: b}
	for _, e := range b.Entries {
		de := &discover.Entry{
			Name: e.Name, Layer: discover.Bundle, FS: fsys, Folder: e.Folder,
			Origin: discover.Origin(e.Origin),
			Main:   discover.Module{File: e.Main, Source: e.Main},
		}
		for _, m := range e.Modules {
			de.Modules = append(de.Modules, discover.Module{Name: m.Name, File: m.Path, Source: m.Path})
		}
		l.Entries = append(l.Entries, de)
	}
	return s, nil
}

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
