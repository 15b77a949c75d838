package discover

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"panto/diag"
	"panto/extension/config"
)

// Options says where to look. The zero value looks at the real process
// environment.
type Options struct {
	// Cwd is the working directory; "" means os.Getwd.
	Cwd string
	// Getenv reads HOME, XDG_CONFIG_HOME and XDG_DATA_HOME; nil means
	// os.Getenv. Tests pass their own so they never see the real home.
	Getenv func(string) string
	// Base is the embedded base layer (extensions/ and tools/ inside);
	// nil is an empty base layer.
	Base fs.FS
	// BaseDir is a read-only folder holding the base layer's resources,
	// published as its dir; "" leaves the base layer out of dirs.
	BaseDir string
}

// Setup is the result of discovery for one session.
type Setup struct {
	Cwd string
	// Home is $HOME, or "" when it is not available (and in bundle runs,
	// which must not depend on the user's home).
	Home        string
	ProjectRoot string
	// ConfigHome is the user's panto configuration folder
	// (XDG_CONFIG_HOME/panto, else ~/.config/panto), "" when neither is
	// known. Bundle runs keep it: the host's own settings and the user's
	// instructions (AGENTS.md) apply to them as to folder runs.
	ConfigHome string
	// DataHome holds panto's data: rocks/, auth/ (XDG_DATA_HOME/panto,
	// else ~/.local/share/panto).
	DataHome string
	// RocksTree is the luarocks tree [extensions] rocks load from.
	RocksTree string
	// Layers, lowest precedence first.
	Layers []*Layer
	// Settings are configuration files that apply above the layers
	// without being layers (AddHostSettings), lowest precedence first.
	Settings []*config.File
	// Builtin are the layers panto supplies below every file, lowest
	// precedence first: the model catalogue and the local servers that
	// answered (config.File.Builtin). Discovery leaves it empty; the
	// commands that open a session fill it.
	Builtin          []*config.File
	settingsProblems diag.List
}

// RocksVersionDir is the rocks tree's folder name under the data home,
// versioned by the Lua release the rocks were built for.
const RocksVersionDir = "lua-5.4.7"

// environment is the resolved places a setup starts from.
type environment struct {
	cwd, home, configHome, dataHome string
}

func resolveEnv(o Options) (environment, error) {
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	cwd := o.Cwd
	if cwd == "" {
		var err error
		if cwd, err = os.Getwd(); err != nil {
			return environment{}, err
		}
	}
	cwd, err := filepath.Abs(cwd)
	if err != nil {
		return environment{}, err
	}
	e := environment{cwd: cwd, home: getenv("HOME")}
	if x := getenv("XDG_CONFIG_HOME"); filepath.IsAbs(x) {
		e.configHome = filepath.Join(x, "panto")
	} else if e.home != "" {
		e.configHome = filepath.Join(e.home, ".config", "panto")
	}
	if x := getenv("XDG_DATA_HOME"); filepath.IsAbs(x) {
		e.dataHome = filepath.Join(x, "panto")
	} else if e.home != "" {
		e.dataHome = filepath.Join(e.home, ".local", "share", "panto")
	}
	return e, nil
}

// Standard discovers the four standard layers.
func Standard(o Options) (*Setup, error) {
	env, err := resolveEnv(o)
	if err != nil {
		return nil, err
	}
	s := env.setup()
	base := o.Base
	if base == nil {
		base = emptyFS{}
	}
	s.Layers = append(s.Layers, s.scanLayer(Base, o.BaseDir, base, "base:", nil))
	if env.configHome != "" {
		s.Layers = append(s.Layers, s.scanDirLayer(User, env.configHome, nil))
	}
	projectDir := filepath.Join(s.ProjectRoot, ".panto")
	s.Layers = append(s.Layers,
		s.scanDirLayer(Project, projectDir, []string{"local"}),
		s.scanDirLayer(Local, filepath.Join(projectDir, "local"), nil))
	if err := s.configErr(); err != nil {
		return nil, err
	}
	s.addMCPJSON(o.Getenv)
	return s, nil
}

