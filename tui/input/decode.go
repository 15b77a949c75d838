package input

import (
	"bytes"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Bracketed paste markers.
const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
)

// Decoder turns input bytes into events. The zero value is ready.
type Decoder struct {
	buf []byte
	// paste holds the body of a bracketed paste until its end marker;
	// inPaste says one is open.
	paste   []byte
	inPaste bool
}

// Feed decodes p (after whatever was pending) and returns the events it
// completes. A sequence cut off at the end stays pending.
func (d *Decoder) Feed(p []byte) []Event {
	if d.inPaste {
		return d.feedPaste(p)
	}
	d.buf = append(d.buf, p...)
	return d.decode(false, nil)
}

// Pending reports whether bytes are waiting for more input: a lone ESC
// (the Escape key, or the start of a sequence), a cut-off sequence or
// character, or an unfinished paste.
func (d *Decoder) Pending() bool { return len(d.buf) > 0 || d.inPaste }

// InPaste reports whether a bracketed paste is open. A paste is never
// cut short by a timeout: it is kept whole until its end marker.
func (d *Decoder) InPaste() bool { return d.inPaste }

// Flush decodes what is pending as if no more bytes were coming: a lone
// ESC is the Escape key, a cut-off sequence its keys. An open paste stays
// open.
func (d *Decoder) Flush() []Event {
	if d.inPaste {
		return nil
	}
	return d.decode(true, nil)
}

func (d *Decoder) decode(final bool, evs []Event) []Event {
	b := d.buf
	for len(b) > 0 {
		if bytes.HasPrefix(b, []byte(pasteStart)) {
			d.buf = d.buf[:0]
			d.inPaste = true
			d.paste = d.paste[:0]
			return append(evs, d.feedPaste(b[len(pasteStart):])...)
		}
		ev, n := decodeOne(b, final)
		if n == 0 {
			break // incomplete
		}
		ev.Raw = string(b[:n])
		evs = append(evs, ev)
		b = b[n:]
	}
	d.buf = append(d.buf[:0], b...)
	return evs
}

// feedPaste collects paste bytes until the end marker.
func (d *Decoder) feedPaste(p []byte) []Event {
	from := max(len(d.paste)-len(pasteEnd)+1, 0) // the marker may straddle two reads
	d.paste = append(d.paste, p...)
	i := bytes.Index(d.paste[from:], []byte(pasteEnd))
	if i < 0 {
		return nil
	}
	i += from
	body := string(d.paste[:i])
	rest := append([]byte(nil), d.paste[i+len(pasteEnd):]...)
	d.inPaste = false
	d.paste = d.paste[:0]
	ev := Event{Kind: KindPaste, Text: normalizeNewlines(body), Raw: pasteStart + body + pasteEnd}
	d.buf = append(d.buf[:0], rest...)
	return d.decode(false, []Event{ev})
}

// normalizeNewlines turns the "\r" terminals send for line breaks in a
// paste into "\n".
func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

func key(c Code, m Mod) Event { return Event{Kind: KindKey, Key: Key{Code: c, Mod: m}} }

func char(r rune) Event {
	return Event{Kind: KindKey, Key: Key{Code: Code(r)}, Text: string(r)}
}

// decodeOne decodes the event at the start of b and returns it with the
// bytes it used, or n = 0 when b holds only the start of one and final is
// false.
func decodeOne(b []byte, final bool) (Event, int) {
	c := b[0]
	switch {
	case c == 0x1b:
		return decodeEscape(b, final)
	case c < 0x20 || c == 0x7f:
		return control(c), 1
	case c < 0x80:
		return char(rune(c)), 1
	}
	if !utf8.FullRune(b) && !final {
		return Event{}, 0
	}
	r, n := utf8.DecodeRune(b)
	return char(r), n
}

// control decodes a C0 control byte or DEL.
func control(c byte) Event {
	switch c {
	case '\r':
		return key(KeyEnter, 0)
	case '\t':
		return key(KeyTab, 0)
	case 0x7f:
		return key(KeyBackspace, 0)
	case 0x00:
		return key(KeySpace, ModCtrl)
	case 0x1b:
		return key(KeyEscape, 0)
	}
	if c <= 0x1a {
		return key(Code('a'+c-1), ModCtrl) // ^A..^Z; ^H and ^J included
	}
	return key(Code("\\]^_"[c-0x1c]), ModCtrl)
}

