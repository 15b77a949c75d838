package main

import (
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
)

// heapProfileAtPeak writes a heap profile to path after every collection
// that finds a larger live heap than any before, so that the file left at
// exit shows the live heap at its largest: where a program's peak RSS
// comes from (LEANLUA_HEAPPROFILE=path; `go tool pprof -sample_index
// inuse_space`). A profile reflects the last completed collection, which
// is the one that just ran.
func heapProfileAtPeak(path string) {
	runtime.MemProfileRate = 4096
	s := &peakSampler{path: path, sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
	s.arm()
}

type peakSampler struct {
	path   string
	sample []metrics.Sample
	most   uint64
}

// probe is collected at each cycle; its cleanup samples and re-arms.
type probe struct {
	_ *int
	_ [2]uintptr
}

func (s *peakSampler) arm() {
	runtime.AddCleanup(&probe{}, func(s *peakSampler) {
		s.check()
		s.arm()
	}, s)
}

func (s *peakSampler) check() {
	metrics.Read(s.sample)
	live := s.sample[0].Value.Uint64()
	if live <= s.most {
		return
	}
	s.most = live
	f, err := os.Create(s.path)
	if err != nil {
		return
	}
	defer f.Close()
	pprof.Lookup("heap").WriteTo(f, 0)
}
