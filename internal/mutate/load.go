package mutate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// Package is one package under test: its non-test Go files, parsed and
// type-checked, and what is needed to type-check a mutant of one file.
type Package struct {
	ImportPath string
	Dir        string
	Files      []*File
	Fset       *token.FileSet
	Info       *types.Info
	imp        types.Importer
}

// File is one non-test source file of a package, with the bytes the
// mutants are cut from.
type File struct {
	Path string // absolute
	Src  []byte
	AST  *ast.File
}

// listed is the part of `go list -json` output the harness reads.
type listed struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	CgoFiles   []string
	Export     string
	DepOnly    bool
	Error      *struct{ Err string }
}

// Load lists the packages matching patterns (run from dir, the module
// root), builds export data for their dependencies through the go
// command, and type-checks each package from source. Using the go
// command's own export data keeps the harness free of golang.org/x/tools
// while type-checking exactly what `go test` would compile.
func Load(dir string, patterns ...string) ([]*Package, error) {
	args := append([]string{"list", "-e", "-export", "-deps", "-json=ImportPath,Dir,GoFiles,CgoFiles,Export,DepOnly,Error"}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, stderr.Bytes())
	}
	exports := map[string]string{}
	var targets []listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var l listed
		if err := dec.Decode(&l); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list output: %v", err)
		}
		if l.Export != "" {
			exports[l.ImportPath] = l.Export
		}
		if !l.DepOnly {
			if l.Error != nil {
				return nil, fmt.Errorf("%s: %s", l.ImportPath, l.Error.Err)
			}
			targets = append(targets, l)
		}
	}
	if len(targets) == 0 {
		return nil, fmt.Errorf("no packages match %v", patterns)
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %q", path)
		}
		return os.Open(f)
	})
	var pkgs []*Package
	for _, l := range targets {
		if len(l.CgoFiles) > 0 {
			return nil, fmt.Errorf("%s: cgo packages are not supported", l.ImportPath)
		}
		if len(l.GoFiles) == 0 {
			continue
		}
		p := &Package{ImportPath: l.ImportPath, Dir: l.Dir, Fset: fset, imp: imp}
		for _, name := range l.GoFiles {
			path := filepath.Join(l.Dir, name)
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			p.Files = append(p.Files, &File{Path: path, Src: src, AST: f})
		}
		p.Info = &types.Info{
			Types: map[ast.Expr]types.TypeAndValue{},
			Uses:  map[*ast.Ident]types.Object{},
			Defs:  map[*ast.Ident]types.Object{},
		}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check(p.ImportPath, fset, p.asts(), p.Info); err != nil {
			return nil, fmt.Errorf("type-checking %s: %v", p.ImportPath, err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

func (p *Package) asts() []*ast.File {
	fs := make([]*ast.File, len(p.Files))
	for i, f := range p.Files {
		fs[i] = f.AST
	}
	return fs
}

// compiles reports whether the package still type-checks with file
// replaced by src: a mutant that does not compile (an unused variable
// after a dropped statement, a constant that overflows) is not viable
// and is never run.
func (p *Package) compiles(file *File, src []byte) error {
	f, err := parser.ParseFile(p.Fset, file.Path, src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	files := p.asts()
	for i, g := range p.Files {
		if g == file {
			files[i] = f
		}
	}
	var first error
	conf := types.Config{Importer: p.imp, Error: func(err error) {
		if first == nil {
			first = err
		}
	}}
	conf.Check(p.ImportPath, p.Fset, files, nil)
	return first
}
