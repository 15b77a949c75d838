package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// packageLevelCompiles finds the regexp.MustCompile and regexp.Compile
// calls in the initialisers of a file's package-level variables, outside
// function literals: those run in init, in every panto process.
func packageLevelCompiles(fset *token.FileSet, f *ast.File) []token.Position {
	var found []token.Position
	for _, decl := range f.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.VAR {
			continue
		}
		for _, spec := range gen.Specs {
			for _, v := range spec.(*ast.ValueSpec).Values {
				ast.Inspect(v, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.FuncLit:
						return false // runs when called, not at init
					case *ast.CallExpr:
						if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
							if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "regexp" &&
								(sel.Sel.Name == "MustCompile" || sel.Sel.Name == "Compile") {
								found = append(found, fset.Position(n.Pos()))
							}
						}
					}
					return true
				})
			}
		}
	}
	return found
}

func TestPackageLevelCompilesFinds(t *testing.T) {
	src := `package p

import ("regexp"; "sync")

var a = regexp.MustCompile("a")
var b, c = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("b") }), 1
var (
	d = []*regexp.Regexp{regexp.MustCompile("d")}
)

func f() { _ = regexp.MustCompile("f") }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, p := range packageLevelCompiles(fset, f) {
		lines = append(lines, p.Line)
	}
	if len(lines) != 2 || lines[0] != 5 || lines[1] != 8 {
		t.Fatalf("found at lines %v, want [5 8]", lines)
	}
}

// TestNoRegexpCompiledAtInit keeps the packages of this module that
// bin/panto links from compiling regular expressions in package-level
// variables. Each such expression costs little, too little for
// TestStartupInitStaysSmall's per-package budget to notice, but they add
// up in every process (six of them were 1.5% of `panto lua -e ”`'s CPU
// profile); sync.OnceValue compiles one on first use instead.
func TestNoRegexpCompiledAtInit(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list panto's packages with")
	}
	root := moduleRoot(t)
	cmd := exec.Command("go", "list", "-tags", "urfave_cli_no_docs", "-deps",
		"-f", "{{if .Module}}{{if .Module.Main}}{{.Dir}}{{end}}{{end}}", "./cmd/panto")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dirs := strings.Fields(string(out))
	if len(dirs) < 20 {
		t.Fatalf("go list found %d packages of panto in bin/panto; the query is wrong?", len(dirs))
	}
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range packageLevelCompiles(fset, f) {
				rel, _ := filepath.Rel(root, p.Filename)
				t.Errorf("%s:%d: a regular expression compiled in a package-level variable runs in every panto process's init; compile it on first use (sync.OnceValue)", rel, p.Line)
			}
		}
	}
}
