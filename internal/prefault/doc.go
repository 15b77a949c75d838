// Package prefault maps in, from its init, the first megabytes of the Go
// heap that start-up is about to touch, in one system call instead of
// one page fault at a time.
//
// Start-up of a large Go program is mostly page faults: package
// initialisation and the runtime's set-up place their first objects of
// each size class in fresh spans, each span's first and last pages
// (Go 1.25's collector keeps a span's mark bits at its end) are touched
// separately, and on a virtual machine with nested paging a fault costs
// 20-25 us where MADV_POPULATE_WRITE maps a page for under 1 us
// (docs/benchmarks.md, "Start-up and the RSS floor"). A blank import from
// package main is all it takes; the package imports only runtime,
// syscall and unsafe, so Go's initialisation order (import path order
// among the packages whose imports are done) runs it among the first.
// Elsewhere than Linux it does not populate, and a kernel without
// MADV_POPULATE_WRITE (before 5.14) refuses the advice and nothing
// changes.
//
// Before that, on Linux 6.7 and later, it turns off the kernel's
// fault-around for the executable's code and read-only data
// (faultaround_linux.go), and unmaps what the runtime's set-up mapped of
// them: a read of the executable then maps the page it needs rather than
// the 64 KB around it, which took an empty `panto lua` from 14 MB resident
// to 6 MB and every program's share of the executable down in proportion
// (docs/benchmarks.md, "Fault-around off").
//
// From the same early init, on every system, it turns off the heap
// profiler's sampling (memprofile.go), which a program that links
// runtime/pprof pays on every 512 KB it allocates whether or not it
// ever writes a heap profile.
package prefault
