package prefault

import "syscall"

// ReleaseExecutable gives back the pages of the executable's code and
// read-only data that the process has mapped so far, so that the rest of
// the run holds in its resident set only the pages it uses again.
//
// Package initialisation reads much of a large binary (chroma's lexer
// definitions, jsonschema's meta-schemas, the ABI description) that a run
// does not use again. The read-only segments can be dropped at any time
// (a page used again is mapped again from the page cache, a page at a
// time where faultAroundOff took), and MADV_NOHUGEPAGE asks for what is
// mapped afterwards to be mapped in small pages. Only segments with no
// page shared with a writable one are released (readOnly): the RELRO
// page, which the dynamic loader wrote before making it read-only,
// belongs to the writable segment. A traced process is left alone, as in
// faultAroundOff: a debugger's breakpoints live in private copies of the
// code's pages, which the release would drop. It reports how many
// segments it released; a failure only leaves the pages where they are.
func ReleaseExecutable() int {
	if traced() {
		return 0
	}
	n := 0
	for _, s := range readOnlySegments() {
		size := s.end - s.start
		syscall.Syscall(syscall.SYS_MADVISE, s.start, size, syscall.MADV_NOHUGEPAGE)
		if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, s.start, size, syscall.MADV_DONTNEED); errno == 0 {
			n++
		}
	}
	return n
}
