package host

import "testing"

// TestProblemAtPositions: a Lua error message that names the file at its
// start, in full or shortened the way Lua shortens long source names,
// gives the problem its line and loses the prefix, so the path is not
// printed twice.
func TestProblemAtPositions(t *testing.T) {
	long := "/tmp/a-rather-long-folder-name-for-a-test/with/more/levels/extensions/broken.lua"
	cases := []struct {
		name, file, msg, wantMsg string
		wantLine                 int
	}{
		{"full path", "ext/a.lua", "ext/a.lua:3: boom", "boom", 3},
		{"file without line", "ext/a.lua", "ext/a.lua: cannot open", "cannot open", 0},
		{"shortened path", long, "..." + long[len(long)-40:] + ":1: boom at activation", "boom at activation", 1},
		{"shortened, another file", long, "...other/thing.lua:1: boom", "...other/thing.lua:1: boom", 0},
		{"another file", "ext/a.lua", "ext/b.lua:2: boom", "ext/b.lua:2: boom", 0},
		{"no position", "ext/a.lua", "boom", "boom", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := problemAt(StageActivate, c.file, "", c.msg)
			if p.Message != c.wantMsg || p.Line != c.wantLine || p.File != c.file {
				t.Errorf("problemAt(%q, %q) = file %q line %d message %q; want line %d message %q",
					c.file, c.msg, p.File, p.Line, p.Message, c.wantLine, c.wantMsg)
			}
		})
	}
}
