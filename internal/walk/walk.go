// Package walk lists a tree the way ripgrep does: ignore files honoured
// (.gitignore inside a git repository, with .git/info/exclude and the
// global excludes file, and .ignore everywhere), hidden names and
// version-control folders skipped unless asked, symbolic links to
// folders followed only when asked and then without looping. Folders are
// read in parallel; the result is in a stable order all the same: depth
// first, each folder's entries by name, a folder's contents right after
// it.
package walk

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"panto/internal/ignore"
)

// Kind is what an entry is, links resolved.
type Kind uint8

const (
	File Kind = iota
	Dir
	Other // fifo, socket, device
)

func (k Kind) String() string {
	switch k {
	case File:
		return "file"
	case Dir:
		return "directory"
	}
	return "other"
}

// Entry is one path found.
type Entry struct {
	Rel  string // relative to the root, "/"-separated
	Kind Kind
	Link bool // reached through a symbolic link
}

// Options say what to skip and how far to go.
type Options struct {
	Hidden   bool // include names starting with "."
	NoIgnore bool // read no ignore file at all
	VCS      bool // enter .git, .hg and .svn
	Follow   bool // follow symbolic links to folders
	MaxDepth int  // 0: no limit; 1: the root's entries only
	// MaxEntries stops the walk once this many entries were found (0: no
	// limit). Which ones are kept then depends on timing; the flag
	// Stats.Stopped says so.
	MaxEntries int
	// Filter, when set, decides which entries are reported (folders are
	// entered either way).
	Filter func(rel, name string, kind Kind) bool
	// Visit, when set, receives the reported entries of each folder as
	// soon as the folder is read (one call per folder, not per entry, so
	// that work handed on in batches wakes its workers less often), from
	// the walk's goroutines (so possibly at the same time), and Walk
	// returns no entries: for work that can start before the walk ends
	// (search.Stream orders by path itself).
	Visit func([]Entry)
	// Env locates the global excludes file (default: the process's).
	Env     *ignore.Env
	Workers int // folders read at once (default: twice the CPUs)
}

// Stats counts what was left out, and why.
type Stats struct {
	Ignored    int // entries an ignore file excludes (a folder counts once)
	Hidden     int // names starting with "."
	VCS        int // .git, .hg, .svn folders
	LinkDirs   int // links to folders not followed
	LinkLoops  int // links to folders that lead back into their own path
	Broken     int // links whose target is missing
	Unreadable int // folders that could not be read
	Stopped    bool
	// IgnoreFiles are the ignore files read, in the order they were found.
	IgnoreFiles []string
}

var vcsDirs = map[string]bool{".git": true, ".hg": true, ".svn": true}

type walker struct {
	ctx   context.Context
	opts  Options
	root  string
	repo  bool // the root lies inside a git repository
	sem   chan struct{}
	found atomic.Int64
	mu    sync.Mutex
	stats Stats
}

// Walk lists the tree below root (a folder), which is not itself
// reported.
func Walk(ctx context.Context, root string, opts Options) ([]Entry, Stats, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, Stats{}, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, Stats{}, err
	}
	if !fi.IsDir() {
		return nil, Stats{}, errors.New(root + " is not a folder")
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = 2 * runtime.GOMAXPROCS(0)
	}
	w := &walker{ctx: ctx, opts: opts, root: filepath.ToSlash(abs), sem: make(chan struct{}, workers)}
	var st *stack
	if !opts.NoIgnore {
		st = w.rootStack(abs)
	}
	var anc *ancestor
	if opts.Follow {
		anc = &ancestor{id: fileID(fi)}
	}
	out := w.dir(abs, "", 1, st, anc)
	if err := ctx.Err(); err != nil {
		return nil, w.stats, err
	}
	return out, w.stats, nil
}

func (w *walker) count(f func(s *Stats)) {
	w.mu.Lock()
	f(&w.stats)
	w.mu.Unlock()
}

// ancestor is the chain of folders (by device and inode) from the root
// to the current one, for loop detection when links are followed.
type ancestor struct {
	id     any
	parent *ancestor
}

func (a *ancestor) has(id any) bool {
	for ; a != nil; a = a.parent {
		if a.id == id {
			return true
		}
	}
	return false
}

