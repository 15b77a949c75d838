package bundle

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"testing"

	"panto/bytecode"
)

// TestChunkFS reads the small bundle's chunks through the fs.FS view the
// host loads modules from: stripped chunks come back named after their
// path, others as stored; anything else does not exist.
func TestChunkFS(t *testing.T) {
	spec := smallSpec(t)
	spec.Blobs[3].Data = chunk(t, "extensions/b/u.lua", "return 1", true) // stripped
	b, err := Read(write(t, spec), Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfs := b.ChunkFS()
	if p := cfs.Proto("extensions/a.lua"); p == nil || p != b.Chunk("extensions/a.lua").Proto {
		t.Errorf("Proto(a) = %v", p)
	}
	if p := cfs.Proto("skills/s/SKILL.md"); p != nil {
		t.Error("a resource has a proto")
	}
	stored, err := cfs.ReadFile("extensions/a.lua")
	if err != nil || !bytes.Equal(stored, spec.Blobs[0].Data) {
		t.Errorf("ReadFile(a): %v, same bytes %v", err, bytes.Equal(stored, spec.Blobs[0].Data))
	}
	stored[0] ^= 0xff // a copy: the bundle's bytes stay
	if again, _ := cfs.ReadFile("extensions/a.lua"); !bytes.Equal(again, spec.Blobs[0].Data) {
		t.Error("ReadFile handed out the bundle's own bytes")
	}
	named, err := cfs.ReadFile("extensions/b/u.lua")
	if err != nil {
		t.Fatal(err)
	}
	p, err := bytecode.Decode(named)
	if err != nil || p.Source != b.Chunk("extensions/b/u.lua").Proto.Source || p.Source == "" {
		t.Errorf("stripped chunk: %v, source %q", err, p.Source)
	}
	for _, missing := range []string{"nope.lua", "config.toml", "skills/s/SKILL.md"} {
		if _, err := cfs.ReadFile(missing); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("ReadFile(%s) = %v, want not exist", missing, err)
		}
		if _, err := cfs.Open(missing); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Open(%s) = %v, want not exist", missing, err)
		}
	}
	f, err := cfs.Open("extensions/b/init.lua")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	want := spec.Blobs[2].Data
	if fi.Name() != "init.lua" || fi.Size() != int64(len(want)) || fi.IsDir() || fi.Mode() != 0o444 || !fi.ModTime().IsZero() || fi.Sys() != nil {
		t.Errorf("stat: %s %d %v %v", fi.Name(), fi.Size(), fi.IsDir(), fi.Mode())
	}
	got, err := io.ReadAll(f)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("read: %v", err)
	}
	if pos, err := f.(io.Seeker).Seek(1, io.SeekStart); err != nil || pos != 1 {
		t.Errorf("seek: %d %v", pos, err)
	}
	for in, want := range map[string]string{"a/b/c.lua": "c.lua", "c.lua": "c.lua", "a/": "", "/x": "x"} {
		if got := baseName(in); got != want {
			t.Errorf("baseName(%q) = %q, want %q", in, got, want)
		}
	}
}
