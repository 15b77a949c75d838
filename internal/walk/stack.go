package walk

import (
	"os"
	"path/filepath"
	"strings"

	"panto/internal/ignore"
)

// stack is the ignore rules in force in a folder: a linked list from the
// innermost folder's files out to the repository's exclude files, shared
// (never changed) by the goroutines below it.
type stack struct {
	sets   []*ignore.Set // highest precedence first
	parent *stack
}

// ignored decides abs: the innermost matching pattern wins, a negated
// one re-includes.
func (s *stack) ignored(abs string, isDir bool) bool {
	for ; s != nil; s = s.parent {
		for _, set := range s.sets {
			if p := set.Decide(abs, isDir); p != nil {
				return !p.Negated()
			}
		}
	}
	return false
}

// ignoreNames are read in every folder, the first taking precedence (as
// ripgrep: .ignore over .gitignore); .gitignore only inside a git
// repository, as git and ripgrep do.
func (w *walker) ignoreNames() []string {
	if w.repo {
		return []string{".ignore", ".gitignore"}
	}
	return []string{".ignore"}
}

// push adds the ignore files of the folder abs, if it has any (known
// from its entries, so folders without them cost no system call).
func (w *walker) push(st *stack, abs string, dirents []os.DirEntry) *stack {
	var sets []*ignore.Set
	for _, name := range w.ignoreNames() {
		if !hasEntry(dirents, name) {
			continue
		}
		if set := w.load(filepath.Join(abs, name), abs); set != nil {
			sets = append(sets, set)
		}
	}
	if len(sets) == 0 {
		return st
	}
	return &stack{sets: sets, parent: st}
}

func hasEntry(dirents []os.DirEntry, name string) bool {
	// dirents is sorted by name.
	lo, hi := 0, len(dirents)
	for lo < hi {
		m := (lo + hi) / 2
		if dirents[m].Name() < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(dirents) && dirents[lo].Name() == name
}

func (w *walker) load(file, base string) *ignore.Set {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	w.count(func(s *Stats) { s.IgnoreFiles = append(s.IgnoreFiles, file) })
	pats := ignore.Parse(data, file)
	if len(pats) == 0 {
		return nil
	}
	return &ignore.Set{Base: filepath.ToSlash(base), Patterns: pats}
}

// rootStack builds the rules in force at the root: when it lies in a git
// repository, the global excludes file, .git/info/exclude, and the
// ignore files of the folders from the repository's top down to the
// root's parent.
func (w *walker) rootStack(root string) *stack {
	top, gitDir := findRepo(root)
	w.repo = top != ""
	if !w.repo {
		return nil
	}
	var st *stack
	env := w.opts.Env
	if env == nil {
		e := ignore.EnvFromOS()
		env = &e
	}
	if f := env.GlobalExcludesFile(gitDir); f != "" {
		if set := w.load(f, top); set != nil {
			st = &stack{sets: []*ignore.Set{set}, parent: st}
		}
	}
	if gitDir != "" {
		if set := w.load(filepath.Join(commonDir(gitDir), "info", "exclude"), top); set != nil {
			st = &stack{sets: []*ignore.Set{set}, parent: st}
		}
	}
	// The folders above the root, outermost first.
	var chain []string
	for d := filepath.Dir(root); ; d = filepath.Dir(d) {
		if len(d) < len(top) {
			break
		}
		chain = append(chain, d)
		if d == top || d == filepath.Dir(d) {
			break
		}
	}
	if root == top {
		chain = nil
	}
	for i := len(chain) - 1; i >= 0; i-- {
		var sets []*ignore.Set
		for _, name := range w.ignoreNames() {
			if set := w.load(filepath.Join(chain[i], name), chain[i]); set != nil {
				sets = append(sets, set)
			}
		}
		if len(sets) > 0 {
			st = &stack{sets: sets, parent: st}
		}
	}
	return st
}

// findRepo returns the top folder of the git repository holding dir and
// its git dir ("" when dir is in none). A .git file (a worktree, a
// submodule) names its git dir with a "gitdir:" line.
func findRepo(dir string) (top, gitDir string) {
	for d := dir; ; d = filepath.Dir(d) {
		g := filepath.Join(d, ".git")
		if fi, err := os.Stat(g); err == nil {
			if fi.IsDir() {
				return d, g
			}
			if data, err := os.ReadFile(g); err == nil {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:"); ok {
					p := strings.TrimSpace(rest)
					if !filepath.IsAbs(p) {
						p = filepath.Join(d, p)
					}
					return d, p
				}
			}
			return d, ""
		}
		if filepath.Dir(d) == d {
			return "", ""
		}
	}
}

// commonDir is where a worktree's shared files (info/exclude) live: the
// git dir's "commondir" file names it.
func commonDir(gitDir string) string {
	if gitDir == "" {
		return ""
	}
	data, err := os.ReadFile(filepath.Join(gitDir, "commondir"))
	if err != nil {
		return gitDir
	}
	p := strings.TrimSpace(string(data))
	if !filepath.IsAbs(p) {
		p = filepath.Join(gitDir, p)
	}
	return p
}
