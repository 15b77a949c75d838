package rocks

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Options say what to install where.
type Options struct {
	// Tree is the rocks tree (discover.Setup.RocksTree).
	Tree string
	// Sources are .rock and .src.rock files and folders with a rockspec.
	Sources []string
	// Want are the module names of [extensions] rocks; each must be
	// provided by a source (or the server). Empty installs every source.
	Want []string
	// Server is a rocks server's URL (its manifest is read and the rocks
	// fetched from it) for what no source provides; "" uses none.
	Server string
}

// Result is what Install did.
type Result struct {
	Installed []Installed
	// Kept are wanted modules no source provides that are in the tree
	// already: nothing to update them from, nothing missing.
	Kept []string
}

// Installed is one rock put in the tree.
type Installed struct {
	Package, Version, From string
	Modules                []string
}

// rock is a readable rock: its spec and its Lua files by module name.
type rock struct {
	spec  *Spec
	from  string
	files map[string][]byte // module -> source
	// paths are where each module goes below share/lua/5.4 ("a/b.lua",
	// or "a/b/init.lua" for a module kept as a folder's init.lua).
	paths map[string]string
}

func newRock(s *Spec, from string) *rock {
	return &rock{spec: s, from: from, files: map[string][]byte{}, paths: map[string]string{}}
}

func (r *rock) add(mod, file string, src []byte) {
	rel := strings.ReplaceAll(mod, ".", "/") + ".lua"
	if path.Base(file) == "init.lua" {
		rel = strings.ReplaceAll(mod, ".", "/") + "/init.lua"
	}
	r.files[mod], r.paths[mod] = src, rel
}

// Install reads every source, refuses the C rocks among them, and
// installs the rocks that provide the wanted modules (all of them when
// none are named). Nothing is written unless every wanted module is
// found and pure Lua.
func Install(ctx context.Context, o Options) (Result, error) {
	var res Result
	if o.Tree == "" {
		return res, errors.New("no rocks tree: set $HOME or $XDG_DATA_HOME")
	}
	var rocks []*rock
	for _, src := range o.Sources {
		r, err := open(ctx, src)
		if err != nil {
			return res, err
		}
		rocks = append(rocks, r)
	}
	chosen := rocks
	if len(o.Want) > 0 {
		chosen = nil
		picked := map[*rock]bool{}
		var missing []string
		for _, mod := range o.Want {
			r := provider(rocks, mod)
			if r == nil && o.Server != "" {
				var err error
				if r, err = fetch(ctx, o.Server, mod); err != nil {
					return res, err
				}
				rocks = append(rocks, r)
			}
			if r == nil && inTree(o.Tree, mod) {
				res.Kept = append(res.Kept, mod)
				continue
			}
			if r == nil {
				missing = append(missing, mod)
				continue
			}
			if !picked[r] {
				picked[r] = true
				chosen = append(chosen, r)
			}
		}
		if len(missing) > 0 {
			return res, fmt.Errorf("no source provides %s: give a .rock or .src.rock file, or a folder with its rockspec, with --from (or a rocks server with --server)", quoteAll(missing))
		}
	}
	if len(chosen) == 0 && len(res.Kept) == 0 {
		return res, errors.New("nothing to install: [extensions] rocks names none and no --from source was given")
	}
	for _, r := range chosen {
		in, err := r.install(o.Tree)
		if err != nil {
			return res, err
		}
		res.Installed = append(res.Installed, in)
	}
	return res, nil
}

// inTree reports whether the tree has module mod.
func inTree(tree, mod string) bool {
	rel := filepath.FromSlash(strings.ReplaceAll(mod, ".", "/"))
	share := filepath.Join(tree, "share", "lua", "5.4")
	for _, p := range []string{rel + ".lua", filepath.Join(rel, "init.lua")} {
		if _, err := os.Stat(filepath.Join(share, p)); err == nil {
			return true
		}
	}
	return false
}

func provider(rocks []*rock, mod string) *rock {
	for _, r := range rocks {
		if _, ok := r.files[mod]; ok {
			return r
		}
	}
	return nil
}

// open reads one source.
func open(ctx context.Context, src string) (*rock, error) {
	fi, err := os.Stat(src)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return openFolder(ctx, src)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return nil, err
	}
	return openRock(ctx, src, data)
}

// openFolder reads a folder holding a rockspec: the sources are the
// folder itself, as when a rock is developed locally.
func openFolder(ctx context.Context, dir string) (*rock, error) {
	specs, _ := filepath.Glob(filepath.Join(dir, "*.rockspec"))
	if len(specs) == 0 {
		if more, _ := filepath.Glob(filepath.Join(dir, "rockspecs", "*.rockspec")); len(more) > 0 {
			specs = more
		}
	}
	if len(specs) == 0 {
		return nil, fmt.Errorf("%s: no .rockspec file in the folder", dir)
	}
	sort.Strings(specs)
	specFile := specs[len(specs)-1] // the newest by name when there are several
	data, err := os.ReadFile(specFile)
	if err != nil {
		return nil, err
	}
	s, err := ParseSpec(ctx, data, filepath.Base(specFile))
	if err != nil {
		return nil, err
	}
	if why := s.pureLua(); why != "" {
		return nil, fmt.Errorf("%s: rock %s %s cannot be installed: %s", dir, s.Package, s.Version, why)
	}
	return collect(s, dir, os.DirFS(dir))
}

