package main

import (
	"debug/elf"
	"os"
	"syscall"
)

// releaseExecutablePages gives back the pages of panto's own executable
// that start-up touched, so that the rest of the run holds in its
// resident set only the pages it uses.
//
// Package initialisation reads much of the 37 MB binary (chroma's lexer
// definitions, jsonschema's meta-schemas, the ABI description) that a run
// does not use again, and Linux maps an executable's page cache in large
// pages where it can (FilePmdMapped in smaps): an empty `panto lua` held
// 24 MB of file-backed pages. The executable's read-only segments can be
// dropped at any time (a page used again is mapped again from the page
// cache), and MADV_NOHUGEPAGE asks for what is mapped afterwards to be
// mapped in small pages. Only the segments the ELF headers declare
// read-only are released: the RELRO page, which the dynamic loader wrote
// before making it read-only, belongs to the writable segment. A
// position-independent build (whose addresses would need the load bias)
// is left alone. It reports how many segments it released; a failure
// only leaves the pages where they are. Where internal/prefault turned
// the kernel's fault-around off, what the run maps again comes back a
// page at a time rather than 64 KB at a time.
func releaseExecutablePages() int {
	f, err := elf.Open("/proc/self/exe")
	if err != nil {
		return 0
	}
	defer f.Close()
	if f.Type != elf.ET_EXEC {
		return 0
	}
	n := 0
	for _, r := range readOnlySegments(f.Progs, uint64(os.Getpagesize())) {
		size := r.end - r.start
		syscall.Syscall(syscall.SYS_MADVISE, r.start, size, syscall.MADV_NOHUGEPAGE)
		if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, r.start, size, syscall.MADV_DONTNEED); errno == 0 {
			n++
		}
	}
	return n
}

// span is an address range of the process, page-aligned.
type span struct{ start, end uintptr }

// readOnlySegments returns the page ranges of the loadable segments that
// are not writable, rounded outwards to whole pages, leaving out any page
// shared with a writable segment.
func readOnlySegments(progs []*elf.Prog, page uint64) []span {
	var writable []span
	for _, p := range progs {
		if p.Type == elf.PT_LOAD && p.Flags&elf.PF_W != 0 {
			writable = append(writable, span{uintptr(p.Vaddr &^ (page - 1)), uintptr((p.Vaddr + p.Memsz + page - 1) &^ (page - 1))})
		}
	}
	var out []span
	for _, p := range progs {
		if p.Type != elf.PT_LOAD || p.Flags&elf.PF_W != 0 || p.Memsz == 0 {
			continue
		}
		s := span{uintptr(p.Vaddr &^ (page - 1)), uintptr((p.Vaddr + p.Memsz + page - 1) &^ (page - 1))}
		for _, w := range writable {
			if s.start < w.end && w.start < s.end { // overlap: trim to the part below or above
				if w.start > s.start {
					s.end = w.start
				} else {
					s.start = w.end
				}
			}
		}
		if s.start < s.end {
			out = append(out, s)
		}
	}
	return out
}
