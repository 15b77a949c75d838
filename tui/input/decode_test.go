package input

import (
	"strings"
	"testing"
)

// names decodes in and describes the events: key names, or paste:<text>.
func names(evs []Event) string {
	var out []string
	for _, ev := range evs {
		switch ev.Kind {
		case KindKey:
			out = append(out, ev.Key.String())
		case KindPaste:
			out = append(out, "paste:"+ev.Text)
		default:
			out = append(out, "other")
		}
	}
	return strings.Join(out, " ")
}

func decodeAll(in string) []Event {
	var d Decoder
	evs := d.Feed([]byte(in))
	return append(evs, d.Flush()...)
}

func TestDecodeKeys(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"text", "hé世", "h é 世"},
		{"enter", "\r", "enter"},
		{"ctrl-j", "\n", "ctrl+j"},
		{"tab and shift-tab", "\t\x1b[Z", "tab shift+tab"},
		{"backspace", "\x7f", "backspace"},
		{"ctrl-h", "\x08", "ctrl+h"},
		{"ctrl letters", "\x01\x05\x0b\x15\x17\x1a", "ctrl+a ctrl+e ctrl+k ctrl+u ctrl+w ctrl+z"},
		{"ctrl-underscore", "\x1f", "ctrl+_"},
		{"ctrl-space", "\x00", "ctrl+space"},
		{"arrows", "\x1b[A\x1b[B\x1b[C\x1b[D", "up down right left"},
		{"ss3 arrows", "\x1bOA\x1bOD", "up left"},
		{"modified arrows", "\x1b[1;5C\x1b[1;3D\x1b[1;2A", "ctrl+right alt+left shift+up"},
		{"home end", "\x1b[H\x1b[F\x1b[1~\x1b[4~\x1b[7~\x1b[8~\x1bOH", "home end home end home end home"},
		{"pages insert delete", "\x1b[5~\x1b[6~\x1b[2~\x1b[3~\x1b[3;5~", "pgup pgdown insert delete ctrl+delete"},
		{"function keys", "\x1bOP\x1b[15~\x1b[24~\x1b[1;2P", "f1 f5 f12 shift+f1"},
		{"alt letters", "\x1bb\x1bf\x1bB", "alt+b alt+f alt+shift+b"},
		{"alt backspace", "\x1b\x7f", "alt+backspace"},
		{"alt enter", "\x1b\r", "alt+enter"},
		{"alt ctrl", "\x1b\x01", "ctrl+alt+a"},
		{"alt utf8", "\x1bé", "alt+é"},
		{"lone esc", "\x1b", "esc"},
		{"two escs", "\x1b\x1b", "esc esc"},
		{"rxvt alt arrow", "\x1b\x1b[A", "alt+up"},
		{"kitty shift enter", "\x1b[13;2u", "shift+enter"},
		{"kitty alt enter", "\x1b[13;3u", "alt+enter"},
		{"kitty ctrl letter", "\x1b[97;5u", "ctrl+a"},
		{"kitty esc", "\x1b[27u", "esc"},
		{"kitty ctrl backspace", "\x1b[127;5u", "ctrl+backspace"},
		{"kitty shifted letter", "\x1b[97;2u", "A"},
		{"kitty shifted alternate", "\x1b[49:33;2u", "!"},
		{"kitty release ignored", "\x1b[97;1:3u", "other"},
		{"kitty keypad enter", "\x1b[57414u", "enter"},
		{"kitty caps lock ignored", "\x1b[97;65u", "a"},
		{"modifyOtherKeys shift enter", "\x1b[27;2;13~", "shift+enter"},
		{"modifyOtherKeys ctrl letter", "\x1b[27;5;119~", "ctrl+w"},
		{"modifyOtherKeys alt enter", "\x1b[27;3;13~", "alt+enter"},
		{"focus and replies", "\x1b[I\x1b[?1u\x1b[<0;1;1M", "other other other"},
		{"cut-off csi after timeout", "\x1b[1;", "alt+[ 1 ;"},
		{"not a sequence", "\x1b[\x01", "alt+[ ctrl+a"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := names(decodeAll(c.in)); got != c.want {
				t.Errorf("%q decoded as %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestTextOnlyForTypingKeys(t *testing.T) {
	for _, c := range []struct{ in, text string }{
		{"a", "a"}, {"\x1ba", ""}, {"\x01", ""}, {"\x1b[97;2u", "A"}, {"\x1b[97;5u", ""}, {"\x1b[57399u", "0"},
	} {
		evs := decodeAll(c.in)
		if len(evs) != 1 || evs[0].Text != c.text {
			t.Errorf("%q: text %q, want %q", c.in, evs[0].Text, c.text)
		}
	}
}

func TestRawIsTheInput(t *testing.T) {
	in := "a\x1b[1;5C\x1b[200~x\r\ny\x1b[201~\x1bb世"
	var raw strings.Builder
	for _, ev := range decodeAll(in) {
		raw.WriteString(ev.Raw)
	}
	if raw.String() != in {
		t.Errorf("raw bytes %q, want %q", raw.String(), in)
	}
}

func TestPendingUntilComplete(t *testing.T) {
	var d Decoder
	for _, part := range []string{"\x1b", "[", "1;5"} {
		if evs := d.Feed([]byte(part)); len(evs) != 0 {
			t.Fatalf("after %q got %s", part, names(evs))
		}
		if !d.Pending() {
			t.Fatalf("nothing pending after %q", part)
		}
	}
	if got := names(d.Feed([]byte("A"))); got != "ctrl+up" {
		t.Errorf("got %q, want ctrl+up", got)
	}
	if d.Pending() {
		t.Error("still pending")
	}
	// a character cut in the middle of its UTF-8 bytes
	if evs := d.Feed([]byte("\xe4\xb8")); len(evs) != 0 {
		t.Fatalf("half a character decoded: %s", names(evs))
	}
	if got := names(d.Feed([]byte("\x96"))); got != "世" {
		t.Errorf("got %q", got)
	}
}

func TestFlushResolvesEscape(t *testing.T) {
	var d Decoder
	if evs := d.Feed([]byte("\x1b")); len(evs) != 0 {
		t.Fatal("a lone ESC decoded before the timeout")
	}
	if got := names(d.Flush()); got != "esc" {
		t.Errorf("flush = %q", got)
	}
	if got := names(d.Feed([]byte("\x1bx"))); got != "alt+x" {
		t.Errorf("ESC x in one read = %q", got)
	}
}

func TestBracketedPaste(t *testing.T) {
	t.Run("whole", func(t *testing.T) {
		got := decodeAll("a\x1b[200~line 1\r\nline 2\rthree\x1b[Anot a key\x1b[201~b")
		if names(got) != "a paste:line 1\nline 2\nthree\x1b[Anot a key b" {
			t.Errorf("got %q", names(got))
		}
	})
	t.Run("split across reads, markers too", func(t *testing.T) {
		var d Decoder
		in := "\x1b[200~" + strings.Repeat("0123456789", 100000) + "\x1b[201~z"
		var evs []Event
		for i := 0; i < len(in); i += 4093 {
			evs = append(evs, d.Feed([]byte(in[i:min(i+4093, len(in))]))...)
			if i+4093 < len(in) {
				evs = append(evs, d.Flush()...) // timeouts never cut a paste
			}
		}
		if len(evs) != 2 || evs[0].Kind != KindPaste || len(evs[0].Text) != 1000000 || names(evs[1:]) != "z" {
			t.Fatalf("got %d events, first %v len %d", len(evs), evs[0].Kind, len(evs[0].Text))
		}
		if evs[0].Raw != in[:len(in)-1] {
			t.Error("the paste's raw bytes differ from the input")
		}
	})
	t.Run("unterminated stays pending", func(t *testing.T) {
		var d Decoder
		if evs := d.Feed([]byte("\x1b[200~abc")); len(evs) != 0 || !d.InPaste() {
			t.Fatal("paste not held")
		}
		if evs := d.Flush(); len(evs) != 0 {
			t.Fatal("flush cut the paste")
		}
	})
}

func TestRouter(t *testing.T) {
	var got []string
	comp := handlerFunc(func(data string) bool { got = append(got, "comp:"+data); return data != "q" })
	r := Router{Global: func(ev Event) bool { return ev.Is("ctrl+c") }}
	fallback := func(ev Event) { got = append(got, "editor:"+ev.Key.String()) }
	for _, ev := range decodeAll("a\x03") {
		r.Dispatch(ev, fallback)
	}
	r.Focus(comp)
	for _, ev := range decodeAll("\x1b[Aq\x03") {
		r.Dispatch(ev, fallback)
	}
	r.Blur()
	for _, ev := range decodeAll("b") {
		r.Dispatch(ev, fallback)
	}
	want := "editor:a comp:\x1b[A comp:q editor:q editor:b"
	if strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
}

type handlerFunc func(string) bool

func (f handlerFunc) HandleInput(data string) bool { return f(data) }

func FuzzDecoder(f *testing.F) {
	for _, s := range []string{"a\x1b[1;5C", "\x1b[200~x\x1b[201~", "\x1b\x1b[A", "\x1b[27;2;13~", "\x1b[97:65;6:1u", "\xff\x1b", "\x1bO"} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, in []byte, cut uint8) {
		var d Decoder
		k := int(cut) % (len(in) + 1)
		evs := d.Feed(in[:k])
		evs = append(evs, d.Feed(in[k:])...)
		evs = append(evs, d.Flush()...)
		var raw strings.Builder
		for _, ev := range evs {
			raw.WriteString(ev.Raw)
		}
		if d.InPaste() {
			return // an unterminated paste is held, not lost
		}
		if raw.String() != string(in) {
			t.Fatalf("bytes lost or invented: raw %q, input %q", raw.String(), in)
		}
	})
}
