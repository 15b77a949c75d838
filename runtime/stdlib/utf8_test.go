package stdlib

import "testing"

func TestUTF8Decode(t *testing.T) {
	for _, c := range []struct {
		s      string
		strict bool
		code   uint32
		next   int64
		ok     bool
	}{
		{"a", true, 'a', 1, true},
		{"\xc3\xa9", true, 0xe9, 2, true},
		{"\xc3", true, 0, 0, false},         // cut short by the end
		{"\xc0\x80", true, 0, 0, false},     // overlong
		{"\xed\xa0\x80", true, 0, 0, false}, // surrogate
		{"\xed\xa0\x80", false, 0xd800, 3, true},
		{"\xf4\x90\x80\x80", true, 0, 0, false}, // above U+10FFFF
		{"\xf4\x90\x80\x80", false, 0x110000, 4, true},
		{"\xfd\xbf\xbf\xbf\xbf\xbf", false, 0x7fffffff, 6, true},
		{"\xfe\xbf\xbf\xbf\xbf\xbf\xbf", false, 0, 0, false},
		{"\x80", false, 0, 0, false},
	} {
		t.Run(c.s, func(t *testing.T) {
			code, next, ok := utf8Decode(c.s, 0, c.strict)
			if ok != c.ok || (ok && (code != c.code || next != c.next)) {
				t.Errorf("utf8Decode(%q, %v) = %x %d %v", c.s, c.strict, code, next, ok)
			}
		})
	}
}

// 5.4.4's codes steps over stray continuation bytes but rejects invalid
// sequences.
func TestUTF8Codes(t *testing.T) {
	src := `for p, c in utf8.codes("a\x80b\xc3\xa9") do io.write(p, ":", c, " ") end print()
print(pcall(function() for p, c in utf8.codes("ab\xff") do end end))
print(utf8.len("\xc3\xa9\xff"), utf8.offset("a\xc3\xa9b", -1), utf8.codepoint("\xc3\xa9", 1, 1))`
	want := "1:97 3:98 4:233 \nfalse\ttest:2: invalid UTF-8 code\nnil\t4\t233\n"
	if got := runLua(t, src); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
