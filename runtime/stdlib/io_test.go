package stdlib

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"panto/runtime"
)

// newTestState returns an interpreter with the standard libraries whose
// standard output and error go to the returned buffer.
func newTestState(t *testing.T) (*runtime.State, *bytes.Buffer) {
	t.Helper()
	L := runtime.NewState()
	var out bytes.Buffer
	// A child of io.popen or os.execute writes its stderr from a copying
	// goroutine while Lua may print: writes are serialized.
	w := &testWriter{w: &out}
	L.SetOutput(w, w)
	L.SetInput(strings.NewReader(""))
	OpenAll(L)
	return L, &out
}

// testWriter serializes writes to w.
type testWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *testWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// run executes a chunk and fails the test on a Lua error.
func run(t *testing.T, L *runtime.State, src string) {
	t.Helper()
	if _, err := L.DoString(src, "=test"); err != nil {
		t.Fatalf("lua error: %v", err)
	}
}

func TestCheckMode(t *testing.T) {
	valid := []string{"r", "w", "a", "r+", "w+", "a+", "rb", "wb", "ab", "r+b", "w+b", "a+b", "rbb", "r+bbb"}
	invalid := []string{"", "x", "rw", "r+x", "br", "rb+", "+r", "rr", "r++", "ra", "r b", "R"}
	for _, m := range valid {
		if !checkMode(m) {
			t.Errorf("checkMode(%q) = false, want true", m)
		}
	}
	for _, m := range invalid {
		if checkMode(m) {
			t.Errorf("checkMode(%q) = true, want false", m)
		}
	}
}

func TestOpenFlags(t *testing.T) {
	for _, c := range []struct {
		mode string
		r, w bool
		flag int
	}{
		{"r", true, false, os.O_RDONLY},
		{"w", false, true, os.O_WRONLY | os.O_CREATE | os.O_TRUNC},
		{"a", false, true, os.O_WRONLY | os.O_CREATE | os.O_APPEND},
		{"r+b", true, true, os.O_RDWR},
		{"w+", true, true, os.O_RDWR | os.O_CREATE | os.O_TRUNC},
		{"a+", true, true, os.O_RDWR | os.O_CREATE | os.O_APPEND},
	} {
		t.Run(c.mode, func(t *testing.T) {
			flag, r, w := openFlags(c.mode)
			if flag != c.flag || r != c.r || w != c.w {
				t.Errorf("openFlags(%q) = %#x %v %v, want %#x %v %v", c.mode, flag, r, w, c.flag, c.r, c.w)
			}
		})
	}
}

// readNumberFrom feeds input to read("n") and returns the value read and
// what is left in the stream.
func readNumberFrom(input string) (runtime.Value, bool, string) {
	r := strings.NewReader(input)
	st := &stream{readable: true, src: func() io.Reader { return r }}
	v, ok := st.readNumber()
	rest := st.readAll()
	return v, ok, rest
}

func TestReadNumber(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string // "" for failure
		rest string
	}{
		{"42", "42", ""},
		{"-17 x", "-17", " x"},
		{"+5", "5", ""},
		{"3.25", "3.25", ""},
		{"-.5", "-0.5", ""},
		{"1e3", "1000.0", ""},
		{"0x1F", "31", ""},
		{"0X1p4", "16.0", ""},
		{"  \n\t 7", "7", ""},
		{"0x", "", ""},    // consumed, then refused
		{"1e", "", ""},    // idem
		{".e1", "", "e1"}, // the point is consumed
		{"abc", "", "abc"},
		{"12abc", "12", "abc"},
		{"1.5.6", "1.5", ".6"},
		{"inf", "", "inf"},
		{"- 1", "", " 1"},
		{"0x.8", "0.5", ""},
		{"1e+400", "inf", ""},
		{"00x1", "0", "x1"},
		{"9223372036854775808", "9.2233720368548e+18", ""},
		{strings.Repeat("1", 250) + " next", "", strings.Repeat("1", 50) + " next"},
		{strings.Repeat("1", 200) + " next", "1.1111111111111e+199", " next"},
	} {
		t.Run(c.in, func(t *testing.T) {
			v, ok, rest := readNumberFrom(c.in)
			got := ""
			if ok {
				got = runtime.FormatNumber(v)
			}
			if got != c.want || rest != c.rest {
				t.Errorf("read(\"n\") of %q = %q, rest %q; want %q, rest %q", c.in, got, rest, c.want, c.rest)
			}
		})
	}
}

