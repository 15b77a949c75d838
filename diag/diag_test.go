package diag

import (
	"strings"
	"testing"
)

// Lines end at "\n", "\r", "\r\n" and "\n\r", as the Lua lexer counts
// them; a column counts bytes from 1.
func TestFileLineColumn(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		pos       Pos
		line, col int
	}{
		{"first byte", "ab\ncd", 0, 1, 1},
		{"end of line", "ab\ncd", 2, 1, 3},
		{"after LF", "ab\ncd", 3, 2, 1},
		{"after CR", "ab\rcd", 3, 2, 1},
		{"CRLF is one break", "ab\r\ncd", 4, 2, 1},
		{"LFCR is one break", "ab\n\rcd", 5, 2, 2},
		{"LFLF is two", "ab\n\ncd", 4, 3, 1},
		{"CRCR is two", "ab\r\rcd", 4, 3, 1},
		{"end of source", "ab\n", 3, 2, 1},
		{"no position", "ab", NoPos, 0, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := NewFile("=t", tt.src)
			if l, c := f.Line(tt.pos), f.Column(tt.pos); l != tt.line || c != tt.col {
				t.Errorf("pos %d: line %d col %d, want %d %d", tt.pos, l, c, tt.line, tt.col)
			}
		})
	}
	if n := NewFile("=t", "a\nb\r\nc\n").LineCount(); n != 4 {
		t.Errorf("LineCount = %d, want 4", n)
	}
}

// The expected ids are what lua5.4 (5.4.4) prints before ":1: e" for
// pcall(load("error('e')", name)).
func TestChunkID(t *testing.T) {
	for _, tt := range []struct{ name, chunk, want string }{
		{"literal", "=stdin", "stdin"},
		{"literal cut", "=" + strings.Repeat("n", 70), strings.Repeat("n", 59)},
		{"file", "@short.lua", "short.lua"},
		{"file keeps its end", "@" + strings.Repeat("d/", 35) + "x.lua", "..." + strings.Repeat("/d", 25) + "/x.lua"},
		{"source", "x = 1", `[string "x = 1"]`},
		{"source first line", "line1\nline2", `[string "line1..."]`},
		{"source cut", strings.Repeat("s", 80), `[string "` + strings.Repeat("s", 45) + `..."]`},
		{"empty source", "", `[string ""]`},
		{"empty literal", "=", ""},
		{"empty file", "@", ""},
		{"source of 44", strings.Repeat("a", 44), `[string "` + strings.Repeat("a", 44) + `"]`},
		{"source of 45", strings.Repeat("a", 45), `[string "` + strings.Repeat("a", 45) + `..."]`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := ChunkID(tt.chunk); got != tt.want {
				t.Errorf("ChunkID(%q) = %q, want %q", tt.chunk, got, tt.want)
			}
		})
	}
}

// A diagnostic names its file in full, whatever ChunkID would cut.
func TestFileName(t *testing.T) {
	long := strings.Repeat("d/", 35) + "x.lua"
	for chunk, want := range map[string]string{
		"@" + long: long, "=stdin": "stdin", "x = 1": `[string "x = 1"]`, ChunkName("a.lua"): "a.lua",
	} {
		t.Run(chunk, func(t *testing.T) {
			if got := FileName(chunk); got != want {
				t.Errorf("FileName(%q) = %q, want %q", chunk, got, want)
			}
		})
	}
}

func TestDiagnosticFormats(t *testing.T) {
	d := Diagnostic{File: "extensions/x.lua", Line: 4, Column: 15, Message: "unexpected symbol", Near: "'='"}
	for _, tt := range []struct{ name, got, want string }{
		{"String", d.String(), "extensions/x.lua:4:15: unexpected symbol near '='"},
		{"Error", (&d).Error(), "extensions/x.lua:4:15: unexpected symbol near '='"},
		{"LuaMessage", d.LuaMessage("@extensions/x.lua"), "extensions/x.lua:4: unexpected symbol near '='"},
		{"LuaMessage source", d.LuaMessage("x = = 1"), `[string "x = = 1"]:4: unexpected symbol near '='`},
		{"Text", d.Text(), "unexpected symbol near '='"},
		{"no column", Diagnostic{File: "c.toml", Line: 2, Message: "m"}.String(), "c.toml:2: m"},
		{"no line", Diagnostic{File: "c.toml", Column: 3, Message: "m"}.String(), "c.toml: m"},
		{"no file", Diagnostic{Line: 2, Message: "m"}.String(), "m"},
		{"warning", Diagnostic{File: "f", Line: 1, Message: "m", Severity: Warning}.String(), "f:1: warning: m"},
		{"Lua without line", Diagnostic{File: "x", Message: "C stack overflow"}.LuaMessage("=x"), "C stack overflow"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}

func TestListSortAndCount(t *testing.T) {
	var l List
	l.Add(Diagnostic{File: "b.lua", Line: 2, Message: "b2"})
	l.Add(Diagnostic{File: "a.lua", Line: 9, Column: 1, Message: "a9", Severity: Warning})
	l.Add(Diagnostic{Message: "nofile1"})
	l.Add(Diagnostic{File: "a.lua", Line: 3, Column: 7, Message: "a3:7"})
	l.Add(Diagnostic{File: "a.lua", Line: 3, Column: 2, Message: "a3:2"})
	l.Add(Diagnostic{Message: "nofile2", Severity: Warning})
	l.Add(Diagnostic{File: "b.lua", Line: 2, Message: "b2 again"})
	l.Sort()
	var got []string
	for _, d := range l {
		got = append(got, d.Message)
	}
	want := "nofile1 nofile2 a3:2 a3:7 a9 b2 b2 again"
	if strings.Join(got, " ") != want {
		t.Errorf("sorted %q, want %q", strings.Join(got, " "), want)
	}
	if l.Errors() != 5 || len(l.Warnings()) != 2 {
		t.Errorf("%d errors, %d warnings; want 5 and 2", l.Errors(), len(l.Warnings()))
	}
	if s := l[:2].String(); s != "nofile1\nwarning: nofile2" {
		t.Errorf("String() = %q", s)
	}
}
