package layout

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// module is the module path; packages are named below it ("host",
// "runtime/luv") in the rules.
const module = "panto"

// rule is one row of the table: which packages it covers and what they
// may import.
type rule struct {
	pattern  string // "diag", or "agent/..." for agent and below
	anything bool
	allowed  []string // patterns
	line     int      // in docs/imports.md, for messages
}

func (r rule) covers(pkg string) bool { return match(r.pattern, pkg) }

// specificity orders rules: an exact path beats any "/..." pattern, and a
// longer pattern beats a shorter one.
func (r rule) specificity() int {
	if base, ok := strings.CutSuffix(r.pattern, "/..."); ok {
		return len(base)
	}
	return 1 << 20
}

func match(pattern, pkg string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

func root(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot find the module root")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// readRules parses the table of docs/imports.md: rows of the form
// "| `pkg` | `a`, `b` |", "| `pkg` | nothing |" or "| `pkg` | anything |".
func readRules(t *testing.T, path string) []rule {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rules []rule
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 2 {
			t.Fatalf("%s:%d: a row has two cells: %q", path, n, line)
		}
		r := rule{pattern: strings.Trim(strings.TrimSpace(cells[0]), "`"), line: n}
		switch what := strings.TrimSpace(cells[1]); what {
		case "nothing":
		case "anything":
			r.anything = true
		default:
			for _, p := range strings.Split(what, ",") {
				p = strings.TrimSpace(p)
				if !strings.HasPrefix(p, "`") || !strings.HasSuffix(p, "`") {
					t.Fatalf("%s:%d: %q is not a `package` pattern", path, n, p)
				}
				r.allowed = append(r.allowed, strings.Trim(p, "`"))
			}
		}
		rules = append(rules, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rules) < 10 {
		t.Fatalf("%s: found %d rules; the table is missing or misread", path, len(rules))
	}
	return rules
}

// ruleFor returns the most specific rule covering pkg.
func ruleFor(rules []rule, pkg string) (rule, bool) {
	best, found := rule{}, false
	for _, r := range rules {
		if r.covers(pkg) && (!found || r.specificity() > best.specificity()) {
			best, found = r, true
		}
	}
	return best, found
}

// nestedModule reports whether dir holds a module of its own (a go.mod),
// such as third_party's patched dependencies: `go build ./...` skips
// those, and their packages are not this module's.
func nestedModule(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// imports lists, for every package of the module, the module packages its
// non-test files import, with the file that imports each. Files are
// parsed whatever their build constraints, so the rules hold on every
// platform. bench/ and third_party's folders are modules of their own and
// testdata folders hold no packages of ours.
func imports(t *testing.T, dir string) map[string]map[string]string {
	pkgs := map[string]map[string]string{}
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
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if pkgs[pkg] == nil {
			pkgs[pkg] = map[string]string{}
		}
		for _, s := range f.Imports {
			p, _ := strconv.Unquote(s.Path.Value)
			if sdk(p) {
				t.Errorf("%s imports %s: the provider SDKs are for tests only", path, p)
			}
			if dep, ok := strings.CutPrefix(p, module+"/"); ok {
				pkgs[pkg][dep] = filepath.Base(path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// sdk reports whether path is one of the official model-provider SDKs,
// which DESIGN.md keeps out of the binary.
func sdk(path string) bool {
	return strings.HasPrefix(path, "github.com/anthropics/") || strings.HasPrefix(path, "github.com/openai/")
}

func TestImportRules(t *testing.T) {
	dir := root(t)
	rules := readRules(t, filepath.Join(dir, "docs", "imports.md"))
	pkgs := imports(t, dir)
	if len(pkgs) < 20 {
		t.Fatalf("found %d packages under %s; the walk is broken", len(pkgs), dir)
	}
	names := make([]string, 0, len(pkgs))
	for p := range pkgs {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, pkg := range names {
		t.Run(pkg, func(t *testing.T) {
			r, ok := ruleFor(rules, pkg)
			if !ok {
				t.Fatalf("no row of docs/imports.md covers %s: add one", pkg)
			}
			if r.anything {
				return
			}
			deps := make([]string, 0, len(pkgs[pkg]))
			for d := range pkgs[pkg] {
				deps = append(deps, d)
			}
			sort.Strings(deps)
			for _, dep := range deps {
				allowed := false
				for _, a := range r.allowed {
					if match(a, dep) {
						allowed = true
						break
					}
				}
				if !allowed {
					t.Errorf("%s/%s imports %s, which the row for %s (docs/imports.md:%d) does not allow",
						pkg, pkgs[pkg][dep], dep, r.pattern, r.line)
				}
			}
		})
	}
}

// TestRulesMatchPackages keeps the table honest in the other direction: a
// row that covers no package is a rule for something that does not exist
// (a renamed package), and an allowed import that names no package is a
// typo that would allow nothing.
func TestRulesMatchPackages(t *testing.T) {
	dir := root(t)
	rules := readRules(t, filepath.Join(dir, "docs", "imports.md"))
	pkgs := imports(t, dir)
	generated := generatedDirs(t, dir)
	for _, r := range rules {
		if !exists(pkgs, r.pattern) && !generated[r.pattern] {
			t.Errorf("docs/imports.md:%d: no package matches %s", r.line, r.pattern)
		}
		for _, a := range r.allowed {
			if !exists(pkgs, a) && !generated[a] {
				t.Errorf("docs/imports.md:%d: %s may import %s, which matches no package", r.line, r.pattern, a)
			}
		}
	}
}

// The rules this layout exists for, stated once more so that an edit of
// the table that loosens them fails too: the bundle format imports nothing
// of discovery, configuration or the host; the Lua compiler nothing of
// the host; the runtime nothing of the syntax tree.
func TestLayeringInvariants(t *testing.T) {
	dir := root(t)
	pkgs := imports(t, dir)
	for _, c := range []struct{ from, to string }{
		{"bundle", "extension/discover"},
		{"bundle", "extension/config"},
		{"bundle", "host"},
		{"compiler/...", "host/..."},
		{"compiler/...", "runtime/..."},
		{"runtime/...", "compiler/ast"},
		{"runtime/...", "compiler/parser"},
		{"runtime/...", "host/..."},
		{"compiler/lexer", "compiler/ast"},
		{"compiler/codegen", "compiler/parser"},
		{"extension/...", "host/..."},
		{"extension/...", "bundle"},
		{"tui/termtext", "host/..."},
		{"tui/highlight", "host/..."},
		{"tui/theme", "host/..."},
		{"tui/render", "host/..."},
		{"host/...", "build"},
		{"host/...", "agent/..."},
	} {
		t.Run(c.from+" -> "+c.to, func(t *testing.T) {
			if !exists(pkgs, c.from) {
				t.Fatalf("no package matches %s", c.from)
			}
			for pkg, deps := range pkgs {
				if !match(c.from, pkg) {
					continue
				}
				for dep, file := range deps {
					if match(c.to, dep) {
						t.Errorf("%s/%s imports %s", pkg, file, dep)
					}
				}
			}
		})
	}
}

// exists reports whether a package of pkgs matches pattern.
// generatedDirs are the folders .gitignore names at the top as never
// checked in: a generated package there (stdext/native, written by make
// generate) is absent from a clean checkout, and its rows still stand.
func generatedDirs(t *testing.T, dir string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "/") && strings.HasSuffix(line, "/") && len(line) > 2 {
			out[strings.Trim(line, "/")] = true
		}
	}
	return out
}

func exists(pkgs map[string]map[string]string, pattern string) bool {
	for p := range pkgs {
		if match(pattern, p) {
			return true
		}
	}
	return false
}