// Folder discovers a folder as the only layer, as `panto run DIR` wants:
// the folder stands for a bundle, so it is named "bundle" and home is
// omitted.
func Folder(dir string, o Options) (*Setup, error) {
	env, err := resolveEnv(o)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, errors.New("not a folder")
	}
	s := env.setup()
	s.Home = ""
	s.Layers = []*Layer{s.scanDirLayer(Bundle, abs, nil)}
	if err := s.configErr(); err != nil {
		return nil, err
	}
	return s, nil
}

// AddBase puts a base layer (fsys, as Options.Base; dir, as
// Options.BaseDir) beneath the setup's layers: `panto run DIR` puts the
// embedded standard tools under the folder's layer this way, so the run
// has them and the folder's own entries override them by name.
func (s *Setup) AddBase(fsys fs.FS, dir string) {
	s.Layers = append([]*Layer{s.scanLayer(Base, dir, fsys, "base:", nil)}, s.Layers...)
}

// ScanBase reads a base layer on its own (fsys as Options.Base), for
// tools that need to know what the standard layer holds without a
// session: `panto build` warns when an entry overrides one of its tools.
func ScanBase(fsys fs.FS) *Layer {
	return (&Setup{}).scanLayer(Base, "", fsys, "base:", nil)
}

// Single makes a setup whose only layer is l, which the caller built:
// what `panto run BUNDLE` uses, with a layer whose entries read
// precompiled chunks from the bundle (Entry.FS) and whose Dir is the
// bundle's read-only resource folder. Home is omitted, as for any
// bundle run.
func Single(l *Layer, o Options) (*Setup, error) {
	env, err := resolveEnv(o)
	if err != nil {
		return nil, err
	}
	s := env.setup()
	s.Home = ""
	s.Layers = []*Layer{l}
	return s, nil
}

func (e environment) setup() *Setup {
	s := &Setup{Cwd: e.cwd, Home: e.home, ConfigHome: e.configHome, DataHome: e.dataHome}
	s.ProjectRoot = findProjectRoot(e.cwd, e.home)
	if e.dataHome != "" {
		s.RocksTree = filepath.Join(e.dataHome, "rocks", RocksVersionDir)
	}
	return s
}

// findProjectRoot walks up from cwd to the nearest folder holding .panto,
// stopping below home: ~/.panto is not a project marker, since the
// user's own settings live in the user layer.
func findProjectRoot(cwd, home string) string {
	for dir := cwd; ; {
		if home != "" && sameDir(dir, home) {
			break
		}
		if fi, err := os.Stat(filepath.Join(dir, ".panto")); err == nil && fi.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return cwd
}

func sameDir(a, b string) bool {
	return filepath.Clean(a) == filepath.Clean(b)
}

// scanDirLayer scans a layer that lives in an OS folder (which need not
// exist: an absent folder is an empty layer that is still published in
// dirs, so an extension can tell where resources would go).
func (s *Setup) scanDirLayer(name, dir string, exclude []string) *Layer {
	return s.scanLayer(name, dir, os.DirFS(dir), "", exclude)
}

// Display returns how a path is shown in messages and chunk names:
// relative to the working directory when below it, ~/... below home,
// else absolute.
func (s *Setup) Display(p string) string {
	if rel, err := filepath.Rel(s.Cwd, p); err == nil && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
		return filepath.ToSlash(rel)
	}
	if s.Home != "" {
		if rel, err := filepath.Rel(s.Home, p); err == nil && !strings.HasPrefix(rel, "..") {
			return "~/" + filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(p)
}

// Config returns the merged configuration of all layers.
func (s *Setup) Config() *config.Merged {
	files := make([]*config.File, 0, len(s.Builtin)+len(s.Layers)+len(s.Settings))
	files = append(files, s.Builtin...)
	for _, l := range s.Layers {
		files = append(files, l.Config)
	}
	files = append(files, s.Settings...)
	return config.Merge(files...)
}

// Problems returns every layer's problems in layer order.
func (s *Setup) Problems() diag.List {
	var ps diag.List
	for _, l := range s.Layers {
		ps = append(ps, l.Problems...)
	}
	ps = append(ps, s.settingsProblems...)
	return append(ps, s.Config().Warnings...)
}

// emptyFS is the base layer until stdext fills it.
type emptyFS struct{}

func (emptyFS) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
