package host

import (
	"context"

	"panto/diag"
	"panto/extension/discover"
	"panto/runtime"
	"panto/runtime/luajson"
	"panto/runtime/luv"
	"panto/runtime/stdlib"
)

// vm is one Lua state with everything the host keeps about it. A rebuild
// throws the whole vm away, so nothing in it needs resetting.
type vm struct {
	h    *Host
	gen  int
	L    *runtime.State
	loop *luv.Loop
	json *luajson.Codec
	reg  *registry

	// entries are the evaluated sources; bySource finds the entry a chunk
	// belongs to (by chunk name), for the per-extension require.
	entries  []*entryState
	bySource map[string]*entryState

	// anchors keeps Lua values the host holds from Go reachable for the
	// Lua collector (weak tables, finalizers).
	anchors *runtime.Table
	nanchor int64

	metas metatables

	// activating is the entry whose code registers things right now, so
	// registrations can be rolled back if its activation fails.
	activating *entryState
	// inCommand is set while a slash-command handler runs
	// (run_foreground's precondition).
	inCommand bool
	// emitDepth bounds emit called from handlers of emitted events.
	emitDepth int
	// ctx is the context of the host call running Lua right now, for
	// work Lua starts itself (emit): it must stop when its caller's
	// context ends.
	ctx context.Context
	// state is this vm as ModuleFunc extensions see it.
	state *State
	// moduleBuf is what precompiledSource reads module files through.
	moduleBuf []byte
}

// enter records ctx as the running host call's context until the
// returned func is called.
func (v *vm) enter(ctx context.Context) func() {
	prev := v.ctx
	v.ctx = ctx
	return func() { v.ctx = prev }
}

func (v *vm) context() context.Context {
	if v.ctx == nil {
		return context.Background()
	}
	return v.ctx
}

// entryState is one evaluated source.
type entryState struct {
	entry *discover.Entry
	// modules are what require() resolves to the entry's own files.
	modules map[string]discover.Module
	// loaded caches the entry's modules (a Lua table, anchored), so that
	// two extensions with a util.lua each get their own.
	loaded *runtime.Table
	// activated is set once the first of what the source returned
	// starts its activation.
	activated bool
}

func newVM(h *Host) *vm {
	L := runtime.NewState()
	stdlib.OpenAll(L)
	L.SetOutput(h.opts.Stdout, h.opts.Stderr)
	v := &vm{
		h: h, gen: h.gen, L: L, reg: newRegistry(),
		bySource: map[string]*entryState{},
		anchors:  runtime.NewTable(0, 0),
	}
	L.Registry().SetStr("panto.host.anchors", runtime.TableValue(v.anchors))
	v.loop = luv.New(L)
	v.loop.SetBudget(h.opts.Budget)
	v.loop.SetSandbox(h.processSandbox())
	if d := h.opts.CallTimeout; d > 0 {
		v.loop.SetCallTimeout(d, h.timeoutError)
	}
	v.loop.SetErrorHandler(func(err error) {
		h.report(problemAt(StageHandler, "", "", "luv callback: "+firstLine(err.Error())))
	})
	v.json = luajson.For(L)
	v.state = &State{v: v}
	v.metas = newMetatables(v)
	if rp := h.setup.RockPath(); rp != "" {
		pkg := L.Loaded().GetStr("package").AsTable()
		pkg.SetStr("path", runtime.String(rp+";"+pkg.GetStr("path").AsString()))
	}
	if h.opts.Sandbox {
		v.sandbox()
	}
	v.installRequire()
	preload := L.Loaded().GetStr("package").AsTable().GetStr("preload").AsTable()
	preload.SetStr("panto", runtime.NewFunction("luaopen_panto", func(L *runtime.State) int {
		L.Push(v.pantoModule())
		return 1
	}))
	return v
}

// anchor keeps v reachable for as long as the state lives.
func (v *vm) anchor(x runtime.Value) runtime.Value {
	v.nanchor++
	v.anchors.SetInt(v.nanchor, x)
	return x
}

func (v *vm) close() {
	v.loop.Close()
	v.L.Close()
}

// chunkName is the chunk name of a module file, made from its display
// path, so error messages read "extensions/x.lua:3: ...".
func chunkName(m discover.Module) string { return diag.ChunkName(m.Source) }

// loadModule compiles one file of an entry.
func (v *vm) loadModule(e *discover.Entry, m discover.Module) (runtime.Value, error) {
	if v.moduleBuf == nil {
		v.moduleBuf = make([]byte, moduleBuffer)
	}
	if src, ok := precompiledSource(e, m, v.moduleBuf); ok {
		return v.L.Load(src, chunkName(m), "bt")
	}
	data, err := readFile(e, m)
	if err != nil {
		return runtime.Nil, err
	}
	return v.L.Load(runtime.SkipComment(string(data)), chunkName(m), "bt")
}
