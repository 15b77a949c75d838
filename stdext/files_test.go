package stdext_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// jsonString quotes s for a JSON input.
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func TestRead(t *testing.T) {
	s := newSession(t, nil)
	s.write(t, "src/a.txt", "one\ntwo\r\nthree")
	if got := s.ok(t, "read", `{"path":"src/a.txt"}`); got != "     1\tone\n     2\ttwo\n     3\tthree" {
		t.Errorf("read = %q", got)
	}
	// A window, with where to go on.
	got := s.ok(t, "read", `{"path":"src/a.txt","offset":2,"limit":1}`)
	if got != "     2\ttwo\n\n[Showing lines 2-2 of 3 lines. Use offset=3 to continue.]" {
		t.Errorf("window = %q", got)
	}
	// Absolute paths, ".." and "./" resolve.
	contains(t, "absolute", s.ok(t, "read", `{"path":`+jsonString(s.path("src/a.txt"))+`}`), "1\tone")
	contains(t, "dotdot", s.ok(t, "read", `{"path":"src/../src/./a.txt"}`), "3\tthree")

	// "~" needs a home folder, which these sessions do not have.
	s.fails(t, "read", `{"path":"~/x"}`, "no home folder to expand '~'")

	s.write(t, "empty.txt", "")
	if got := s.ok(t, "read", `{"path":"empty.txt"}`); got != "(empty.txt is empty)" {
		t.Errorf("empty = %q", got)
	}
	// Invalid UTF-8 (a Latin-1 file) is shown with replacement characters.
	s.write(t, "latin1.txt", "caf\xe9\n")
	if got := s.ok(t, "read", `{"path":"latin1.txt"}`); got != "     1\tcaf\uFFFD" {
		t.Errorf("latin1 = %q", got)
	}
}

