package host

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"panto/bundle"
	"panto/bytecode"
	"panto/compiler"
	"panto/diag"
	"panto/extension/discover"
)

// smallBundle is a bundle with two entries, a shared module, a resource
// and a config: every kind of record BundleSetup turns into discovery
// types.
func smallBundle(t *testing.T) *bundle.Bundle {
	t.Helper()
	chunk := func(path, src string) []byte {
		p, err := compiler.Compile(diag.ChunkName(path), src)
		if err != nil {
			t.Fatal(err)
		}
		return bytecode.Encode(p, false)
	}
	data, err := bundle.Write(&bundle.Spec{
		Name: "small", Version: "1.2.3", ABI: "1.0.0", Compiler: "test",
		Entries: []bundle.Entry{
			{Name: "a", Main: "extensions/a.lua", Modules: []bundle.Module{{Name: "_h", Path: "extensions/_h.lua"}}},
			{Name: "b", Folder: true, Main: "extensions/b/init.lua", Modules: []bundle.Module{{Name: "u", Path: "extensions/b/u.lua"}}},
		},
		Blobs: []bundle.Content{
			{Path: "extensions/a.lua", Kind: bundle.KindChunk, Data: chunk("extensions/a.lua", "local h = require('_h') return { name = 'a', activate = function() end }")},
			{Path: "extensions/_h.lua", Kind: bundle.KindChunk, Data: chunk("extensions/_h.lua", "return {}")},
			{Path: "extensions/b/init.lua", Kind: bundle.KindChunk, Data: chunk("extensions/b/init.lua", "return { name = 'b', activate = function() error('x') end }")},
			{Path: "extensions/b/u.lua", Kind: bundle.KindChunk, Data: chunk("extensions/b/u.lua", "return 1")},
			{Path: "skills/s/SKILL.md", Kind: bundle.KindResource, Data: []byte("# skill\n")},
			{Path: "config.toml", Kind: bundle.KindConfig, Data: []byte("[extensions]\ndeny = [\"b\"]\n")},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bundle.Read(data, bundle.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// makeWritable lets t.TempDir remove an extracted (read-only) folder.
func makeWritable(root string) {
	filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.IsDir() {
			os.Chmod(p, 0o755)
		}
		return nil
	})
}

func TestBundleSetup(t *testing.T) {
	b := smallBundle(t)
	root := t.TempDir()
	t.Cleanup(func() { makeWritable(root) })
	dir, err := b.Extract(root)
	if err != nil {
		t.Fatal(err)
	}
	s, err := BundleSetup(b, dir, discover.Options{Cwd: root, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Layers) != 1 || s.Home != "" {
		t.Fatalf("layers %d, home %q", len(s.Layers), s.Home)
	}
	l := s.Layers[0]
	if l.Name != discover.Bundle || l.Dir != dir || len(l.Problems) != 0 {
		t.Errorf("layer %s %s %v", l.Name, l.Dir, l.Problems)
	}
	if l.Config == nil || len(l.Config.Extensions.Deny) != 1 || s.Config().Denied("b") != true {
		t.Errorf("config not carried: %+v", l.Config)
	}
	if len(l.Resources) != 1 || l.Resources[0].Path != "skills/s/SKILL.md" {
		t.Errorf("resources %+v", l.Resources)
	}
	if len(l.Entries) != 2 {
		t.Fatalf("entries %d", len(l.Entries))
	}
	e := l.Entries[1]
	if e.Name != "b" || !e.Folder || e.Main.File != "extensions/b/init.lua" || e.Main.Source != "extensions/b/init.lua" ||
		len(e.Modules) != 1 || e.Modules[0].Name != "u" {
		t.Errorf("entry %+v", e)
	}
	data, err := fs.ReadFile(e.FS, e.Modules[0].File)
	if err != nil {
		t.Fatal(err)
	}
	p, err := bytecode.Decode(data)
	if err != nil || p.Source != "@"+e.Modules[0].Source {
		t.Errorf("served chunk: %v, source %q", err, p.Source)
	}
	if _, err := fs.ReadFile(e.FS, "nope.lua"); err == nil {
		t.Error("a missing chunk must fail")
	}
	if e.FS.(*bundle.ChunkFS).Proto(e.Main.File) != b.Chunk(e.Main.File).Proto {
		t.Error("Proto must return the verified prototype")
	}
}
