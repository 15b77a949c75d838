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
		{"digits without a colon", "ext/a.lua", "ext/a.lua:12 boom", "ext/a.lua:12 boom", 0},
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

// TestNewProblem: the exported constructor other packages report with
// keeps the subject and the message apart, positions a message that
// starts with the file's "file:line: " and prints as the host's own
// problems do.
func TestNewProblem(t *testing.T) {
	cases := []struct {
		name, file, subject, msg string
		wantLine                 int
		wantMsg, wantString      string
	}{
		{"positioned", "extensions/p.lua", "protocol 'p' on_close", "extensions/p.lua:7: closed twice",
			7, "closed twice", "handler: extensions/p.lua:7: closed twice (protocol 'p' on_close)"},
		{"no file", "", "custom store", "disk full",
			0, "disk full", "handler: disk full (custom store)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := NewProblem(StageHandler, c.file, c.subject, c.msg)
			if p.Stage != StageHandler || p.File != c.file || p.Subject != c.subject || p.Line != c.wantLine || p.Message != c.wantMsg {
				t.Errorf("NewProblem = stage %q file %q subject %q line %d message %q; want stage %q file %q subject %q line %d message %q",
					p.Stage, p.File, p.Subject, p.Line, p.Message, StageHandler, c.file, c.subject, c.wantLine, c.wantMsg)
			}
			if got := p.String(); got != c.wantString {
				t.Errorf("String() = %q, want %q", got, c.wantString)
			}
		})
	}
}
