package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// treeWatcher watches a folder and everything below it. fsnotify watches
// one folder at a time (inotify is not recursive), so every subfolder is
// added at start and each new one as it appears; a folder created with
// files already inside is caught by the Create of the folder itself,
// since the reload that follows rescans the disk.
type treeWatcher struct {
	fw      *fsnotify.Watcher
	skip    func(path string) bool // true for paths that must not cause a reload
	out     chan<- change
	onError func(error)
	// seen holds the real paths of watched folders, so a symlink cycle
	// (discovery follows symlinks, so we do too) ends instead of looping.
	seen map[string]bool
	// root is the watched folder's real path, and parent the folder that
	// holds it, also watched: deleting the folder drops its own watch, and
	// only the parent sees it created again (rm -rf ext && git checkout).
	root, parent string
}

// watchTree starts watching root. Changes go to out until ctx ends;
// errors that do not stop the watch (a folder that vanished while being
// added, a lost-events overflow) go to onError.
func watchTree(ctx context.Context, root string, skip func(string) bool, out chan<- change, onError func(error)) error {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	t := &treeWatcher{fw: fw, skip: skip, out: out, onError: onError, seen: map[string]bool{}}
	if err := t.addTree(root, true); err != nil {
		fw.Close()
		return err
	}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		t.root, t.parent = real, filepath.Dir(real)
		if t.parent != real {
			if err := fw.Add(t.parent); err != nil {
				onError(err) // the watch works, but will not see the folder come back
			}
		}
	}
	go func() {
		defer fw.Close()
		t.run(ctx)
	}()
	return nil
}

// addTree watches dir and its subfolders, hidden ones (.git) excepted:
// discovery skips them, and a .git folder alone can hold thousands. The
// walk runs over the real path, since WalkDir does not enter a symlink,
// so events name real paths.
func (t *treeWatcher) addTree(dir string, isRoot bool) error {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	return filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if isRoot && p == real {
				return err
			}
			t.onError(err)
			return nil
		}
		if p != real && hiddenName(d.Name()) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(p); err == nil && fi.IsDir() {
				return t.addTree(p, false)
			}
			return nil
		}
		if !d.IsDir() {
			return nil
		}
		if t.seen[p] {
			return filepath.SkipDir
		}
		t.seen[p] = true
		if err := t.fw.Add(p); err != nil {
			if isRoot && p == real {
				return err
			}
			t.onError(err)
		}
		return nil
	})
}

// forget drops a removed folder and everything below it from seen, so
// that it is watched again if it comes back (a rename dance, a git
// checkout); inotify has already dropped the watches themselves.
func (t *treeWatcher) forget(dir string) {
	for p := range t.seen {
		if p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) {
			delete(t.seen, p)
		}
	}
}

func (t *treeWatcher) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-t.fw.Events:
			if !ok {
				return
			}
			t.event(ctx, ev)
		case err, ok := <-t.fw.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Events were lost: which files changed is unknown, so
				// reload anyway rather than miss a save.
				t.send(ctx, change{at: time.Now()})
				continue
			}
			t.onError(err)
		}
	}
}

func (t *treeWatcher) event(ctx context.Context, ev fsnotify.Event) {
	// Chmod alone changes no content (and inotify sends one for every
	// unlink, followed by the Remove that matters).
	if ev.Op == fsnotify.Chmod || t.skip(ev.Name) {
		return
	}
	// The parent is watched only for the watched folder itself.
	if t.parent != "" && filepath.Dir(ev.Name) == t.parent && ev.Name != t.root {
		return
	}
	if ev.Has(fsnotify.Create) {
		if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
			if err := t.addTree(ev.Name, false); err != nil && !errors.Is(err, fs.ErrNotExist) {
				t.onError(err)
			}
		}
	}
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		t.forget(ev.Name)
	}
	t.send(ctx, change{path: ev.Name, at: time.Now(), created: ev.Has(fsnotify.Create)})
}

func (t *treeWatcher) send(ctx context.Context, c change) {
	select {
	case t.out <- c:
	case <-ctx.Done():
	}
}

// hiddenName is true for names discovery skips (dotfiles, .git) and for
// the scratch files editors write beside the real one during a save: vim's
// swap files and its "4913" write probe, backup files ending in ~, Emacs
// lock (.#x) and autosave (#x#) files, JetBrains' safe-write temporaries.
// None of them can change what is loaded, so none should cause a reload.
func hiddenName(name string) bool {
	switch {
	case name == "" || name == "4913":
		return true
	case strings.HasPrefix(name, "."), strings.HasSuffix(name, "~"):
		return true
	case strings.HasPrefix(name, "#") && strings.HasSuffix(name, "#"):
		return true
	case strings.HasSuffix(name, ".swp"), strings.HasSuffix(name, ".swx"), strings.HasSuffix(name, ".swo"):
		return true
	case strings.HasSuffix(name, "___jb_tmp___"), strings.HasSuffix(name, "___jb_old___"):
		return true
	}
	return false
}
