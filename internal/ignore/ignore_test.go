package ignore

import (
	"os"
	"path/filepath"
	"testing"
)

func TestParse(t *testing.T) {
	data := "\xef\xbb\xbf# comment\n\n*.log\r\n!keep.log\n/build/\n\\#hash\n\\!bang\ntrail   \nesc\\ \\ \nsrc/gen\n/\n!\n"
	pats := Parse([]byte(data), ".gitignore")
	var got []string
	for _, p := range pats {
		got = append(got, p.String())
	}
	want := []string{"*.log", "!keep.log", "/build/", "#hash", "!bang", "trail", `esc\ \ `, "src/gen"}
	// "!bang" is printed with its "!" but is not negated.
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("pattern %d = %q, want %q", i, got[i], want[i])
		}
	}
	if pats[4].Negated() || !pats[1].Negated() {
		t.Errorf("negation: \\!bang must not be negated, !keep.log must")
	}
	if pats[1].Line != 4 || pats[1].Source != ".gitignore" {
		t.Errorf("position of !keep.log = %s:%d", pats[1].Source, pats[1].Line)
	}
}

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		dir, want     bool
	}{
		{"*.log", "a/b/x.log", false, true},
		{"*.log", "x.log/y", false, false}, // names only: y is not a log
		{"build/", "build", true, true},
		{"build/", "build", false, false},
		{"build/", "a/build", true, true},
		{"/build", "a/build", true, false},
		{"a/b", "a/b", false, true},
		{"a/b", "x/a/b", false, false},
		{"**/b", "x/y/b", false, true},
		{"**/b", "b", false, true},
		{"a/**", "a/x/y", false, true},
		{"a/**", "a", true, false},
		{"a/**/b", "a/b", false, true},
		{"a/**/b", "a/x/y/b", false, true},
		{"a**b", "axb", false, true},
		{"a**b", "ax/b", false, false},
		{"a/*", "a/b/c", false, false},
		{"?.go", "x.go", false, true},
		{"?.go", "/.go", false, false},
		{"[a-c].txt", "b.txt", false, true},
		{"[!a-c].txt", "b.txt", false, false},
		{"[^a-c].txt", "d.txt", false, true},
		{"[[:digit:]]x", "7x", false, true},
		{"[[:nope:]]x", "7x", false, false},
		{"[abc", "a", false, false},
		{`\*`, "*", false, true},
		{`\*`, "a", false, false},
		{`x\`, "x", false, false},
		{"*", "anything", false, true},
	} {
		pats := Parse([]byte(c.pattern), "t")
		if len(pats) != 1 {
			t.Fatalf("%q parsed to %d patterns", c.pattern, len(pats))
		}
		if got := pats[0].Match(c.path, c.dir); got != c.want {
			t.Errorf("%q on %q (dir %v) = %v, want %v", c.pattern, c.path, c.dir, got, c.want)
		}
	}
}

func TestSetDecideLastWins(t *testing.T) {
	s := Set{Base: "/r", Patterns: Parse([]byte("*.log\n!keep.log\n"), "t")}
	if p := s.Decide("/r/a/x.log", false); p == nil || p.Negated() {
		t.Errorf("x.log: %v", p)
	}
	if p := s.Decide("/r/keep.log", false); p == nil || !p.Negated() {
		t.Errorf("keep.log must be re-included: %v", p)
	}
	if p := s.Decide("/other/x.log", false); p != nil {
		t.Errorf("outside the base: %v", p)
	}
}

func TestGlobalExcludesFile(t *testing.T) {
	dir := t.TempDir()
	home, xdg := filepath.Join(dir, "home"), filepath.Join(dir, "xdg")
	os.MkdirAll(filepath.Join(xdg, "git"), 0o755)
	os.MkdirAll(home, 0o755)
	e := Env{Home: home, XDGConfigHome: xdg}
	if got, want := e.GlobalExcludesFile(""), filepath.Join(xdg, "git", "ignore"); got != want {
		t.Errorf("default = %q, want %q", got, want)
	}
	if got, want := (Env{Home: home}).GlobalExcludesFile(""), filepath.Join(home, ".config", "git", "ignore"); got != want {
		t.Errorf("without XDG = %q, want %q", got, want)
	}
	os.WriteFile(filepath.Join(xdg, "git", "config"), []byte("[core]\n\texcludesFile = /from/xdg\n"), 0o644)
	os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[user]\nname = x\n[Core]\n  excludesfile = \"~/my ignore\" # note\n"), 0o644)
	if got, want := e.GlobalExcludesFile(""), filepath.Join(home, "my ignore"); got != want {
		t.Errorf("~/.gitconfig wins over the XDG config: %q, want %q", got, want)
	}
	gitDir := filepath.Join(dir, "repo", ".git")
	os.MkdirAll(gitDir, 0o755)
	os.WriteFile(filepath.Join(gitDir, "config"), []byte("[core]\nexcludesFile=/repo/own\n"), 0o644)
	if got := e.GlobalExcludesFile(gitDir); got != "/repo/own" {
		t.Errorf("the repository's config wins: %q", got)
	}
}

// FuzzParse: any bytes parse without panicking, and every pattern can be
// matched against paths of any shape.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"*.log\n!x\n", "/a/**/b/\n", "[[:alpha:]\n", "\\", "a\\ \\ \n", "**/**/**", "[!]-]x"} {
		f.Add([]byte(s), "a/b/c")
	}
	f.Fuzz(func(t *testing.T, data []byte, path string) {
		for _, p := range Parse(data, "fuzz") {
			p.Match(path, false)
			p.Match(path, true)
			_ = p.String()
		}
	})
}
