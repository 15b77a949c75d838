package input

// Handler takes raw input bytes: a focused component, such as a Lua
// component's handleInput(self, data). It reports whether it took them.
type Handler interface {
	HandleInput(data string) bool
}

// Router sends each event to whoever has the input: the app's global keys
// first (so that Ctrl-C always works), then the focused component as raw
// bytes, then the fallback (the editor) as a decoded event.
type Router struct {
	// Global sees every event first; true means it was handled.
	Global func(Event) bool
	focus  Handler
}

// Focus gives the input to h until Blur (or another Focus).
func (r *Router) Focus(h Handler) { r.focus = h }

// Blur takes the input back from the focused component.
func (r *Router) Blur() { r.focus = nil }

// Focused returns the component that has the input, or nil.
func (r *Router) Focused() Handler { return r.focus }

// Dispatch routes one event. A focused component gets ev.Raw, the bytes
// exactly as the terminal sent them (a paste with its brackets); when it
// does not take them, or nothing has focus, fallback gets the event.
func (r *Router) Dispatch(ev Event, fallback func(Event)) {
	if r.Global != nil && r.Global(ev) {
		return
	}
	if r.focus != nil && r.focus.HandleInput(ev.Raw) {
		return
	}
	if fallback != nil {
		fallback(ev)
	}
}