func TestReadErrors(t *testing.T) {
	s := newSession(t, nil)
	s.write(t, "src/Main.go", "package main\n")
	s.write(t, "img.png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	s.fails(t, "read", `{"path":"src"}`, "src is a folder", "use ls")
	s.fails(t, "read", `{"path":"nope.txt"}`, "nope.txt does not exist")
	s.fails(t, "read", `{"path":"src/main.go"}`, "src/main.go does not exist; did you mean src/Main.go?")
	s.fails(t, "read", `{"path":"img.png"}`, "img.png looks like a PNG image", "not text")
	s.fails(t, "read", `{"path":"src/Main.go","offset":5}`, "offset 5 is past the end of src/Main.go, which has 1 line")
	s.fails(t, "read", `{"path":"src/Main.go/x"}`, "src/Main.go/x", "does not exist")
	if err := syscall.Mkfifo(s.path("fifo"), 0o644); err == nil {
		s.fails(t, "read", `{"path":"fifo"}`, "fifo is not a regular file")
	}
	if os.Geteuid() != 0 {
		s.write(t, "secret.txt", "x")
		os.Chmod(s.path("secret.txt"), 0)
		s.fails(t, "read", `{"path":"secret.txt"}`, "cannot read secret.txt", "permission denied")
	}
}

func TestReadLimits(t *testing.T) {
	s := newSession(t, nil)
	// More lines than the default limit.
	var b strings.Builder
	for i := 1; i <= 2500; i++ {
		fmt.Fprintf(&b, "l%d\n", i)
	}
	s.write(t, "long.txt", b.String())
	got := s.ok(t, "read", `{"path":"long.txt"}`)
	contains(t, "long", got, "  2000\tl2000\n\n[Showing lines 1-2000 of 2500 lines. Use offset=2001 to continue.]")
	if strings.Contains(got, "l2001") {
		t.Error("line 2001 shown")
	}
	got = s.ok(t, "read", `{"path":"long.txt","offset":2001}`)
	if !strings.HasPrefix(got, "  2001\tl2001\n") || !strings.HasSuffix(got, "  2500\tl2500") {
		t.Errorf("second page: %q...", got[:40])
	}

	// The output size cap.
	b.Reset()
	line := strings.Repeat("x", 1000)
	for i := 0; i < 200; i++ {
		b.WriteString(line + "\n")
	}
	s.write(t, "wide.txt", b.String())
	got = s.ok(t, "read", `{"path":"wide.txt"}`)
	if len(got) > 52*1024 {
		t.Errorf("output is %d bytes", len(got))
	}
	contains(t, "wide", got, "[Output cut at 50.0 KiB: showing lines 1-", "of 200 lines. Use offset=")

	// One very long line is cut, and the cut says by how much.
	s.write(t, "oneline.txt", strings.Repeat("é", 3000)+"\nshort\n")
	got = s.ok(t, "read", `{"path":"oneline.txt"}`)
	contains(t, "oneline", got, "… [line cut: 3.9 KiB more]", "     2\tshort", "[1 line longer than 2000 bytes was cut.]")
	if strings.ContainsRune(got, '\uFFFD') {
		t.Error("the cut split a character")
	}
}

func TestWrite(t *testing.T) {
	s := newSession(t, nil)
	got := s.ok(t, "write", `{"path":"a/b/c.txt","content":"hi\nthere\n"}`)
	if got != "Created a/b/c.txt (9 bytes, 2 lines); created folders a, a/b." {
		t.Errorf("write = %q", got)
	}
	if s.read(t, "a/b/c.txt") != "hi\nthere\n" {
		t.Error("content")
	}
	// Overwrite keeps the file's permissions.
	os.Chmod(s.path("a/b/c.txt"), 0o751)
	got = s.ok(t, "write", `{"path":"a/b/c.txt","content":""}`)
	if got != "Overwrote a/b/c.txt (0 bytes, 0 lines); it had 9 bytes." {
		t.Errorf("overwrite = %q", got)
	}
	if fi, _ := os.Stat(s.path("a/b/c.txt")); fi.Mode().Perm() != 0o751 || fi.Size() != 0 {
		t.Errorf("mode %v size %d", fi.Mode(), fi.Size())
	}
	noTemporaries(t, s.path("a/b"))

	// Through a symbolic link: the target changes, the link stays.
	s.write(t, "real.txt", "old")
	if err := os.Symlink("real.txt", s.path("link.txt")); err != nil {
		t.Fatal(err)
	}
	contains(t, "link", s.ok(t, "write", `{"path":"link.txt","content":"new"}`), "link.txt is a link to real.txt")
	if fi, _ := os.Lstat(s.path("link.txt")); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if s.read(t, "real.txt") != "new" {
		t.Error("the target was not written")
	}

	// Content is written byte for byte, including NUL and non-ASCII.
	s.ok(t, "write", `{"path":"bytes.bin","content":"a\u0000b\u00e9"}`)
	if s.read(t, "bytes.bin") != "a\x00bé" {
		t.Errorf("bytes = %q", s.read(t, "bytes.bin"))
	}
}

func TestWriteErrors(t *testing.T) {
	s := newSession(t, nil)
	s.write(t, "dir/f.txt", "x")
	s.write(t, "file", "x")
	s.fails(t, "write", `{"path":"dir","content":"x"}`, "dir is a folder")
	s.fails(t, "write", `{"path":"newdir/","content":"x"}`, "ends in '/'")
	s.fails(t, "write", `{"path":"file/sub/x.txt","content":"x"}`, "cannot create folder file/sub", "file exists and is not a folder")
	s.fails(t, "write", `{"path":"x.txt"}`, "'content' is required")
	if s.read(t, "file") != "x" {
		t.Error("file changed")
	}
	if os.Geteuid() != 0 {
		os.Chmod(s.path("dir"), 0o555)
		defer os.Chmod(s.path("dir"), 0o755)
		s.fails(t, "write", `{"path":"dir/f.txt","content":"new"}`, "cannot write dir/f.txt", "permission denied")
		if s.read(t, "dir/f.txt") != "x" {
			t.Error("a failed write changed the file")
		}
	}
}

// noTemporaries checks that no temporary file of an atomic write is left.
func noTemporaries(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".panto-") {
			t.Errorf("temporary file left: %s", filepath.Join(dir, e.Name()))
		}
	}
}

func TestEdit(t *testing.T) {
	s := newSession(t, nil)
	s.write(t, "m.go", "package m\n\nfunc A() int {\n\treturn 1\n}\n")
	os.Chmod(s.path("m.go"), 0o640)
	got := s.ok(t, "edit", `{"path":"m.go","old_string":"\treturn 1","new_string":"\treturn 2"}`)
	want := "Edited m.go: replaced 1 occurrence at line 4.\n     1\tpackage m\n     2\t\n     3\tfunc A() int {\n     4\t\treturn 2\n     5\t}"
	if got != want {
		t.Errorf("edit =\n%q\nwant\n%q", got, want)
	}
	if fi, _ := os.Stat(s.path("m.go")); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", fi.Mode())
	}
	noTemporaries(t, s.proj)

	// "%" and other pattern characters are plain text on both sides.
	s.write(t, "p.txt", "100% (a.b)\n")
	s.ok(t, "edit", `{"path":"p.txt","old_string":"100% (a.b)","new_string":"%1 %% [x]"}`)
	if s.read(t, "p.txt") != "%1 %% [x]\n" {
		t.Errorf("p.txt = %q", s.read(t, "p.txt"))
	}

	// replace_all, and deleting with an empty new_string.
	s.write(t, "r.txt", "x y x\nx\n")
	got = s.ok(t, "edit", `{"path":"r.txt","old_string":"x","new_string":"z","replace_all":true}`)
	if got != "Edited r.txt: replaced 3 occurrences (lines 1, 2)." || s.read(t, "r.txt") != "z y z\nz\n" {
		t.Errorf("replace_all = %q, file %q", got, s.read(t, "r.txt"))
	}
	s.ok(t, "edit", `{"path":"r.txt","old_string":" y","new_string":""}`)
	if s.read(t, "r.txt") != "z z\nz\n" {
		t.Errorf("delete: %q", s.read(t, "r.txt"))
	}

	// A file with \r\n line ends matches text written with \n and keeps
	// its line ends.
	s.write(t, "w.txt", "a\r\nb\r\nc\r\n")
	contains(t, "crlf", s.ok(t, "edit", `{"path":"w.txt","old_string":"a\nb","new_string":"A\nB"}`), "\\r\\n line ends")
	if s.read(t, "w.txt") != "A\r\nB\r\nc\r\n" {
		t.Errorf("crlf: %q", s.read(t, "w.txt"))
	}

	// Through a link: the target is edited, the link stays.
	s.write(t, "target.txt", "one\n")
	os.Symlink("target.txt", s.path("ln.txt"))
	s.ok(t, "edit", `{"path":"ln.txt","old_string":"one","new_string":"two"}`)
	if fi, _ := os.Lstat(s.path("ln.txt")); fi.Mode()&os.ModeSymlink == 0 || s.read(t, "target.txt") != "two\n" {
		t.Error("edit through a link")
	}
}

