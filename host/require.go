package host

import (
	"fmt"
	"io/fs"

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
		if es := v.callerEntry(L); es != nil {
			if m, ok := es.modules[name]; ok {
				return v.requireOwn(L, es, name, m)
			}
		}
		res := L.Call(std, runtime.String(name))
		L.Push(res...)
		return len(res)
	}))
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
