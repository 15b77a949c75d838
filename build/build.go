// Package build builds a bundle (package bundle) from layer folders,
// each holding extensions/ and/or tools/, as `panto build` does.
//
// It finds what to compile with the host's own discovery
// (extension/discover.Folder), so a bundle holds exactly the entries, modules
// and resources that `panto run DIR` would load from the same folders:
// single .lua files and folders with init.lua, their requirable siblings,
// underscore helpers, the [extensions] paths and rocks of the layer's
// config.toml, and every non-Lua file as a resource. Several folders are
// layered like the host's layers: a later folder's entry replaces an
// earlier one of the same name, and its resources replace those at the
// same path.
//
// Every file is compiled even after one fails, so a build reports all its
// syntax errors at once; and the syntax trees are checked against the ABI
// description (extension/abi) for mistakes that would otherwise only show when
// the bundle runs.
package build

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"panto/bundle"
	"panto/diag"
	"panto/extension/abi"
	"panto/extension/discover"
)

// Options says what to build.
type Options struct {
	// Dirs are the layer folders, lowest precedence first; none means ".".
	Dirs []string
	// Name and Version go into the manifest. Name defaults to the base
	// name of the last folder, Version to "0.0.0".
	Name, Version string
	// Strip leaves debug information (line numbers, local and upvalue
	// names) out of the chunks. Chunk names stay in the manifest.
	Strip bool
	// Strict turns warnings (ABI checks, discovery problems) into errors.
	Strict bool
	// SignKey signs the bundle when set.
	SignKey ed25519.PrivateKey
	// Compiler is recorded as the compiler version ("panto 0.1.0").
	Compiler string
	// Output is where the bundle will be written. When it lies inside a
	// folder being built (`panto build .` writes NAME.pkg there), the
	// previous bundle is not carried as a resource of the next one.
	Output string
	// Base is the base layer the bundle will run on (stdext.FS()): an
	// entry or a declaration named like one of its tools is reported.
	// nil skips the check.
	Base fs.FS
	// Check, when set, loads the tree the way a session would and returns
	// what failed (host.Check does: it evaluates and activates every
	// entry in a host with no session). It gets a setup holding the
	// folders' layers and runs only when everything compiled. Its
	// errors fail the build (an entry that does not load); its warnings
	// (a call the check refused to run) stay warnings.
	// Each is positioned with what the syntax trees know (a problem with
	// what a file returned, at its return statement), and a static
	// warning about the same line becomes that error instead of a second
	// message.
	Check func(*discover.Setup) diag.List
	// Discover is passed to discovery: Cwd decides how paths are shown in
	// messages, Getenv where [extensions] rocks are looked up.
	Discover discover.Options
}

// Result is a successful build.
type Result struct {
	// Data is the bundle file's bytes.
	Data []byte
	// Warnings found along the way (none when Strict).
	Warnings diag.List
	// Entries, Modules and Resources count what went in; Modules counts
	// every chunk, entry mains included.
	Entries, Modules, Resources int
}

// Build compiles the folders into a bundle. A failure to compile is a
// *BuildError listing every problem; other errors (an unreadable folder)
// are plain.
func Build(o Options) (*Result, error) {
	dirs := o.Dirs
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	b := &build{opts: o, sources: map[string]*unit{}, paths: map[string]string{}}
	var layers []*discover.Layer
	for _, d := range dirs {
		s, err := discover.Folder(d, o.Discover)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", d, shortErr(err))
		}
		l := s.Layers[0]
		for _, p := range l.Problems {
			b.warn(p)
		}
		layers = append(layers, l)
		b.setups = append(b.setups, s)
	}
	name := o.Name
	if name == "" {
		name = DefaultName(dirs)
	}
	version := o.Version
	if version == "" {
		version = "0.0.0"
	}

	b.plan(layers, labels(layers))
	if len(b.entries) == 0 && !hasBoneInit(layers) {
		msg := fmt.Sprintf("no extensions found: %s holds no entries in extensions/ or tools/ (nor a bone/init.lua)", strings.Join(dirs, ", "))
		for _, d := range dirs {
			if base := filepath.Base(filepath.Clean(d)); base == "extensions" || base == "tools" {
				msg += fmt.Sprintf(" (give the layer folder that holds %s/, not %s itself)", base, base)
				break
			}
		}
		b.error(diag.Diagnostic{Message: msg})
	}
	b.compile()
	b.checkABI()
	if o.Base != nil {
		b.checkStandard(discover.ScanBase(o.Base))
	}
	if o.Check != nil && b.diags.Errors() == 0 && len(b.setups) > 0 {
		cs := *b.setups[0]
		cs.Layers = append([]*discover.Layer(nil), layers...)
		b.merge(o.Check(&cs))
	}
	b.collectResources(layers)

	if err := b.failure(); err != nil {
		return nil, err
	}
	spec := &bundle.Spec{
		Name: name, Version: version, ABI: abi.Version, Compiler: o.Compiler,
		Stripped: o.Strip, Entries: b.entries, SignKey: o.SignKey,
	}
	if spec.Compiler == "" {
		spec.Compiler = "panto"
	}
	for _, u := range b.units {
		spec.Blobs = append(spec.Blobs, bundle.Content{Path: u.blobPath, Kind: bundle.KindChunk, Data: u.code})
	}
	spec.Blobs = append(spec.Blobs, b.resources...)
	data, err := bundle.Write(spec)
	if err != nil {
		return nil, err
	}
	b.diags.Sort()
	return &Result{Data: data, Warnings: b.diags, Entries: len(b.entries), Modules: len(b.units), Resources: b.nresources}, nil
}

