package host

import (
	"panto/runtime"
	"panto/tui/render"
)

// The Lua side of components: event:get_component(),
// event:set_component(x), the handles set_component returns, and the
// opaque native component. The Go side (Block) is component.go.

func (v *vm) luaGetComponent(L *runtime.State) int {
	ev := checkEvent(L, 1)
	b := ev.block
	switch {
	case b == nil:
		L.Push(runtime.Nil)
	case b.Custom():
		L.Push(b.comp)
	default:
		L.Push(v.nativeComponent(b))
	}
	return 1
}

func (v *vm) luaSetComponent(L *runtime.State) int {
	ev := checkEvent(L, 1)
	b := ev.block
	if b == nil {
		L.Errorf("set_component: event '%s' has no component", ev.name)
	}
	x := L.Arg(2)
	switch {
	case x.IsNil() || (x.AsUserdata() != nil && x.AsUserdata() == b.nativeUD.AsUserdata()):
		// Back to the default.
		b.comp, b.handle, b.pinned = runtime.Nil, nil, false
		b.touch()
		L.Push(runtime.Nil)
		return 1
	case x.Type() != runtime.TypeTable:
		L.Errorf("set_component: a component is a table with a render method, got %s", x.TypeName())
	}
	if fn := L.Index(x, runtime.String("render")); !fn.IsFunction() {
		L.Errorf("set_component: the component has no render method")
	}
	v.anchor(x)
	b.comp, b.pinned, b.gen = x, false, v.gen
	b.handle = &handleObj{b: b, comp: x}
	b.touch()
	L.Push(runtime.UserdataValue(runtime.NewUserdata(b.handle, v.metas.handle)))
	return 1
}

// nativeComponent returns the block's opaque default component.
func (v *vm) nativeComponent(b *Block) runtime.Value {
	if b.nativeUD.IsNil() || b.gen != v.gen {
		b.nativeUD = v.anchor(runtime.UserdataValue(runtime.NewUserdata(b, v.metas.native)))
	}
	return b.nativeUD
}

// nativeRender is native:render(width): the default's lines at that
// width, as a fresh table the caller may change.
func (v *vm) nativeRender(L *runtime.State) int {
	ud := L.Arg(1).AsUserdata()
	b, ok := udValue[*Block](ud)
	if !ok {
		typeError(L, "render", 1, "panto.native_component")
	}
	width := checkWidth(L, "render", 2)
	lines := render.Lines(b.native(width), width)
	t := runtime.NewTable(len(lines), 0)
	for i, l := range lines {
		t.SetInt(int64(i+1), runtime.String(l))
	}
	L.Push(runtime.TableValue(t))
	return 1
}

func checkHandle(L *runtime.State) *handleObj {
	hd, ok := udValue[*handleObj](L.Arg(1).AsUserdata())
	if !ok {
		typeError(L, "handle method", 1, "panto.component_handle")
	}
	return hd
}

// alive is true while the component is the one its block shows, in the
// state that set it.
func (hd *handleObj) alive() bool {
	return hd.b.live() && hd.b.handle == hd
}

func (v *vm) handleAlive(L *runtime.State) int {
	L.Push(runtime.Bool(checkHandle(L).alive()))
	return 1
}

func (v *vm) handleInvalidate(L *runtime.State) int {
	if hd := checkHandle(L); hd.alive() {
		hd.b.touch()
	}
	return 0
}

func (v *vm) handleSetPinned(L *runtime.State) int {
	hd := checkHandle(L)
	if L.Arg(2).Type() != runtime.TypeBoolean {
		typeError(L, "set_pinned", 2, "boolean")
	}
	if hd.alive() {
		hd.b.pinned = L.Arg(2).Truthy()
		hd.b.touch()
	}
	return 0
}