// dir lists one folder and, recursively, its subfolders.
func (w *walker) dir(abs, rel string, depth int, st *stack, anc *ancestor) []Entry {
	if w.ctx.Err() != nil || w.stopped() {
		return nil
	}
	f, err := os.Open(abs)
	if err != nil {
		w.count(func(s *Stats) { s.Unreadable++ })
		return nil
	}
	dirents, err := f.ReadDir(-1)
	f.Close()
	if err != nil && len(dirents) == 0 {
		w.count(func(s *Stats) { s.Unreadable++ })
		return nil
	}
	sort.Slice(dirents, func(i, j int) bool { return dirents[i].Name() < dirents[j].Name() })
	if !w.opts.NoIgnore {
		st = w.push(st, abs, dirents)
	}

	// Twice the entries: each may add itself and its subtree, and the
	// slots must never move (goroutines fill them in place).
	segments := make([][]Entry, 0, 2*len(dirents))
	var wg sync.WaitGroup
	var visit []Entry
	flush := func() {
		if len(visit) > 0 {
			w.opts.Visit(visit)
			visit = nil
		}
	}
	defer flush()
	for _, d := range dirents {
		name := d.Name()
		if name == "." || name == ".." {
			continue
		}
		cabs := abs + string(filepath.Separator) + name
		crel := name
		if rel != "" {
			crel = rel + "/" + name
		}
		kind, link, id, ok := w.kindOf(cabs, d)
		if !ok {
			continue
		}
		if kind == Dir && vcsDirs[name] && !w.opts.VCS {
			w.count(func(s *Stats) { s.VCS++ })
			continue
		}
		if name[0] == '.' && !w.opts.Hidden {
			w.count(func(s *Stats) { s.Hidden++ })
			continue
		}
		if st != nil && st.ignored(filepath.ToSlash(cabs), kind == Dir) {
			w.count(func(s *Stats) { s.Ignored++ })
			continue
		}
		if link && kind == Dir {
			if !w.opts.Follow {
				w.count(func(s *Stats) { s.LinkDirs++ })
				continue
			}
			if anc.has(id) {
				w.count(func(s *Stats) { s.LinkLoops++ })
				continue
			}
		}
		e := Entry{Rel: crel, Kind: kind, Link: link}
		if w.opts.Filter == nil || w.opts.Filter(crel, name, kind) {
			if w.opts.MaxEntries > 0 && w.found.Add(1) > int64(w.opts.MaxEntries) {
				w.count(func(s *Stats) { s.Stopped = true })
				break
			}
			if w.opts.Visit != nil {
				visit = append(visit, e)
			} else {
				segments = append(segments, []Entry{e})
			}
		}
		if kind != Dir || (w.opts.MaxDepth > 0 && depth >= w.opts.MaxDepth) {
			continue
		}
		var canc *ancestor
		if w.opts.Follow {
			canc = &ancestor{id: id, parent: anc}
		}
		flush() // hand on what is found before going down
		segments = append(segments, nil)
		slot := &segments[len(segments)-1]
		select {
		case w.sem <- struct{}{}:
			wg.Add(1)
			go func() {
				defer wg.Done()
				*slot = w.dir(cabs, crel, depth+1, st, canc)
				<-w.sem
			}()
		default:
			*slot = w.dir(cabs, crel, depth+1, st, canc)
		}
	}
	wg.Wait()
	n := 0
	for _, s := range segments {
		n += len(s)
	}
	out := make([]Entry, 0, n)
	for _, s := range segments {
		out = append(out, s...)
	}
	return out
}

func (w *walker) stopped() bool {
	return w.opts.MaxEntries > 0 && w.found.Load() > int64(w.opts.MaxEntries)
}

// kindOf resolves an entry's kind, following a link. ok is false for a
// broken link (counted).
func (w *walker) kindOf(abs string, d os.DirEntry) (kind Kind, link bool, id any, ok bool) {
	t := d.Type()
	switch {
	case t.IsDir():
		if w.opts.Follow {
			if fi, err := d.Info(); err == nil {
				id = fileID(fi)
			}
		}
		return Dir, false, id, true
	case t.IsRegular():
		return File, false, nil, true
	case t&os.ModeSymlink != 0:
		fi, err := os.Stat(abs)
		if err != nil {
			w.count(func(s *Stats) { s.Broken++ })
			return 0, true, nil, false
		}
		switch {
		case fi.IsDir():
			return Dir, true, fileID(fi), true
		case fi.Mode().IsRegular():
			return File, true, nil, true
		}
		return Other, true, nil, true
	}
	return Other, false, nil, true
}

// SplitRel is a helper for callers: the name of a relative path.
func SplitRel(rel string) string {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[i+1:]
	}
	return rel
}
