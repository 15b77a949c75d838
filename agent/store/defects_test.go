package store

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestReverseLines: every line comes back, last first, whatever its
// length against the 64 KiB blocks (the header, the first line, is not
// given).
func TestReverseLines(t *testing.T) {
	const block = 64 << 10
	for _, sizes := range [][]int{
		{10, 20, 30},
		{10, block - 1, 5},
		{10, block, block + 1, 3},
		{100, 3*block + 17, 1, 2*block - 5},
		{block * 5},
		{7, 0, 9}, // an empty line is skipped
	} {
		t.Run(fmt.Sprint(sizes), func(t *testing.T) {
			var file bytes.Buffer
			file.WriteString("header\n")
			var want []string
			for i, n := range sizes {
				line := strings.Repeat(string(rune('a'+i%26)), n)
				file.WriteString(line + "\n")
				if n > 0 {
					want = append([]string{line}, want...)
				}
			}
			var got []string
			err := reverseLines(bytes.NewReader(file.Bytes()), int64(file.Len()), func(l []byte) bool {
				got = append(got, string(l))
				return true
			})
			if err != nil || len(got) != len(want) {
				t.Fatalf("%d lines, want %d (%v)", len(got), len(want), err)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("line %d: %d bytes, want %d", i, len(got[i]), len(want[i]))
				}
			}
		})
	}
}

// TestReverseLinesLongLineIsLinear: a long last line is read and copied
// a bounded number of times. Joining the carried part onto every block
// read copied it again each time: about 256 MB for this 8 MB line.
func TestReverseLinesLongLineIsLinear(t *testing.T) {
	const size = 8 << 20
	data := append([]byte("header\n"), bytes.Repeat([]byte("x"), size)...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n := 0
	reverseLines(bytes.NewReader(data), int64(len(data)), func(l []byte) bool { n = len(l); return true })
	runtime.ReadMemStats(&after)
	if n != size {
		t.Fatalf("a line of %d bytes, want %d", n, size)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4*size {
		t.Errorf("reading an %d MB line backwards allocated %d MB", size>>20, alloc>>20)
	}
}

// TestLatestSkipsUnreadable: the newest files that cannot be read (an
// empty file, a bad header, binary data, a link to a device) are passed
// over with what is wrong with each, and the newest readable session is
// the latest.
func TestLatestSkipsUnreadable(t *testing.T) {
	dir := t.TempDir()
	fs, id := writeSession(t, dir, 1)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(pathOf(t, fs, id), old, old)
	bad := map[string]string{
		"2030-01-01T00-00-00.000Z_empty.jsonl":  "",
		"2030-01-01T00-00-00.000Z_header.jsonl": "{\"type\":\"message\"}\n",
		"2030-01-01T00-00-00.000Z_binary.jsonl": "\x00\x01\x02\xff\xfe",
	}
	for name, content := range bad {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	in, skipped, err := fs.LatestReadable()
	if err != nil || in == nil || in.ID != id {
		t.Fatalf("latest %+v, %v", in, err)
	}
	if len(skipped) != len(bad) {
		t.Fatalf("skipped %q", skipped)
	}
	for _, s := range skipped {
		name := strings.SplitN(filepath.Base(s), ":", 2)[0]
		why := "not a session file"
		if name == "2030-01-01T00-00-00.000Z_empty.jsonl" {
			why = "empty file"
		}
		if _, ok := bad[name]; !ok || !strings.HasPrefix(s, dir) || !strings.Contains(s, why) {
			t.Errorf("skipped %q", s)
		}
	}
	if latest, err := fs.Latest(); err != nil || latest == nil || latest.ID != id {
		t.Errorf("Latest %+v, %v", latest, err)
	}
	w, sess, err := fs.OpenPath(in.Path)
	if err != nil || sess.Header.ID != id {
		t.Fatalf("OpenPath: %v", err)
	}
	w.Close()
}

// TestDeviceIsNoSession: a session file that is a link to /dev/zero is
// not listed, and loading it by its path fails at once (it would never
// end).
func TestDeviceIsNoSession(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir := t.TempDir()
	fs, id := writeSession(t, dir, 1)
	link := filepath.Join(dir, "2030-01-01T00-00-00.000Z_zero.jsonl")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Skip(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, err := loadFile(link); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("loading a link to /dev/zero: %v", err)
		}
		if _, err := fs.Load("zero"); err == nil {
			t.Error("the link loads as a session")
		}
		if _, _, err := fs.OpenActivePath(link); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("resuming a link to /dev/zero by path: %v", err)
		}
		if in, err := fs.Latest(); err != nil || in == nil || in.ID != id {
			t.Errorf("latest %+v, %v", in, err)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("reading a link to /dev/zero does not end")
	}
}

// TestDuplicateAndSelfParentWarn: an id used twice and an entry that is
// its own parent hide history; both are reported.
func TestDuplicateAndSelfParentWarn(t *testing.T) {
	file := strings.Join([]string{
		`{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00Z","cwd":"/p"}`,
		`{"type":"message","id":"a","parentId":null,"timestamp":"2026-01-01T00:00:00Z","message":{"role":"user","content":"one"}}`,
		`{"type":"message","id":"b","parentId":"a","timestamp":"2026-01-01T00:00:00Z","message":{"role":"user","content":"two"}}`,
		`{"type":"message","id":"a","parentId":"b","timestamp":"2026-01-01T00:00:00Z","message":{"role":"user","content":"three"}}`,
		`{"type":"message","id":"c","parentId":"c","timestamp":"2026-01-01T00:00:00Z","message":{"role":"user","content":"four"}}`,
	}, "\n") + "\n"
	s, err := Parse(strings.NewReader(file), "f.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"f.jsonl:4: entry id a is used again (first on line 2): the later entry hides the earlier one",
		"f.jsonl:5: entry c is its own parent: the history before it is cut off",
	}
	if strings.Join(s.Problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(s.Problems, "\n"), strings.Join(want, "\n"))
	}
}

// TestOpenRefusesAnUnreadableSession: resuming a session whose file no
// longer holds a session header fails with the reason and leaves the
// file as it was, rather than appending to it.
func TestOpenRefusesAnUnreadableSession(t *testing.T) {
	dir := t.TempDir()
	fs, id := writeSession(t, dir, 1)
	path := pathOf(t, fs, id)
	const broken = "{\"type\":\"message\"}\n"
	if err := os.WriteFile(path, []byte(broken), 0o600); err != nil {
		t.Fatal(err)
	}
	w, sess, err := fs.Open(id)
	if err == nil || !strings.Contains(err.Error(), "not a session file") {
		if w != nil {
			w.Close()
		}
		t.Fatalf("Open = %v, %v, %v; want the header's error", w, sess, err)
	}
	if data, _ := os.ReadFile(path); string(data) != broken {
		t.Errorf("the refused file became %q", data)
	}
}