// DefaultName is the bundle name used when none is given: the base name
// of the last folder (the highest layer), "." resolved.
func DefaultName(dirs []string) string {
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	abs, err := filepath.Abs(dirs[len(dirs)-1])
	if err != nil {
		return "bundle"
	}
	return filepath.Base(abs)
}

// build is the state of one Build.
type build struct {
	opts    Options
	setups  []*discover.Setup
	entries []bundle.Entry
	// units are the files to compile, in blob-path order once planned;
	// sources finds them by display path (one real file, one unit).
	units   []*unit
	sources map[string]*unit
	// paths maps each blob path to the display path of its source, to
	// catch two files that would be stored under one name.
	paths      map[string]string
	resources  []bundle.Content
	nresources int
	diags      diag.List
	mu         sync.Mutex
}

func (b *build) warn(d diag.Diagnostic) {
	d.Severity = diag.Warning
	b.add(d)
}

func (b *build) error(d diag.Diagnostic) {
	d.Severity = diag.Error
	b.add(d)
}

func (b *build) add(d diag.Diagnostic) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.opts.Strict {
		d.Severity = diag.Error
	}
	b.diags.Add(d)
}

func (b *build) failure() error {
	if b.diags.Errors() > 0 {
		b.diags.Sort()
		return &BuildError{Diagnostics: b.diags}
	}
	return nil
}

// labels names each layer's part of the bundle when there are several:
// the folder's base name, made unique. One layer needs no label, and its
// chunks are named exactly as in the folder ("extensions/x.lua").
func labels(layers []*discover.Layer) []string {
	out := make([]string, len(layers))
	if len(layers) == 1 {
		return out
	}
	seen := map[string]bool{}
	for i, l := range layers {
		base := filepath.Base(l.Dir)
		if base == "." || base == string(filepath.Separator) || base == "" {
			base = "layer"
		}
		label := base
		for n := 2; seen[label]; n++ {
			label = fmt.Sprintf("%s-%d", base, n)
		}
		seen[label] = true
		out[i] = label + "/"
	}
	return out
}

// plan resolves precedence across the folders and decides the blob path
// of every file to compile.
func (b *build) plan(layers []*discover.Layer, labels []string) {
	label := map[*discover.Layer]string{}
	for i, l := range layers {
		label[l] = labels[i]
	}
	layerOf := map[*discover.Entry]*discover.Layer{}
	for _, l := range layers {
		for _, e := range l.Entries {
			layerOf[e] = l
		}
	}
	// Roots of [extensions] paths get "paths/", "paths-2/", ... in the
	// order they are met, so two configured folders never collide.
	extraRoots := map[string]string{}
	res := discover.Resolve(layers)
	for _, e := range res.Entries {
		l := layerOf[e]
		prefix := label[l]
		switch e.Origin {
		case discover.ExtraPath:
			root := strings.TrimSuffix(e.Main.Source, e.Main.File)
			p, ok := extraRoots[root]
			if !ok {
				p = "paths/"
				if n := len(extraRoots); n > 0 {
					p = fmt.Sprintf("paths-%d/", n+1)
				}
				extraRoots[root] = p
			}
			prefix += p
		case discover.Rock:
			prefix += "rocks/"
		}
		be := bundle.Entry{Name: e.Name, Origin: bundle.Origin(e.Origin), Folder: e.Folder}
		main := b.unit(e, e.Main, prefix+e.Main.File)
		if main == nil {
			continue
		}
		main.main = true
		be.Main = main.blobPath
		for _, m := range e.Modules {
			if u := b.unit(e, m, prefix+m.File); u != nil {
				be.Modules = append(be.Modules, bundle.Module{Name: m.Name, Path: u.blobPath})
			}
		}
		b.entries = append(b.entries, be)
	}
}

