package host

import (
	"context"

	"panto/runtime"
	"panto/tui/render"
)

// Block is one transcript block (a tool call, a thinking or assistant
// text block, a user message). It shows its native default component
// until an event handler sets a Lua component on it.
type Block struct {
	h   *Host
	gen int // the state the Lua component belongs to
	// Kind is "tool", "thinking", "assistant_text" or "user_message".
	Kind string
	// native renders the default content chunks at a width.
	native func(width int) []string
	comp   runtime.Value // the Lua component table, or nil
	handle *handleObj    // the handle of comp
	// nativeUD is the opaque passthrough get_component returns.
	nativeUD runtime.Value
	pinned   bool
	version  uint64
}

// handleObj is what set_component returns.
type handleObj struct {
	b    *Block
	comp runtime.Value
}

func (h *Host) newBlock(kind string, native func(width int) []string) *Block {
	return &Block{h: h, gen: h.gen, Kind: kind, native: native}
}

// live reports whether the block's Lua component belongs to the current
// state: a rebuild kills every component of the old one.
func (b *Block) live() bool {
	return b.h.vm != nil && b.gen == b.h.gen
}

// Custom reports whether a live Lua component replaces the default.
func (b *Block) Custom() bool { return b.live() && !b.comp.IsNil() }

// Pinned reports whether the component asked to stay at the live
// transcript tail (set_pinned(true)).
func (b *Block) Pinned() bool { return b.Custom() && b.pinned }

// Version changes whenever the block must be repainted: a component was
// set or restored, or its handle's invalidate() was called. A
// differential repaint may skip a block whose version did not change.
func (b *Block) Version() uint64 { return b.version }

func (b *Block) touch() { b.version++ }

// Touch marks the block for repaint: what its native component shows
// changed (a terminal UI's markdown grew, a thinking block collapsed).
func (b *Block) Touch() { b.touch() }

// SetNative replaces the block's native (default) component: a terminal
// UI renders assistant text as markdown and thinking collapsed, and an
// extension's get_component() then wraps that rendering, as the spec's
// skill-badge example wraps a tool's default.
func (b *Block) SetNative(render func(width int) []string) {
	b.native = render
	b.touch()
}

// Render returns the block's rows at width: exactly width columns each,
// ending in a reset. A failing Lua component costs one dim diagnostic row,
// never the screen.
func (b *Block) Render(ctx context.Context, width int) []string {
	if width < 1 {
		return nil
	}
	if !b.Custom() {
		return render.Rows(b.native(width), width)
	}
	chunks, err := b.renderLua(ctx, width)
	if err != nil {
		b.h.report(problemAt(StageRender, "", b.Kind+" component", firstLine(err.Error())))
		return []string{render.Diagnostic("component render failed: "+firstLine(err.Error()), width)}
	}
	return render.Rows(chunks, width)
}

// renderLua calls comp:render(width) synchronously and converts what it
// returns: a string, or an array whose entries are strings or numbers.
func (b *Block) renderLua(ctx context.Context, width int) ([]string, error) {
	v := b.h.vm
	var chunks []string
	call := runtime.NewFunction("render", func(L *runtime.State) int {
		fn := L.Index(b.comp, runtime.String("render"))
		res := L.Call1(fn, b.comp, runtime.Int(int64(width)))
		chunks = toChunks(L, res)
		return 0
	})
	_, err := v.loop.CallSync(ctx, call)
	return chunks, err
}

// toChunks converts a render result as lua_tolstring would.
func toChunks(L *runtime.State, res runtime.Value) []string {
	switch {
	case res.IsString():
		return []string{res.AsString()}
	case res.IsNumber():
		return []string{L.ToString(res)}
	case res.Type() != runtime.TypeTable:
		L.Errorf("render must return a string or an array of chunks, got %s", res.TypeName())
	}
	t := res.AsTable()
	n := t.Len()
	chunks := make([]string, 0, n)
	for i := int64(1); i <= n; i++ {
		c := t.GetInt(i)
		if !c.IsString() && !c.IsNumber() {
			L.Errorf("render returned %s at index %d; chunks must be strings or numbers", describe(c), i)
		}
		chunks = append(chunks, L.ToString(c))
	}
	return chunks
}

// HandleInput gives raw input bytes to the Lua component's optional
// handleInput(self, data). It reports whether the component has one.
func (b *Block) HandleInput(ctx context.Context, data string) (bool, error) {
	if !b.Custom() {
		return false, nil
	}
	handled := false
	call := runtime.NewFunction("handleInput", func(L *runtime.State) int {
		fn := L.Index(b.comp, runtime.String("handleInput"))
		if fn.IsNil() {
			return 0
		}
		handled = true
		L.Call(fn, b.comp, runtime.String(data))
		return 0
	})
	_, err := b.h.vm.loop.CallSync(ctx, call)
	return handled, err
}
