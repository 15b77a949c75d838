// Package input decodes the bytes a terminal in raw mode sends into key
// presses and pastes: legacy sequences (C0 controls, ESC-prefixed Alt,
// CSI and SS3 cursor and function keys with xterm modifiers), the kitty
// keyboard protocol's CSI u, xterm's modifyOtherKeys (CSI 27;mod;code~),
// and bracketed paste (ESC[200~ ... ESC[201~, kept whole however large).
//
// Every event carries the exact bytes it was decoded from (Raw), so that a
// focused component's handleInput receives raw input, as the component
// contract says, while the editor works on decoded keys.
//
// Decoder is pure (bytes in, events out) and never waits: a lone ESC, or
// a sequence cut off at the end of a read, stays pending until more bytes
// arrive or the caller calls Flush after EscTimeout. Reader adds that
// timer around an io.Reader.
package input

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// Code names a key: a Unicode code point for keys that have one (letters,
// digits, punctuation, space), or one of the constants below.
type Code rune

// Keys without a code point of their own. They lie above the Unicode
// range so that they can never collide with a character.
const (
	KeyNone Code = 0x110000 + iota
	KeyEnter
	KeyTab
	KeyBackspace
	KeyEscape
	KeyUp
	KeyDown
	KeyRight
	KeyLeft
	KeyHome
	KeyEnd
	KeyPageUp
	KeyPageDown
	KeyInsert
	KeyDelete
	KeyF1
	KeyF2
	KeyF3
	KeyF4
	KeyF5
	KeyF6
	KeyF7
	KeyF8
	KeyF9
	KeyF10
	KeyF11
	KeyF12
)

// KeySpace is the space bar (it has a code point).
const KeySpace Code = ' '

// Mod is a set of modifier keys.
type Mod uint8

// Modifiers, in the bit order of the xterm and kitty encodings (the
// parameter is 1 + the bits).
const (
	ModShift Mod = 1 << iota
	ModAlt
	ModCtrl
	ModSuper
)

// Key is one key press.
type Key struct {
	Code Code
	Mod  Mod
}

var keyNamesOnce struct {
	sync.Once
	v map[Code]string
}

func keyNames() map[Code]string {
	keyNamesOnce.Do(func() {
		keyNamesOnce.v = map[Code]string{
			KeyEnter: "enter", KeyTab: "tab", KeyBackspace: "backspace", KeyEscape: "esc",
			KeyUp: "up", KeyDown: "down", KeyRight: "right", KeyLeft: "left",
			KeyHome: "home", KeyEnd: "end", KeyPageUp: "pgup", KeyPageDown: "pgdown",
			KeyInsert: "insert", KeyDelete: "delete", KeySpace: "space",
			KeyF1: "f1", KeyF2: "f2", KeyF3: "f3", KeyF4: "f4", KeyF5: "f5", KeyF6: "f6",
			KeyF7: "f7", KeyF8: "f8", KeyF9: "f9", KeyF10: "f10", KeyF11: "f11", KeyF12: "f12",
		}
	})
	return keyNamesOnce.v
}

// String names the key the way key bindings are written: modifiers in the
// order ctrl, alt, shift, super, then the key ("ctrl+w", "alt+enter",
// "shift+tab", "a", "A").
func (k Key) String() string {
	var b strings.Builder
	for _, m := range []struct {
		m    Mod
		name string
	}{{ModCtrl, "ctrl+"}, {ModAlt, "alt+"}, {ModShift, "shift+"}, {ModSuper, "super+"}} {
		if k.Mod&m.m != 0 {
			b.WriteString(m.name)
		}
	}
	if name, ok := keyNames()[k.Code]; ok {
		b.WriteString(name)
	} else if k.Code >= 0 && k.Code <= utf8.MaxRune {
		b.WriteRune(rune(k.Code))
	} else {
		b.WriteString("unknown")
	}
	return b.String()
}

// Kind is what an event is.
type Kind uint8

const (
	// KindKey is a key press.
	KindKey Kind = iota
	// KindPaste is a bracketed paste.
	KindPaste
	// KindOther is a sequence that is not input from the keyboard (a
	// reply to a query, a mouse or focus report): consumed, not acted on.
	KindOther
)

// Event is one decoded input event.
type Event struct {
	Kind Kind
	Key  Key
	// Text is what a key types (for a key without Ctrl or Alt that has a
	// character), or the pasted text with line breaks as "\n".
	Text string
	// Raw is the exact bytes the event was decoded from.
	Raw string
}

// Is reports whether the event is the key a binding names ("ctrl+c").
func (e Event) Is(binding string) bool {
	return e.Kind == KindKey && e.Key.String() == binding
}
