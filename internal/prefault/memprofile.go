package prefault

import "runtime"

// The heap profiler's sampling is turned off here, before the package
// inits that follow allocate. Go samples an allocation every 512 KB on
// average in any program that links runtime/pprof (panto does, for
// PANTO_CPUPROFILE), and each sample unwinds the allocating stack
// (reading the binary's function tables, which faults them in) and
// files it in a 1.4 MB hash table of stacks, touched a page at a time:
// memory and work for a profile that panto never writes. A program that
// does write one sets runtime.MemProfileRate after this (bench/cmd/leanlua
// with LEANLUA_HEAPPROFILE).
func init() { runtime.MemProfileRate = 0 }