// unit returns the compile unit of a file, creating it on first sight.
func (b *build) unit(e *discover.Entry, m discover.Module, blobPath string) *unit {
	if u := b.sources[m.Source]; u != nil {
		return u
	}
	if other, ok := b.paths[blobPath]; ok {
		b.error(diag.Diagnostic{File: m.Source, Message: fmt.Sprintf("would be stored as %s, like %s; rename one of them", blobPath, other)})
		return nil
	}
	u := &unit{entry: e, module: m, blobPath: blobPath}
	b.sources[m.Source] = u
	b.paths[blobPath] = m.Source
	b.units = append(b.units, u)
	return u
}

// compile compiles every unit, in parallel: each unit is independent and
// the results land in the unit, so the output does not depend on
// scheduling.
func (b *build) compile() {
	work := make(chan *unit)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(len(b.units), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range work {
				u.compile(b.opts.Strip)
			}
		}()
	}
	for _, u := range b.units {
		work <- u
	}
	close(work)
	wg.Wait()
	for _, u := range b.units {
		for _, d := range u.diags {
			b.add(d)
		}
	}
}

// collectResources gathers each folder's non-Lua files, later folders
// replacing earlier ones at the same path, and the config.toml of the
// highest folder that has one.
func (b *build) collectResources(layers []*discover.Layer) {
	byPath := map[string]bundle.Content{}
	var order []string
	var config *discover.Layer
	var output os.FileInfo
	if b.opts.Output != "" {
		output, _ = os.Stat(b.opts.Output)
	}
	for _, l := range layers {
		for _, r := range l.Resources {
			file := filepath.Join(l.Dir, filepath.FromSlash(r.Path))
			if output != nil {
				if fi, err := os.Stat(file); err == nil && os.SameFile(fi, output) {
					continue
				}
			}
			data, err := os.ReadFile(file)
			if err != nil {
				b.error(diag.Diagnostic{File: b.setups[0].Display(file), Message: "cannot read: " + shortErr(err).Error()})
				continue
			}
			if _, ok := byPath[r.Path]; !ok {
				order = append(order, r.Path)
			}
			byPath[r.Path] = bundle.Content{Path: r.Path, Kind: bundle.KindResource, Data: data}
		}
		if l.Config != nil {
			if config != nil {
				b.warn(diag.Diagnostic{File: config.Config.Path, Message: "ignored: a bundle carries one config.toml, that of the last folder (" + l.Config.Path + ")"})
			}
			config = l
		}
	}
	for _, p := range order {
		if src, ok := b.paths[p]; ok {
			b.error(diag.Diagnostic{File: src, Message: fmt.Sprintf("is stored as %s, which is also a resource path", p)})
			continue
		}
		b.resources = append(b.resources, byPath[p])
	}
	b.nresources = len(b.resources)
	if config != nil {
		data, err := os.ReadFile(filepath.Join(config.Dir, "config.toml"))
		if err != nil {
			b.error(diag.Diagnostic{File: config.Config.Path, Message: "cannot read: " + shortErr(err).Error()})
			return
		}
		// Discovery never lists a layer's own config.toml as a resource,
		// so the name is free.
		b.resources = append(b.resources, bundle.Content{Path: "config.toml", Kind: bundle.KindConfig, Data: data})
	}
}

// WriteFile writes a bundle atomically: to a temporary file beside path,
// then renamed over it, so a failed or interrupted write never leaves a
// partial bundle where a good one (or none) was.
func WriteFile(path string, data []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return shortErr(err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return shortErr(err)
	}
	return nil
}

func shortErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// hasBoneInit reports whether a layer holds bone code (bone/init.lua,
// run by the base layer's bone compatibility layer, docs/bone.md): a
// layer of only bone code is a layer worth a bundle.
func hasBoneInit(layers []*discover.Layer) bool {
	for _, l := range layers {
		for _, r := range l.Resources {
			if r.Path == "bone/init.lua" {
				return true
			}
		}
	}
	return false
}