func TestEditErrors(t *testing.T) {
	s := newSession(t, nil)
	orig := "a := 1\nb := 2\na := 1\n    indented()\n"
	s.write(t, "f.go", orig)
	s.fails(t, "edit", `{"path":"f.go","old_string":"a := 1","new_string":"a := 3"}`,
		"old_string occurs 2 times in f.go (lines 1, 3)", "replace_all")
	s.fails(t, "edit", `{"path":"f.go","old_string":"c := 3","new_string":"x"}`, "old_string was not found in f.go")
	s.fails(t, "edit", `{"path":"f.go","old_string":"\tindented()","new_string":"x"}`,
		"not found", "apart from whitespace starts at line 4")
	s.fails(t, "edit", `{"path":"f.go","old_string":"","new_string":"x"}`, "old_string is empty", "use write")
	s.fails(t, "edit", `{"path":"f.go","old_string":"b","new_string":"b"}`, "the same")
	s.fails(t, "edit", `{"path":"missing.go","old_string":"a","new_string":"b"}`, "missing.go does not exist; use write")
	s.fails(t, "edit", `{"path":".","old_string":"a","new_string":"b"}`, "is a folder")
	s.fails(t, "edit", `{"path":"f.go","old_string":"a"}`, "'new_string' is required")
	s.write(t, "bin", "\x7fELF\x00\x01")
	s.fails(t, "edit", `{"path":"bin","old_string":"ELF","new_string":"x"}`, "looks like an ELF executable")
	if s.read(t, "f.go") != orig {
		t.Error("a failed edit changed the file")
	}
	if os.Geteuid() != 0 {
		// The folder refuses the temporary file: the edit fails, the file
		// is whole.
		s.write(t, "ro/f.txt", "keep\n")
		os.Chmod(s.path("ro"), 0o555)
		defer os.Chmod(s.path("ro"), 0o755)
		s.fails(t, "edit", `{"path":"ro/f.txt","old_string":"keep","new_string":"lose"}`, "cannot write ro/f.txt", "the file is unchanged")
		if s.read(t, "ro/f.txt") != "keep\n" {
			t.Error("the file changed")
		}
	}
	noTemporaries(t, s.proj)
}

// TestAtomicWrite checks what a reader of the file can see: the old
// content or the new one, at every moment, never a truncated file.
func TestAtomicWrite(t *testing.T) {
	s := newSession(t, nil)
	old := strings.Repeat("old line\n", 20000)
	s.write(t, "big.txt", old)
	before, _ := os.Stat(s.path("big.txt"))
	next := strings.Repeat("new line\n", 20000)
	// An open descriptor keeps reading the old file: the new content
	// arrived by rename, not by truncating and rewriting in place.
	f, err := os.Open(s.path("big.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s.ok(t, "write", `{"path":"big.txt","content":`+jsonString(next)+`}`)
	b := make([]byte, len(old))
	if n, _ := f.ReadAt(b, 0); n != len(old) || string(b) != old {
		t.Error("the old file was rewritten in place")
	}
	after, _ := os.Stat(s.path("big.txt"))
	if os.SameFile(before, after) {
		t.Error("the file was not replaced by rename")
	}
	if s.read(t, "big.txt") != next {
		t.Error("new content")
	}
	s.ok(t, "edit", `{"path":"big.txt","old_string":"new line\nnew line\nnew line\n","new_string":"x\n","replace_all":true}`)
	if ed, _ := os.Stat(s.path("big.txt")); os.SameFile(after, ed) {
		t.Error("edit did not replace the file by rename")
	}
	noTemporaries(t, s.proj)
}
