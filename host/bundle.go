package host

import (
	"panto/bundle"
	"panto/extension/config"
	"panto/extension/discover"
)

// OpenBundle is what `panto run BUNDLE` needs in one call: it opens and
// checks the bundle (Open), extracts its resources into the cache
// (Extract with CacheRoot), and returns the discovery result for it
// (Setup).
func OpenBundle(path string, o bundle.Options, d discover.Options) (*discover.Setup, *bundle.Bundle, error) {
	b, err := bundle.Open(path, o)
	if err != nil {
		return nil, nil, err
	}
	dir, err := b.Extract("")
	if err != nil {
		return nil, nil, err
	}
	s, err := BundleSetup(b, dir, d)
	if err != nil {
		return nil, nil, err
	}
	return s, b, nil
}

// BundleSetup describes a bundle the way discovery describes a folder, so the
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
func BundleSetup(b *bundle.Bundle, resourceDir string, o discover.Options) (*discover.Setup, error) {
	s, err := discover.Folder(resourceDir, o)
	if err != nil {
		return nil, err
	}
	l := s.Layers[0]
	l.Entries, l.Shadowed, l.Problems, l.Config = nil, nil, nil, nil
	if name, data := b.Config(); data != nil {
		f, warns, err := config.ParseLayer(b.Name+".pkg:"+name, data)
		if err != nil {
			return nil, discover.NewConfigError(err)
		}
		l.Problems = warns
		if f != nil {
			f.Extensions.Paths, f.Extensions.Rocks = nil, nil
			f.Dir = resourceDir
			l.Config = f
		}
	}
	l.Resources = nil
	for _, r := range b.Resources() {
		l.Resources = append(l.Resources, discover.Resource{Path: r.Path, Size: r.Size})
	}
	fsys := b.ChunkFS()
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