func decodeEscape(b []byte, final bool) (Event, int) {
	if len(b) == 1 {
		if !final {
			return Event{}, 0
		}
		return key(KeyEscape, 0), 1
	}
	switch c := b[1]; {
	case c == '[':
		return decodeCSI(b, final)
	case c == 'O':
		if len(b) < 3 {
			if !final {
				return Event{}, 0
			}
			return key('O', ModAlt|ModShift), 2
		}
		if k, ok := ss3Keys()[b[2]]; ok {
			return key(k, 0), 3
		}
		return key('O', ModAlt|ModShift), 2
	case c == 0x1b:
		// ESC ESC [ ...: rxvt's Alt with a cursor or function key;
		// otherwise two Escapes.
		if len(b) < 3 && !final {
			return Event{}, 0
		}
		if len(b) >= 3 && (b[2] == '[' || b[2] == 'O') {
			ev, n := decodeEscape(b[1:], final)
			if n == 0 {
				return Event{}, 0
			}
			if ev.Kind == KindKey && n > 2 {
				ev.Key.Mod |= ModAlt
				ev.Text = ""
				return ev, n + 1
			}
		}
		return key(KeyEscape, 0), 1
	case c < 0x20 || c == 0x7f:
		ev := control(c)
		ev.Key.Mod |= ModAlt
		return ev, 2
	case c < 0x80:
		return altChar(rune(c)), 2
	}
	if !utf8.FullRune(b[1:]) && !final {
		return Event{}, 0
	}
	r, n := utf8.DecodeRune(b[1:])
	return altChar(r), n + 1
}

func altChar(r rune) Event {
	if r >= 'A' && r <= 'Z' {
		return key(Code(r+'a'-'A'), ModAlt|ModShift)
	}
	return key(Code(r), ModAlt)
}

var ss3KeysOnce struct {
	sync.Once
	v map[byte]Code
}

func ss3Keys() map[byte]Code {
	ss3KeysOnce.Do(func() {
		ss3KeysOnce.v = map[byte]Code{
			'A': KeyUp, 'B': KeyDown, 'C': KeyRight, 'D': KeyLeft, 'H': KeyHome, 'F': KeyEnd,
			'P': KeyF1, 'Q': KeyF2, 'R': KeyF3, 'S': KeyF4, 'M': KeyEnter,
		}
	})
	return ss3KeysOnce.v
}

var csiLetterKeysOnce struct {
	sync.Once
	v map[byte]Code
}

func csiLetterKeys() map[byte]Code {
	csiLetterKeysOnce.Do(func() {
		csiLetterKeysOnce.v = map[byte]Code{
			'A': KeyUp, 'B': KeyDown, 'C': KeyRight, 'D': KeyLeft, 'H': KeyHome, 'F': KeyEnd,
			'P': KeyF1, 'Q': KeyF2, 'R': KeyF3, 'S': KeyF4, 'E': KeyNone,
		}
	})
	return csiLetterKeysOnce.v
}

var tildeKeysOnce struct {
	sync.Once
	v map[int]Code
}

func tildeKeys() map[int]Code {
	tildeKeysOnce.Do(func() {
		tildeKeysOnce.v = map[int]Code{
			1: KeyHome, 7: KeyHome, 4: KeyEnd, 8: KeyEnd, 2: KeyInsert, 3: KeyDelete,
			5: KeyPageUp, 6: KeyPageDown,
			11: KeyF1, 12: KeyF2, 13: KeyF3, 14: KeyF4, 15: KeyF5, 17: KeyF6, 18: KeyF7,
			19: KeyF8, 20: KeyF9, 21: KeyF10, 23: KeyF11, 24: KeyF12,
		}
	})
	return tildeKeysOnce.v
}

// maxCSI bounds a sequence: longer ones are not input, and waiting for
// their end would swallow what follows.
const maxCSI = 64

// decodeCSI decodes "ESC [ params intermediates final".
func decodeCSI(b []byte, final bool) (Event, int) {
	j := 2
	for j < len(b) && j < maxCSI && b[j] >= 0x30 && b[j] <= 0x3f {
		j++
	}
	p := j
	for j < len(b) && j < maxCSI && b[j] >= 0x20 && b[j] <= 0x2f {
		j++
	}
	if j >= len(b) && j < maxCSI {
		if !final {
			return Event{}, 0
		}
		return key('[', ModAlt), 2
	}
	if j >= maxCSI || b[j] < 0x40 || b[j] > 0x7e {
		return key('[', ModAlt), 2 // not a sequence: Alt+[ and then the bytes as typed
	}
	n := j + 1
	params, fin := string(b[2:p]), b[j]
	if p != j || (params != "" && params[0] >= 0x3c) { // intermediates, or a private marker < = > ?
		return Event{Kind: KindOther}, n
	}
	ps := splitParams(params)
	switch {
	case fin == '~':
		return tilde(ps), n
	case fin == 'u':
		return kitty(ps), n
	case fin == 'Z':
		return key(KeyTab, ModShift|modParam(ps, 1)), n
	case fin == 'I' || fin == 'O': // focus in/out
		return Event{Kind: KindOther}, n
	}
	if k, ok := csiLetterKeys()[fin]; ok && k != KeyNone {
		return key(k, modParam(ps, 1)), n
	}
	return Event{Kind: KindOther}, n
}

