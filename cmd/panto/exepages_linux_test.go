package main

import (
	"debug/elf"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestReadOnlySegments(t *testing.T) {
	// The program headers of a panto build (readelf -l), and variations.
	load := func(vaddr, memsz uint64, flags elf.ProgFlag) *elf.Prog {
		return &elf.Prog{ProgHeader: elf.ProgHeader{Type: elf.PT_LOAD, Vaddr: vaddr, Memsz: memsz, Flags: flags}}
	}
	relro := &elf.Prog{ProgHeader: elf.ProgHeader{Type: elf.PT_GNU_RELRO, Vaddr: 0x1cb0df0, Memsz: 0x210, Flags: elf.PF_R}}
	panto := []*elf.Prog{
		load(0x400000, 0x1648, elf.PF_R),
		load(0x402000, 0xb1a335, elf.PF_R|elf.PF_X),
		load(0xf1d000, 0xd923c0, elf.PF_R),
		load(0x1cb0df0, 0x23c4bb0, elf.PF_R|elf.PF_W),
		relro,
	}
	for _, tc := range []struct {
		name  string
		progs []*elf.Prog
		want  []span
	}{
		{"panto: header, text and read-only data, not the writable segment", panto, []span{
			{0x400000, 0x402000}, {0x402000, 0xf1d000}, {0xf1d000, 0x1cb0000},
		}},
		{"a read-only segment ending in the writable segment's first page", []*elf.Prog{
			load(0x1000, 0x1800, elf.PF_R), load(0x2800, 0x1000, elf.PF_R|elf.PF_W),
		}, []span{{0x1000, 0x2000}}},
		{"a read-only segment inside a writable page", []*elf.Prog{
			load(0x1100, 0x100, elf.PF_R), load(0x1000, 0x80, elf.PF_R|elf.PF_W),
		}, nil},
		{"no loadable segment", []*elf.Prog{relro}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := readOnlySegments(tc.progs, 0x1000); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("readOnlySegments = %#x, want %#x", got, tc.want)
			}
		})
	}
}

// Releasing this test binary's own pages leaves it running: the code and
// read-only data it uses afterwards come back from the page cache.
func TestReleaseExecutablePages(t *testing.T) {
	f, err := elf.Open("/proc/self/exe")
	if err != nil {
		t.Skip(err)
	}
	pie := f.Type != elf.ET_EXEC
	f.Close()
	n := releaseExecutablePages()
	switch {
	case pie && n != 0:
		t.Fatalf("released %d segments of a position-independent test binary", n)
	case !pie && n == 0:
		t.Fatal("released no segment of the test binary")
	}
	if got := fmt.Sprintf("%d-%s", 6, strings.Repeat("x", 2)); got != "6-xx" {
		t.Fatalf("after the release: %q", got)
	}
}
