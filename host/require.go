package host

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"panto/diag"

	"panto/extension/discover"
	"panto/runtime"
)

// installRequire wraps the global require with the per-extension module
// searcher. After package.loaded (the standard libraries, panto, luv), a
// name is looked up among the modules of the extension whose code calls
// require; only then does the standard search (package.preload,
// package.path, the rocks tree) run. The module values are cached per
// extension rather than in package.loaded: two extensions that each ship
// a util.lua must each get their own, which one shared package.loaded
// cannot give.
func (v *vm) installRequire() {
	L := v.L
	std := L.GetGlobal("require")
	L.SetGlobal("require", runtime.NewFunction("require", func(L *runtime.State) int {
		name := L.CheckString(1)
		if got := L.Loaded().GetStr(name); got.Truthy() {
			L.Push(got)
			return 1
		}
		es := v.callerEntry(L)
		if es != nil {
			if m, ok := es.modules[name]; ok {
				return v.requireOwn(L, es, name, m)
			}
		}
		if name == StdModule {
			return v.requireStd(L)
		}
		res, err := L.PCall(std, runtime.String(name))
		if err != nil {
			msg := err.Error()
			if es != nil && strings.HasPrefix(msg, "module '"+name+"' not found:") {
				L.Errorf("%s", v.notFound(es, name))
			}
			if le, ok := err.(*runtime.Error); ok {
				L.Error(le.Value)
			}
			L.Errorf("%s", msg)
		}
		L.Push(res...)
		return len(res)
	}))
}

// StdModule is the module name under which the base layer's shared tool
// library (stdext's tools/_std.lua: install_renderer, declare, fail,
// preview and the fs, path, text and glob helpers) is published to every
// extension, so authors need not copy it.
const StdModule = "panto.std"

// requireStd loads the base layer's _std helper as panto.std, once per
// state, into package.loaded (it is shared like the standard libraries:
// its renderer registry is the base tools' own).
func (v *vm) requireStd(L *runtime.State) int {
	for _, l := range v.h.setup.Layers {
		if l.Name != discover.Base {
			continue
		}
		for _, e := range l.Entries {
			for _, m := range e.Modules {
				if m.Name != "_std" {
					continue
				}
				es := v.libraryState(e)
				L.Call(runtime.NewFunction("require", func(L *runtime.State) int {
					return v.requireOwn(L, es, "_std", m)
				}))
				got := es.loaded.GetStr("_std")
				L.Loaded().SetStr(StdModule, got)
				L.Push(got, runtime.String(m.Source))
				return 2
			}
		}
	}
	L.Errorf("module '%s' not found: it is served by the base layer (panto's standard tools), and this session has none", StdModule)
	return 0
}

// libraryState is an entry state for a library loaded on behalf of every
// extension: it resolves the library's files like the entry they belong
// to, without taking over the entry's chunk names.
func (v *vm) libraryState(e *discover.Entry) *entryState {
	es := &entryState{entry: e, modules: make(map[string]discover.Module, len(e.Modules)), loaded: runtime.NewTable(0, 0)}
	v.anchor(runtime.TableValue(es.loaded))
	for _, m := range e.Modules {
		es.modules[m.Name] = m
	}
	return es
}

// notFound explains a failed require from an extension by the rules that
// apply to it, instead of the standard searchers' list of system paths.
func (v *vm) notFound(es *entryState, name string) string {
	e := es.entry
	var b strings.Builder
	fmt.Fprintf(&b, "module '%s' not found for %s (%s). An extension can require: ", name, describeEntry(e), e.Main.Source)
	var own []string
	for n := range es.modules {
		own = append(own, n)
	}
	sort.Strings(own)
	switch {
	case e.Folder:
		b.WriteString("the .lua files below its folder by path (require(\"util\") for util.lua, require(\"sub.mod\") for sub/mod.lua)")
	default:
		b.WriteString("the underscore helpers beside its file (require(\"_util\") for _util.lua)")
	}
	if len(own) > 0 {
		fmt.Fprintf(&b, ", here %s", strings.Join(own, ", "))
	} else {
		b.WriteString(", here none")
	}
	b.WriteString("; the standard libraries, panto, panto.std and luv")
	if tree := v.h.setup.RocksTree; tree != "" {
		fmt.Fprintf(&b, "; and rocks installed in %s (list them under [extensions] rocks and run `panto extension update`)", v.h.setup.Display(filepath.Join(tree, "share", "lua", "5.4")))
	} else {
		b.WriteString("; rocks need a data home ($HOME or $XDG_DATA_HOME)")
	}
	if s := diag.Suggest(name, own); s != "" {
		fmt.Fprintf(&b, ". Did you mean '%s'?", s)
	}
	return b.String()
}

func describeEntry(e *discover.Entry) string {
	if e.Origin == discover.Rock {
		return "rock '" + e.Name + "'"
	}
	return "extension '" + e.Name + "'"
}

// callerEntry finds the extension whose Lua code is calling: the first
// Lua frame above the running Go function, by its chunk name.
func (v *vm) callerEntry(L *runtime.State) *entryState {
	for level := 1; level < 64; level++ {
		info, ok := L.StackInfo(level)
		if !ok {
			return nil
		}
		if info.What == "C" {
			continue
		}
		return v.bySource[info.Source]
	}
	return nil
}

func (v *vm) requireOwn(L *runtime.State, es *entryState, name string, m discover.Module) int {
	if got := es.loaded.GetStr(name); !got.IsNil() {
		L.Push(got, runtime.String(m.Source))
		return 2
	}
	fn, err := v.loadModule(es.entry, m)
	if err != nil {
		L.Errorf("error loading module '%s' from file '%s':\n\t%s", name, m.Source, err.Error())
	}
	res := L.Call1(fn, runtime.String(name), runtime.String(m.Source))
	if got := es.loaded.GetStr(name); !got.IsNil() { // the module stored itself
		res = got
	}
	if res.IsNil() {
		res = runtime.True
	}
	es.loaded.SetStr(name, res)
	L.Push(res, runtime.String(m.Source))
	return 2
}

// newEntryState registers an entry's files with the searcher.
func (v *vm) newEntryState(e *discover.Entry) *entryState {
	es := &entryState{entry: e, modules: make(map[string]discover.Module, len(e.Modules)), loaded: runtime.NewTable(0, 0)}
	v.anchor(runtime.TableValue(es.loaded))
	for _, m := range e.Modules {
		es.modules[m.Name] = m
		v.bySource[chunkName(m)] = es
	}
	v.bySource[chunkName(e.Main)] = es
	v.entries = append(v.entries, es)
	return es
}

func readFile(e *discover.Entry, m discover.Module) ([]byte, error) {
	data, err := fs.ReadFile(e.FS, m.File)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %v", m.Source, err)
	}
	return data, nil
}
