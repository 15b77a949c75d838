package prefault

import (
	"syscall"
	"unsafe"
)

// madvPopulateWrite is MADV_POPULATE_WRITE (Linux 5.14), which syscall
// does not name.
const madvPopulateWrite = 23

const (
	// chunk is the runtime's page cache: a P takes heap pages 64 at a
	// time, aligned, so a new object lies in the chunk its P works in.
	chunk = 256 << 10
	// below and above are how much of the heap around that chunk is
	// populated. Start-up's heap pages spread from a little below the
	// chunk of the first package inits to 1-2 MB above it (about 290
	// pages touched of some 530 for `panto lua -e ''`). The sizes were
	// chosen by measurement: 1.5 MB above saved no more CPU than 1 MB
	// and held 0.4 MB more resident.
	below = 256 << 10
	above = 1024 << 10
	// step is the size of each call below the chunk, which stops at the
	// first address that is not mapped read-write.
	step = 64 << 10
)

// sink keeps the probe object on the heap.
var sink *[64]byte

func init() {
	// First, so that what follows maps the executable a page at a time.
	// What the runtime's set-up mapped 64 KB at a time is unmapped too
	// (2.5 MB of the 8.4 MB an empty `panto lua` holds without, for some
	// 0.5 ms of faults).
	if v, _ := syscall.Getenv("PANTO_FAULT_AROUND"); v != "1" {
		faultAroundOff(true)
	}
	sink = new([64]byte)
	base := uintptr(unsafe.Pointer(sink)) &^ (chunk - 1)
	populate(base, below, above)
}

// populate maps in [base, base+up) in one call, then the memory below
// base in step-sized calls downwards, down to base-down, stopping at the
// first call that fails (the start of the heap's mapping). A call that
// runs past the end of a mapping maps what lies before it.
func populate(base, down, up uintptr) { populateStep(base, down, up, step) }

// populateStep is populate with the step below base as a parameter.
func populateStep(base, down, up, step uintptr) {
	madvise(base, up)
	for a := base; a > base-down && a >= step; a -= step {
		if madvise(a-step, step) != 0 {
			break
		}
	}
}

func madvise(addr, n uintptr) syscall.Errno {
	_, _, e := syscall.Syscall(syscall.SYS_MADVISE, addr, n, madvPopulateWrite)
	return e
}