func TestReadFormats(t *testing.T) {
	L, out := newTestState(t)
	name := filepath.Join(t.TempDir(), "f.txt")
	os.WriteFile(name, []byte("first line\nsecond line\n42 3.5 0x10\nrest of file\nend"), 0o644)
	L.SetGlobal("name", runtime.String(name))
	run(t, L, `
		local f = assert(io.open(name))
		print(f:read("l"))
		io.write(f:read("L"))
		print(f:read("n", "n", "n"))
		print(f:read("l"))
		print(f:read(4), f:read(0))
		print(f:read("a"))
		print(f:read("a"), f:read("l"), f:read(1), f:read(0))
		print(pcall(f.read, f, "x"))
		f:close()
		print(pcall(f.read, f))
	`)
	want := "first line\nsecond line\n42\t3.5\t16\n\nrest\t\n of file\nend\n\tnil\tnil\tnil\n" +
		"false\tbad argument #2 to '?' (invalid format)\nfalse\tattempt to use a closed file\n"
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestStdoutCoherent checks that io.write, io.stdout:write and print share
// the host's writer in program order.
func TestStdoutCoherent(t *testing.T) {
	L, out := newTestState(t)
	run(t, L, `io.write("a", 1, " ", 2.0, " ") print("b") io.stdout:write("c\n") print(io.write() == io.stdout)`)
	if got, want := out.String(), "a1 2 b\nc\ntrue\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestUpdateModes checks that reading and writing the same stream keep the
// file position coherent without explicit seeks.
func TestUpdateModes(t *testing.T) {
	L, out := newTestState(t)
	name := filepath.Join(t.TempDir(), "f.txt")
	os.WriteFile(name, []byte("hello\nworld\n"), 0o644)
	L.SetGlobal("name", runtime.String(name))
	run(t, L, `
		local f = assert(io.open(name, "r+"))
		print(f:read("l"))
		f:write("WORLD")
		print(f:seek("cur"))
		f:seek("set")
		print(f:read("a"))
		f:close()
		f = assert(io.open(name, "a+"))
		f:write("more")
		print(f:seek("set"), f:read("l"))
		f:close()
	`)
	want := "hello\n11\nhello\nWORLD\n\n0\thello\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// TestFlushFiles checks that output left in an unclosed file is written by
// FlushFiles, as C's exit() does.
func TestFlushFiles(t *testing.T) {
	L, _ := newTestState(t)
	name := filepath.Join(t.TempDir(), "f.txt")
	L.SetGlobal("name", runtime.String(name))
	run(t, L, `keep = io.open(name, "w") keep:write("pending")`)
	if data, _ := os.ReadFile(name); len(data) != 0 {
		t.Fatalf("data written before flush: %q", data)
	}
	FlushFiles(L)
	if data, _ := os.ReadFile(name); string(data) != "pending" {
		t.Fatalf("after FlushFiles: %q", data)
	}
}

// TestCollectedFileClosed checks that a file dropped without close is
// closed, with its output written, by its __gc when Lua collects it.
func TestCollectedFileClosed(t *testing.T) {
	L, out := newTestState(t)
	name := filepath.Join(t.TempDir(), "f.txt")
	L.SetGlobal("name", runtime.String(name))
	run(t, L, `
		-- the lines iterator keeps its file alive
		local g = io.open(name, "w") g:write("x\ny\n") g:close()
		local it = io.open(name):lines()
		collectgarbage()
		print(it(), it(), it())
	`)
	if data, _ := os.ReadFile(name); string(data) != "x\ny\n" {
		t.Fatalf("file holds %q", data)
	}
	if got := out.String(); got != "x\ty\n" {
		t.Errorf("iterator printed %q", got)
	}
	name2 := filepath.Join(t.TempDir(), "g.txt")
	L.SetGlobal("name", runtime.String(name2))
	run(t, L, `do local f = io.open(name, "w") f:write("dropped") end collectgarbage()`)
	if data, _ := os.ReadFile(name2); string(data) != "dropped" {
		t.Fatalf("after collectgarbage: %q", data)
	}
}

// TestDroppedStateFlushed checks the Go-side backstop: when a host drops
// an interpreter without closing it, its files' pending output is still
// written once Go's collector finds them. It fails both ways the backstop
// can break: the interpreter is never collected (something still holds
// it, which a host would leak on every reload), or it is collected and the
// output is lost.
func TestDroppedStateFlushed(t *testing.T) {
	name := filepath.Join(t.TempDir(), "f.txt")
	collected := make(chan struct{})
	func() {
		L, _ := newTestState(t)
		goruntime.AddCleanup(L, func(c chan struct{}) { close(c) }, collected)
		L.SetGlobal("name", runtime.String(name))
		run(t, L, `keep = io.open(name, "w") keep:write("pending")`)
	}()
	// runtime.GC runs a whole cycle, so the first one finds the dropped
	// interpreter unreachable; the cleanups then run on the runtime's
	// cleanup goroutine, which the short sleeps let through. The bound is
	// a number of cycles, not a time.
	gone := false
	for range 100 {
		goruntime.GC()
		select {
		case <-collected:
			gone = true
		default:
		}
		if data, _ := os.ReadFile(name); string(data) == "pending" {
			return
		}
		time.Sleep(time.Millisecond)
	}
	if !gone {
		t.Fatal("the dropped interpreter was never collected: something still references it")
	}
	data, _ := os.ReadFile(name)
	t.Fatalf("the dropped interpreter was collected but its file holds %q, want the pending output", data)
}

func TestPopen(t *testing.T) {
	if !shellAvailable() {
		t.Skip("no /bin/sh")
	}
	L, out := newTestState(t)
	run(t, L, `
		local p = io.popen("echo hi; echo err 1>&2")
		print(p:read("a"))
		print(p:close())
		p = io.popen("cat", "w")
		p:write("through cat\n")
		print(p:close())
		print(io.popen("exit 3"):close())
		print(os.execute("echo child"))
		print(os.execute("kill -9 $$"))
		print(pcall(io.popen, "true", "rw"))
	`)
	// The child's stderr reaches out through a copying goroutine, so
	// its "err" line may land anywhere: it must be there once, and not in
	// what p:read returned.
	want := "hi\n\ntrue\texit\t0\nthrough cat\ntrue\texit\t0\nnil\texit\t3\n" +
		"child\ntrue\texit\t0\nnil\tsignal\t9\nfalse\tbad argument #2 to 'io.popen' (invalid mode)\n"
	got := out.String()
	if strings.Count(got, "err\n") != 1 {
		t.Errorf("the child's stderr line should appear once in:\n%s", got)
	}
	if got = strings.Replace(got, "err\n", "", 1); got != want {
		t.Errorf("got (without the stderr line):\n%s\nwant:\n%s", got, want)
	}
}

func TestExitWithoutHandler(t *testing.T) {
	L, out := newTestState(t)
	run(t, L, `print(pcall(os.exit, 0))`)
	if got, want := out.String(), "false\tos.exit is not allowed in this host\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var code int
	var closed bool
	L.SetExitHandler(func(c int, cl bool) { code, closed = c, cl })
	run(t, L, `os.exit(false, true)`)
	if code != 1 || !closed {
		t.Errorf("handler got (%d, %v), want (1, true)", code, closed)
	}
}
