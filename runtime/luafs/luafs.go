// Package luafs is panto.fs: the tree walker (internal/walk) and the
// line search (internal/search) for Lua. Both run on goroutines while the
// calling coroutine waits, so a search of a large tree neither blocks
// the event loop nor runs Lua for every file; Lua gets plain tables back
// and decides what to show.
package luafs

import (
	"context"
	"fmt"
	"path/filepath"

	"panto/internal/walk"
	"panto/runtime"
)

// Async is what the module needs from the event loop (luv.Loop): a way
// to wait for Go work without blocking, and the context of the running
// call.
type Async interface {
	Await(L *runtime.State, work func() (func() []runtime.Value, error)) int
	Context() context.Context
}

// Module builds the panto.fs table.
func Module(loop Async) *runtime.Table {
	t := runtime.NewTable(0, 2)
	t.SetStr("walk", runtime.NewFunction("walk", func(L *runtime.State) int { return luaWalk(L, loop) }))
	t.SetStr("search", runtime.NewFunction("search", func(L *runtime.State) int { return luaSearch(L, loop) }))
	return t
}

// opts reads the option table of fn, refusing unknown fields so that a
// misspelt option is an error rather than silently ignored.
type opts struct {
	L     *runtime.State
	fn    string
	t     *runtime.Table
	known map[string]bool
}

func readOpts(L *runtime.State, fn string, known ...string) *opts {
	o := &opts{L: L, fn: fn, t: L.CheckTable(1), known: map[string]bool{}}
	for _, k := range known {
		o.known[k] = true
	}
	for k, _, ok := o.t.Next(runtime.Nil); ok && !k.IsNil(); k, _, ok = o.t.Next(k) {
		if !k.IsString() || !o.known[k.AsString()] {
			L.Errorf("panto.fs.%s: unknown option %s", fn, L.ToString(k))
		}
	}
	return o
}

func (o *opts) str(k string, required bool) string {
	v := o.t.GetStr(k)
	switch {
	case v.IsString():
		return v.AsString()
	case v.IsNil() && !required:
		return ""
	}
	o.L.Errorf("panto.fs.%s: '%s' must be a string, got %s", o.fn, k, v.TypeName())
	return ""
}

func (o *opts) boolean(k string) bool {
	v := o.t.GetStr(k)
	if v.IsNil() {
		return false
	}
	if v.Type() != runtime.TypeBoolean {
		o.L.Errorf("panto.fs.%s: '%s' must be a boolean, got %s", o.fn, k, v.TypeName())
	}
	return v.AsBool()
}

func (o *opts) integer(k string, def int64) int64 {
	v := o.t.GetStr(k)
	if v.IsNil() {
		return def
	}
	if !v.IsInt() || v.AsInt() < 0 {
		if v.IsNumber() && v.AsFloat() == float64(int64(v.AsFloat())) && v.AsFloat() >= 0 {
			return int64(v.AsFloat())
		}
		o.L.Errorf("panto.fs.%s: '%s' must be a non-negative integer", o.fn, k)
	}
	return v.AsInt()
}

// walkOptions reads the options walk and search share.
func (o *opts) walkOptions() (root string, w walk.Options, glob *walk.Glob) {
	root = o.str("path", true)
	if !filepath.IsAbs(root) {
		if abs, err := filepath.Abs(root); err == nil {
			root = abs
		}
	}
	w = walk.Options{
		Hidden:   o.boolean("hidden"),
		NoIgnore: o.boolean("no_ignore"),
		Follow:   o.boolean("follow"),
		VCS:      o.boolean("vcs"),
		MaxDepth: int(o.integer("max_depth", 0)),
	}
	if g := o.str("glob", false); g != "" {
		var err error
		glob, err = walk.CompileGlob(g)
		if err != nil {
			o.L.Errorf("panto.fs.%s: %s", o.fn, err.Error())
		}
	}
	return root, w, glob
}

var walkKeys = []string{"path", "hidden", "no_ignore", "follow", "vcs", "max_depth", "glob"}

func skipped(st walk.Stats) *runtime.Table {
	t := runtime.NewTable(0, 8)
	for k, n := range map[string]int{
		"ignored": st.Ignored, "hidden": st.Hidden, "vcs": st.VCS, "link_dirs": st.LinkDirs,
		"link_loops": st.LinkLoops, "broken": st.Broken, "unreadable": st.Unreadable,
	} {
		t.SetStr(k, runtime.Int(int64(n)))
	}
	return t
}

func luaWalk(L *runtime.State, loop Async) int {
	o := readOpts(L, "walk", append(walkKeys, "type", "limit", "max_entries")...)
	root, w, glob := o.walkOptions()
	kind := o.str("type", false)
	if kind != "" && kind != "file" && kind != "directory" {
		L.Errorf(`panto.fs.walk: 'type' must be "file" or "directory", got %q`, kind)
	}
	limit := int(o.integer("limit", 0))
	w.MaxEntries = int(o.integer("max_entries", 0))
	if glob != nil || kind != "" {
		w.Filter = func(rel, name string, k walk.Kind) bool {
			if kind != "" && k.String() != kind {
				return false
			}
			return glob == nil || glob.Match(rel, name)
		}
	}
	ctx := loop.Context()
	return loop.Await(L, func() (func() []runtime.Value, error) {
		entries, st, err := walk.Walk(ctx, root, w)
		if err != nil {
			return nil, fmt.Errorf("panto.fs.walk: %w", err)
		}
		return func() []runtime.Value {
			n := len(entries)
			if limit > 0 && n > limit {
				n = limit
			}
			list := runtime.NewTable(n, 0)
			for i, e := range entries[:n] {
				et := runtime.NewTable(0, 3)
				et.SetStr("path", runtime.String(e.Rel))
				et.SetStr("type", runtime.String(e.Kind.String()))
				if e.Link {
					et.SetStr("link", runtime.True)
				}
				list.SetInt(int64(i+1), runtime.TableValue(et))
			}
			res := runtime.NewTable(0, 4)
			res.SetStr("entries", runtime.TableValue(list))
			res.SetStr("total", runtime.Int(int64(len(entries))))
			res.SetStr("skipped", runtime.TableValue(skipped(st)))
			res.SetStr("stopped", runtime.Bool(st.Stopped))
			return []runtime.Value{runtime.TableValue(res)}
		}, nil
	})
}
