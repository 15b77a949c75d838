package walk

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"panto/internal/ignore"
)

// tree writes files (a trailing "/" makes a folder) below a new folder.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for f, content := range files {
		p := filepath.Join(dir, f)
		if strings.HasSuffix(f, "/") {
			os.MkdirAll(p, 0o755)
			continue
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

var noGlobal = &ignore.Env{XDGConfigHome: "/nonexistent"}

func rels(entries []Entry) []string {
	out := []string{}
	for _, e := range entries {
		s := e.Rel
		if e.Kind == Dir {
			s += "/"
		}
		out = append(out, s)
	}
	return out
}

func walkRels(t *testing.T, root string, opts Options) ([]string, Stats) {
	t.Helper()
	if opts.Env == nil {
		opts.Env = noGlobal
	}
	entries, st, err := Walk(context.Background(), root, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rels(entries), st
}

func TestWalkOrderAndSkips(t *testing.T) {
	root := tree(t, map[string]string{
		".git/HEAD": "", ".hidden/x": "", ".env": "", "b/z.go": "", "b/a/y.go": "", "a.txt": "", "B.txt": "",
		"node_modules/m/i.js": "", ".gitignore": "node_modules/\n*.log\n!keep.log\n", "x.log": "", "keep.log": "",
		"b/.gitignore": "/z.go\n", "c/.ignore": "*.txt\n", "c/d.txt": "", "c/e.md": "",
	})
	got, st := walkRels(t, root, Options{Workers: 1})
	want := []string{"B.txt", "a.txt", "b/", "b/a/", "b/a/y.go", "c/", "c/e.md", "keep.log"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
	if st.Ignored != 4 || st.Hidden != 5 || st.VCS != 1 {
		t.Errorf("stats %+v: want 4 ignored (node_modules, x.log, b/z.go, c/d.txt), 5 hidden (.env, .gitignore, .hidden, b/.gitignore, c/.ignore), 1 vcs", st)
	}
	// The same tree in parallel gives the same order.
	for range 5 {
		if again, _ := walkRels(t, root, Options{Workers: 8}); !reflect.DeepEqual(again, got) {
			t.Fatalf("parallel walk order differs: %v", again)
		}
	}
	all, _ := walkRels(t, root, Options{Hidden: true, NoIgnore: true})
	for _, w := range []string{".env", ".hidden/x", "node_modules/m/i.js", "x.log", "b/z.go"} {
		if !contains(all, w) {
			t.Errorf("Hidden+NoIgnore lacks %s: %v", w, all)
		}
	}
	if contains(all, ".git/") {
		t.Errorf(".git listed without VCS: %v", all)
	}
	if vcs, _ := walkRels(t, root, Options{Hidden: true, VCS: true}); !contains(vcs, ".git/HEAD") {
		t.Errorf("VCS does not enter .git: %v", vcs)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestGitignoreNeedsRepository(t *testing.T) {
	root := tree(t, map[string]string{".gitignore": "a.txt\n", ".ignore": "b.txt\n", "a.txt": "", "b.txt": "", "c.txt": ""})
	got, _ := walkRels(t, root, Options{})
	if want := []string{"a.txt", "c.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("outside a repository .gitignore is not read, .ignore is: got %v, want %v", got, want)
	}
}

func TestParentRulesApplyBelowTheRoot(t *testing.T) {
	root := tree(t, map[string]string{".git/": "", ".gitignore": "sub/gen/\n*.tmp\n", "sub/a.go": "", "sub/x.tmp": "", "sub/gen/g.go": "",
		".ignore": "!sub/x.tmp\n"})
	got, _ := walkRels(t, filepath.Join(root, "sub"), Options{})
	if want := []string{"a.go", "x.tmp"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v (.ignore beats .gitignore in the same folder)", got, want)
	}
}

func TestGlobalAndInfoExclude(t *testing.T) {
	root := tree(t, map[string]string{".git/info/exclude": "*.a\n", "x.a": "", "x.b": "", "x.c": ""})
	xdg := tree(t, map[string]string{"git/ignore": "*.b\n"})
	got, _ := walkRels(t, root, Options{Env: &ignore.Env{XDGConfigHome: xdg}})
	if want := []string{"x.c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestLinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	root := tree(t, map[string]string{"d/f.txt": "", "real/g.txt": ""})
	os.Symlink(filepath.Join(root, "real"), filepath.Join(root, "d", "link"))
	os.Symlink(root, filepath.Join(root, "real", "loop"))
	os.Symlink(filepath.Join(root, "real", "g.txt"), filepath.Join(root, "flink"))
	os.Symlink(filepath.Join(root, "missing"), filepath.Join(root, "broken"))
	got, st := walkRels(t, root, Options{})
	if want := []string{"d/", "d/f.txt", "flink", "real/", "real/g.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if st.LinkDirs != 2 || st.Broken != 1 {
		t.Errorf("stats %+v: want 2 folder links not followed, 1 broken", st)
	}
	got, st = walkRels(t, root, Options{Follow: true})
	// real/loop leads back to the root, an ancestor of every folder:
	// never entered, from either path.
	want := []string{"d/", "d/f.txt", "d/link/", "d/link/g.txt", "flink", "real/", "real/g.txt"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("following:\n got %v\nwant %v", got, want)
	}
	if st.LinkLoops != 2 {
		t.Errorf("no loop counted: %+v", st)
	}
}

func TestLimits(t *testing.T) {
	root := tree(t, map[string]string{"a/b/c/d.txt": "", "e.txt": "", "f.go": ""})
	got, _ := walkRels(t, root, Options{MaxDepth: 2})
	if want := []string{"a/", "a/b/", "e.txt", "f.go"}; !reflect.DeepEqual(got, want) {
		t.Errorf("MaxDepth 2: got %v, want %v", got, want)
	}
	g, err := CompileGlob("*.txt")
	if err != nil {
		t.Fatal(err)
	}
	got, _ = walkRels(t, root, Options{Filter: func(rel, name string, k Kind) bool { return g.Match(rel, name) }})
	if want := []string{"a/b/c/d.txt", "e.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("filter: got %v, want %v", got, want)
	}
	got, st := walkRels(t, root, Options{MaxEntries: 2, Workers: 1})
	if len(got) != 2 || !st.Stopped {
		t.Errorf("MaxEntries 2: %v %+v", got, st)
	}
	if _, _, err := Walk(context.Background(), filepath.Join(root, "e.txt"), Options{}); err == nil {
		t.Error("a file as root is not an error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Walk(ctx, root, Options{}); err == nil {
		t.Error("a cancelled walk is not an error")
	}
}

func TestGlob(t *testing.T) {
	for _, c := range []struct {
		glob, rel string
		want      bool
	}{
		{"*.go", "a/b/x.go", true},
		{"*.go", "x.go/y", false},
		{"src/**/*.ts", "src/a.ts", true},
		{"src/**/*.ts", "src/a/b/c.ts", true},
		{"src/**/*.ts", "lib/src/a.ts", false},
		{"**/main.go", "cmd/x/main.go", true},
		{"cmd/*/main.go", "cmd/x/y/main.go", false},
		{"./cmd/*/main.go", "cmd/x/main.go", true},
		{"*.{go,md}", "a/README.md", true},
		{"*.{go,{m,t}d}", "x.td", true},
		{"*.{go,md}", "x.txt", false},
		{"[!a]*", "b", true},
		{"[!a]*", "a", false},
		{"[a-c]x", "bx", true},
		{`\*`, "*", true},
		{`\*`, "a", false},
		{"?", "a", true},
		{"a.b", "aXb", false},
		{"src/**", "src/a/b", true},
		{"(x)", "(x)", true},
		{"[]]", "]", true},
		{"[!/]", "/", false},
	} {
		g, err := CompileGlob(c.glob)
		if err != nil {
			t.Errorf("%q: %v", c.glob, err)
			continue
		}
		if got := g.Match(c.rel, SplitRel(c.rel)); got != c.want {
			t.Errorf("%q on %q = %v, want %v", c.glob, c.rel, got, c.want)
		}
	}
	for _, bad := range []string{"[a", "{a,b", `a\`} {
		if _, err := CompileGlob(bad); err == nil {
			t.Errorf("%q compiles", bad)
		}
	}
}

func TestVisitSeesWhatWalkReturns(t *testing.T) {
	root := tree(t, map[string]string{"a/b/c.txt": "", "a/d.txt": "", "e/f.txt": "", "g.txt": ""})
	want, _ := walkRels(t, root, Options{})
	var mu sync.Mutex
	var got []string
	entries, _, err := Walk(context.Background(), root, Options{Env: noGlobal, Visit: func(es []Entry) {
		mu.Lock()
		got = append(got, rels(es)...)
		mu.Unlock()
	}})
	if err != nil || len(entries) != 0 {
		t.Fatalf("Walk with Visit: %v, %d entries", err, len(entries))
	}
	sort.Strings(got)
	sort.Strings(want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("visited %v, want %v", got, want)
	}
}