// splitParams splits "1;5:3;97" into parameters and their sub-parameters.
func splitParams(s string) [][]int {
	if s == "" {
		return nil
	}
	var ps [][]int
	for _, p := range strings.Split(s, ";") {
		var sub []int
		for _, q := range strings.Split(p, ":") {
			n, err := strconv.Atoi(q)
			if err != nil {
				n = -1 // empty or malformed: absent
			}
			sub = append(sub, n)
		}
		ps = append(ps, sub)
	}
	return ps
}

func param(ps [][]int, i, sub, def int) int {
	if i >= len(ps) || sub >= len(ps[i]) || ps[i][sub] < 0 {
		return def
	}
	return ps[i][sub]
}

// modParam reads an xterm/kitty modifier parameter: 1 + the modifier bits
// (caps and num lock, and hyper and meta, are ignored).
func modParam(ps [][]int, i int) Mod {
	m := param(ps, i, 0, 1) - 1
	if m < 0 {
		return 0
	}
	return Mod(m & 0x0f)
}

func tilde(ps [][]int) Event {
	n := param(ps, 0, 0, -1)
	if n == 27 { // xterm modifyOtherKeys: CSI 27 ; mod ; code ~
		return codeKey(param(ps, 2, 0, -1), modParam(ps, 1), -1)
	}
	if n == 201 { // a paste end without a start
		return Event{Kind: KindOther}
	}
	if k, ok := tildeKeys()[n]; ok {
		return key(k, modParam(ps, 1))
	}
	return Event{Kind: KindOther}
}

// kitty decodes the kitty keyboard protocol's "CSI code[:shifted[:base]]
// [; mods[:event] [; text]] u". Release events are not key presses.
func kitty(ps [][]int) Event {
	if param(ps, 1, 1, 1) == 3 {
		return Event{Kind: KindOther}
	}
	return codeKey(param(ps, 0, 0, -1), modParam(ps, 1), param(ps, 0, 1, -1))
}

// codeKey maps a key code from CSI u or modifyOtherKeys to a key; shifted
// is the character Shift produces, when the terminal says.
func codeKey(code int, m Mod, shifted int) Event {
	switch code {
	case 13, 57414: // Enter, keypad Enter
		return key(KeyEnter, m)
	case 9:
		return key(KeyTab, m)
	case 27:
		return key(KeyEscape, m)
	case 127, 8:
		return key(KeyBackspace, m)
	}
	if k, ok := kittyFunctional()[code]; ok {
		if k >= 0 && k < 0x80 { // keypad characters
			return withText(Code(k), m, -1)
		}
		return key(k, m)
	}
	if code < 0x20 || code > utf8.MaxRune || (code >= 57344 && code <= 63743) {
		return Event{Kind: KindOther}
	}
	return withText(Code(code), m, shifted)
}

// withText is a character key; it types text unless Ctrl, Alt or Super
// is held.
func withText(c Code, m Mod, shifted int) Event {
	if m&ModShift != 0 && m&^ModShift == 0 {
		switch {
		case shifted > 0:
			c, m = Code(shifted), 0
		case c >= 'a' && c <= 'z':
			c, m = c-'a'+'A', 0
		}
	}
	ev := key(c, m)
	if m&^ModShift == 0 {
		ev.Text = string(rune(c))
	}
	return ev
}

var kittyFunctionalOnce struct {
	sync.Once
	v map[int]Code
}

// kittyFunctional maps the kitty protocol's private-use key codes that
// have a meaning here (the keypad) to keys. The tables of this file are
// made on first use, so that package initialisation builds nothing
// (docs/benchmarks.md, "Start-up and memory, sixth pass").
func kittyFunctional() map[int]Code {
	kittyFunctionalOnce.Do(func() {
		kittyFunctionalOnce.v = map[int]Code{
			57399: '0', 57400: '1', 57401: '2', 57402: '3', 57403: '4', 57404: '5',
			57405: '6', 57406: '7', 57407: '8', 57408: '9', 57409: '.', 57410: '/',
			57411: '*', 57412: '-', 57413: '+', 57415: '=',
			57417: KeyLeft, 57418: KeyRight, 57419: KeyUp, 57420: KeyDown,
			57421: KeyPageUp, 57422: KeyPageDown, 57423: KeyHome, 57424: KeyEnd,
			57425: KeyInsert, 57426: KeyDelete,
		}
	})
	return kittyFunctionalOnce.v
}
