package prefault

import (
	"syscall"
	"testing"
	"unsafe"
)

// resident reports which pages of mem are resident (mincore).
func resident(t *testing.T, mem []byte) []bool {
	t.Helper()
	page := syscall.Getpagesize()
	vec := make([]byte, (len(mem)+page-1)/page)
	if _, _, e := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(&mem[0])), uintptr(len(mem)), uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
		t.Fatalf("mincore: %v", e)
	}
	out := make([]bool, len(vec))
	for i, v := range vec {
		out[i] = v&1 != 0
	}
	return out
}

// TestPopulate maps a region whose first pages are inaccessible, as
// below the heap, and checks that populate makes the pages it is asked
// for resident and stops at the inaccessible ones without touching
// anything else.
func TestPopulate(t *testing.T) {
	page := syscall.Getpagesize()
	const guard, pages = 16, 64 // guard pages, then read-write pages
	mem, err := syscall.Mmap(-1, 0, (guard+pages)*page, syscall.PROT_NONE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	rw := mem[guard*page:]
	if err := syscall.Mprotect(rw, syscall.PROT_READ|syscall.PROT_WRITE); err != nil {
		t.Fatal(err)
	}
	if madvise(uintptr(unsafe.Pointer(&rw[0])), uintptr(page)) != 0 {
		t.Skip("the kernel has no MADV_POPULATE_WRITE")
	}
	if err := syscall.Madvise(rw, syscall.MADV_DONTNEED); err != nil {
		t.Fatal(err)
	}
	for i, r := range resident(t, rw) {
		if r {
			t.Fatalf("page %d resident before populate", i)
		}
	}
	// base 32 pages in; down reaches into the guard pages (two steps of
	// 16), up maps 16 pages above base.
	base := uintptr(unsafe.Pointer(&rw[32*page]))
	populateStep(base, uintptr(48*page), uintptr(16*page), uintptr(16*page))
	for i, r := range resident(t, rw) {
		if want := i < 48; r != want {
			t.Errorf("page %d: resident %v, want %v", i, r, want)
		}
	}
}
