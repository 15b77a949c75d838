package prefault

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestReadOnlyPanto checks readOnly on the program headers of a panto
// build (readelf -l): the header page, the code and the read-only data,
// not the writable segment nor its RELRO page.
func TestReadOnlyPanto(t *testing.T) {
	const page = 0x1000
	progs := []elfProg{
		{typ: ptPHDR, flags: 4, vaddr: 0x400040, memsz: 0x188},
		{typ: ptLoad, flags: 4, vaddr: 0x400000, memsz: 0x1648},
		{typ: ptLoad, flags: 5, vaddr: 0x402000, memsz: 0xb1a335},
		{typ: ptLoad, flags: 4, vaddr: 0xf1d000, memsz: 0xd923c0},
		{typ: ptLoad, flags: 6, vaddr: 0x1cb0df0, memsz: 0x23c4bb0},
		{typ: 0x6474e552 /* PT_GNU_RELRO */, flags: 4, vaddr: 0x1cb0df0, memsz: 0x210},
	}
	want := []segment{{0x400000, 0x402000}, {0x402000, 0xf1d000}, {0xf1d000, 0x1cb0000}}
	if got := readOnly(progs, 0x400040, page); !reflect.DeepEqual(got, want) {
		t.Errorf("readOnly = %#x, want %#x", got, want)
	}
}

// Releasing this test binary's own pages leaves it running: the code and
// read-only data it uses afterwards come back from the page cache. A
// position-independent build is released too (readOnly applies the load
// bias).
func TestReleaseExecutable(t *testing.T) {
	if traced() {
		if n := ReleaseExecutable(); n != 0 {
			t.Fatalf("released %d segments of a traced process", n)
		}
		t.Skip("traced: nothing is released")
	}
	if n := ReleaseExecutable(); n == 0 {
		t.Fatal("released no segment of the test binary")
	}
	if got := fmt.Sprintf("%d-%s", 6, strings.Repeat("x", 2)); got != "6-xx" {
		t.Fatalf("after the release: %q", got)
	}
}