// openRock reads a .rock (a binary rock: lua/ holds the modules, lib/
// native ones) or a .src.rock (the rockspec and the source archive).
func openRock(ctx context.Context, name string, data []byte) (*rock, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("%s: not a rock (a rock is a zip archive): %v", name, err)
	}
	var spec *Spec
	var archive *zip.File
	lua := map[string][]byte{}
	var native []string
	for _, f := range zr.File {
		switch {
		case strings.HasSuffix(f.Name, ".rockspec") && !strings.Contains(f.Name, "/"):
			b, err := readZip(f)
			if err != nil {
				return nil, err
			}
			if spec, err = ParseSpec(ctx, b, name+"/"+f.Name); err != nil {
				return nil, err
			}
		case strings.HasPrefix(f.Name, "lib/") && !strings.HasSuffix(f.Name, "/"):
			native = append(native, f.Name)
		case strings.HasPrefix(f.Name, "lua/") && strings.HasSuffix(f.Name, ".lua"):
			b, err := readZip(f)
			if err != nil {
				return nil, err
			}
			lua[f.Name] = b
		case isArchive(f.Name):
			archive = f
		}
	}
	if spec == nil {
		return nil, fmt.Errorf("%s: not a rock: it holds no rockspec", name)
	}
	if len(native) > 0 {
		return nil, fmt.Errorf("%s: rock %s %s cannot be installed: it is a C rock (%s), and panto's Lua engine is pure Go: it cannot load native code", name, spec.Package, spec.Version, strings.Join(native, ", "))
	}
	if len(lua) > 0 { // a binary pure-Lua rock: the files are the modules
		r := newRock(spec, name)
		for p, b := range lua {
			mod := strings.TrimSuffix(strings.TrimPrefix(p, "lua/"), ".lua")
			mod = strings.TrimSuffix(mod, "/init")
			r.add(strings.ReplaceAll(mod, "/", "."), p, b)
		}
		return r, nil
	}
	if why := spec.pureLua(); why != "" {
		return nil, fmt.Errorf("%s: rock %s %s cannot be installed: %s", name, spec.Package, spec.Version, why)
	}
	if archive == nil {
		return nil, fmt.Errorf("%s: the source rock holds no source archive", name)
	}
	b, err := readZip(archive)
	if err != nil {
		return nil, err
	}
	fsys, err := unpack(archive.Name, b)
	if err != nil {
		return nil, fmt.Errorf("%s: %s: %v", name, archive.Name, err)
	}
	dir := spec.SourceDir
	if dir == "" {
		dir = archiveRoot(spec.SourceURL, archive.Name)
	}
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return nil, err
	}
	return collect(spec, name, sub)
}

// collect reads the spec's modules from the sources.
func collect(s *Spec, from string, fsys fs.FS) (*rock, error) {
	if len(s.Modules) == 0 {
		return nil, fmt.Errorf("%s: rock %s %s lists no Lua modules (build.modules)", from, s.Package, s.Version)
	}
	r := newRock(s, from)
	for mod, file := range s.Modules {
		b, err := fs.ReadFile(fsys, path.Clean(file))
		if err != nil {
			return nil, fmt.Errorf("%s: module %s: %v", from, mod, err)
		}
		r.add(mod, file, b)
	}
	return r, nil
}

// install writes the rock's modules into the tree, each atomically,
// and a manifest of its files under lib/luarocks/rocks-5.4/NAME/VERSION,
// where luarocks keeps its own.
func (r *rock) install(tree string) (Installed, error) {
	in := Installed{Package: r.spec.Package, Version: r.spec.Version, From: r.from}
	share := filepath.Join(tree, "share", "lua", "5.4")
	var manifest []string
	for mod, src := range r.files {
		rel := filepath.FromSlash(r.paths[mod])
		if err := writeAtomic(filepath.Join(share, rel), src); err != nil {
			return in, err
		}
		in.Modules = append(in.Modules, mod)
		manifest = append(manifest, filepath.ToSlash(rel))
	}
	sort.Strings(in.Modules)
	sort.Strings(manifest)
	meta := filepath.Join(tree, "lib", "luarocks", "rocks-5.4", r.spec.Package, r.spec.Version)
	var m strings.Builder
	fmt.Fprintf(&m, "rock_manifest = {\n  lua = {\n")
	for _, f := range manifest {
		fmt.Fprintf(&m, "    [%q] = true,\n", f)
	}
	fmt.Fprintf(&m, "  },\n}\n")
	if err := writeAtomic(filepath.Join(meta, "rock_manifest"), []byte(m.String())); err != nil {
		return in, err
	}
	return in, nil
}

func writeAtomic(p string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), "."+filepath.Base(p)+".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

func readZip(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(io.LimitReader(rc, 64<<20))
}

func isArchive(name string) bool {
	return strings.HasSuffix(name, ".tar.gz") || strings.HasSuffix(name, ".tgz") || strings.HasSuffix(name, ".zip")
}

// archiveRoot is the folder a source archive unpacks to when the
// rockspec names none: its file name without the archive extension, as
// luarocks assumes.
func archiveRoot(url, archive string) string {
	base := path.Base(url)
	if base == "" || base == "." || base == "/" {
		base = archive
	}
	for _, ext := range []string{".tar.gz", ".tgz", ".zip"} {
		base = strings.TrimSuffix(base, ext)
	}
	return base
}

// unpack reads a .tar.gz or .zip archive into memory.
func unpack(name string, data []byte) (fs.FS, error) {
	files := mapFS{}
	if strings.HasSuffix(name, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return nil, err
		}
		for _, f := range zr.File {
			if strings.HasSuffix(f.Name, "/") {
				continue
			}
			b, err := readZip(f)
			if err != nil {
				return nil, err
			}
			files[path.Clean(f.Name)] = b
		}
		return files, nil
	}
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(tr, 64<<20))
		if err != nil {
			return nil, err
		}
		files[path.Clean(strings.TrimPrefix(h.Name, "./"))] = b
	}
	return files, nil
}

func quoteAll(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = "'" + s + "'"
	}
	return strings.Join(q, ", ")
}
