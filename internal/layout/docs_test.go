package layout

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestEveryPackageHasADocComment: some non-test file of every package
// carries the package comment ("Package x ..." or, for a main package,
// "Command x ..."), as go doc shows it.
func TestEveryPackageHasADocComment(t *testing.T) {
	dir := root(t)
	documented := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != dir && (name == "testdata" || name == "bench" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || nestedModule(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(dir, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		doc := ""
		if f.Doc != nil {
			doc = f.Doc.Text()
		}
		ok := strings.HasPrefix(doc, "Package "+f.Name.Name+" ") || (f.Name.Name == "main" && strings.HasPrefix(doc, "Command "))
		documented[pkg] = documented[pkg] || ok
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(documented) < 20 {
		t.Fatalf("found %d packages; the walk is broken", len(documented))
	}
	var missing []string
	for pkg, ok := range documented {
		if !ok {
			missing = append(missing, pkg)
		}
	}
	sort.Strings(missing)
	for _, pkg := range missing {
		t.Errorf("%s has no package comment (\"// Package name ...\" above the package clause of one file)", pkg)
	}
}
