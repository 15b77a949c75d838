package prefault

import (
	"encoding/binary"
	"os"
	"syscall"
	"testing"
	"unsafe"
)

// roString is a constant whose bytes lie in the read-only data.
const roString = "a string in the executable's read-only data"

var writable = [64]byte{1}

func inSegments(segs []segment, a uintptr) bool {
	for _, s := range segs {
		if s.start <= a && a < s.end {
			return true
		}
	}
	return false
}

// TestReadOnlySegments checks that the segments read from memory hold
// the code and the read-only data and not the writable data.
func TestReadOnlySegments(t *testing.T) {
	segs := readOnlySegments()
	if len(segs) == 0 {
		t.Fatal("no read-only segments found")
	}
	f := TestReadOnlySegments
	code := **(**uintptr)(unsafe.Pointer(&f))
	s := roString
	if !inSegments(segs, code) {
		t.Errorf("the code at %#x is not in %x", code, segs)
	}
	if !inSegments(segs, uintptr(unsafe.Pointer(unsafe.StringData(s)))) {
		t.Errorf("the read-only data at %p is not in %x", unsafe.StringData(s), segs)
	}
	if inSegments(segs, uintptr(unsafe.Pointer(&writable))) {
		t.Errorf("the writable data at %p is in %x", &writable, segs)
	}
}

// TestReadOnlyTrims checks the trimming of a read-only segment that
// shares pages with a writable one, and the load bias of a
// position-independent executable.
func TestReadOnlyTrims(t *testing.T) {
	const page = 0x1000
	progs := []elfProg{
		{typ: ptPHDR, vaddr: 0x40},
		{typ: ptLoad, flags: 5, vaddr: 0, memsz: 0x5100},      // code
		{typ: ptLoad, flags: 4, vaddr: 0x6000, memsz: 0x2800}, // read-only data, its last page shared
		{typ: ptLoad, flags: 6, vaddr: 0x8400, memsz: 0x1000}, // writable
		{typ: ptLoad, flags: 4, vaddr: 0x20000, memsz: 0},     // empty
		{typ: 4 /* PT_NOTE */, flags: 4, vaddr: 0x30000, memsz: 0x1000},
	}
	const bias = 0x7f0000000000
	got := readOnly(progs, bias+0x40, page)
	want := []segment{{bias, bias + 0x6000}, {bias + 0x6000, bias + 0x8000}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("readOnly = %x, want %x", got, want)
	}
}

// present reports whether the page at a is mapped in this process
// (/proc/self/pagemap's bit 63).
func present(t *testing.T, f *os.File, a uintptr) bool {
	t.Helper()
	var b [8]byte
	if _, err := f.ReadAt(b[:], int64(a/uintptr(syscall.Getpagesize()))*8); err != nil {
		t.Fatal(err)
	}
	return binary.LittleEndian.Uint64(b[:])>>63 != 0
}

var sinkByte byte

// TestFaultAroundOff checks that after the package's init a read of one
// page of the executable maps that page alone: in windows of 64 KB of
// the read-only segments, dropped and then read in their middle, the
// neighbours of the page read stay unmapped, where fault-around maps
// all sixteen.
func TestFaultAroundOff(t *testing.T) {
	if uffd < 0 {
		t.Skip("the kernel did not take the registration (Linux 6.7 and userfaultfd needed)")
	}
	pagemap, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Skip(err)
	}
	defer pagemap.Close()
	page := uintptr(syscall.Getpagesize())
	const window = 64 << 10
	windows, neighbours := 0, 0
	for _, s := range readOnlySegments() {
		// Windows spread over the segment, from its second half, away
		// from the code running the test.
		for a := (s.start + (s.end-s.start)/2 + window - 1) &^ (window - 1); a+window <= s.end && windows < 16; a += 5 * window {
			syscall.RawSyscall(syscall.SYS_MADVISE, a, window, syscall.MADV_DONTNEED)
			mid := a + window/2
			sinkByte += **(**byte)(unsafe.Pointer(&mid)) // outside Go's heap
			if !present(t, pagemap, mid) {
				t.Fatalf("the page read at %#x is not mapped", mid)
			}
			for p := a; p < a+window; p += page {
				if p != mid && present(t, pagemap, p) {
					neighbours++
				}
			}
			windows++
		}
	}
	if windows == 0 {
		t.Skip("segments too small")
	}
	// A neighbour may be mapped by the test's own use of its data; with
	// fault-around they all are (15 a window).
	if neighbours > windows {
		t.Errorf("%d windows read: %d neighbouring pages mapped, want at most %d", windows, neighbours, windows)
	}
	t.Logf("%d windows, %d neighbours mapped", windows, neighbours)
}

// TestTracerPid checks the reading of /proc/PID/status's TracerPid,
// which keeps a debugger's breakpoints from being dropped.
func TestTracerPid(t *testing.T) {
	for _, c := range []struct {
		status string
		want   int
	}{
		{"Name:\tpanto\nState:\tR (running)\nTracerPid:\t0\nUid:\t0\n", 0},
		{"Name:\tpanto\nTracerPid:\t4711\nUid:\t0\n", 4711},
		{"Name:\tpanto\nTracerPid: 12", 12},
		{"Name:\tpanto\nUid:\t0\n", 0},
		{"Name:\tTracerPid:\t9\n", 0},
	} {
		if got := tracerPid([]byte(c.status)); got != c.want {
			t.Errorf("tracerPid(%q) = %d, want %d", c.status, got, c.want)
		}
	}
	if traced() {
		t.Log("this test runs under a tracer")
	}
}
