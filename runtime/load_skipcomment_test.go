package runtime

import "testing"

func TestSkipComment(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "return 1", "return 1"},
		{"bom", "\xEF\xBB\xBFreturn 1", "return 1"},
		{"partial bom is text", "\xEF\xBBreturn 1", "\xEF\xBBreturn 1"},
		{"shebang keeps its newline", "#!/usr/bin/lua\nreturn 1", "\nreturn 1"},
		{"bom then shebang", "\xEF\xBB\xBF# x\nreturn 1", "\nreturn 1"},
		{"shebang alone", "#!lua", ""},
		{"binary after shebang", "#!lua\n\x1bLua", "\x1bLua"},
		{"binary after bom", "\xEF\xBB\xBF\x1bLua", "\x1bLua"},
		{"only the first line", "# a\n# b\n", "\n# b\n"},
		{"hash after bom only once", "\xEF\xBB\xBF\xEF\xBB\xBF#", "\xEF\xBB\xBF#"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := SkipComment(c.in); got != c.want {
				t.Errorf("SkipComment(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}
