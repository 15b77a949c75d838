package build

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"panto/bundle"
	"panto/compiler"
)

// benchTree lays out real Lua code as extensions: the bench programs
// (json, oop, strings, ... 30 KB of source) and the demo tree.
func benchTree(b *testing.B) (dir string, sources []string) {
	dir = b.TempDir()
	progs, _ := filepath.Glob("../bench/programs/*.lua")
	demo, _ := filepath.Glob("testdata/demo/*/*.lua")
	if len(progs) == 0 {
		b.Skip("bench/programs not found")
	}
	os.MkdirAll(filepath.Join(dir, "extensions"), 0o755)
	for _, p := range append(progs, demo...) {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		dst := filepath.Join(dir, "extensions", filepath.Base(p))
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			b.Fatal(err)
		}
		sources = append(sources, dst)
	}
	return dir, sources
}

// BenchmarkLoadVsCompile compares what a host does to get runnable
// prototypes for a set of extensions: from a bundle (read the file, check
// its digests, decode and verify every chunk) against from the sources
// (read every file, parse, generate code). Each iteration does both and
// the benchmark reports each and the ratio.
func BenchmarkLoadVsCompile(b *testing.B) {
	dir, sources := benchTree(b)
	res, err := Build(opts(dir, dir))
	if err != nil {
		b.Fatal(err)
	}
	pkg := filepath.Join(b.TempDir(), "bench.pkg")
	if err := WriteFile(pkg, res.Data); err != nil {
		b.Fatal(err)
	}
	var srcBytes int
	for _, s := range sources {
		fi, _ := os.Stat(s)
		srcBytes += int(fi.Size())
	}
	// Each phase runs reps times in a row, so the CPU-time clock (which
	// ticks coarsely) measures something, and the phases alternate, so
	// a busy machine slows both alike.
	const reps = 20
	var load, comp, loadCPU, compCPU time.Duration
	b.ResetTimer()
	for b.Loop() {
		c0, t0 := cpuTime(), time.Now()
		for range reps {
			if _, err := bundle.Open(pkg, bundle.Options{}); err != nil {
				b.Fatal(err)
			}
		}
		c1, t1 := cpuTime(), time.Now()
		for range reps {
			for _, s := range sources {
				data, err := os.ReadFile(s)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := compiler.Compile("@"+s, string(data)); err != nil {
					b.Fatal(err)
				}
			}
		}
		c2, t2 := cpuTime(), time.Now()
		load += t1.Sub(t0)
		comp += t2.Sub(t1)
		loadCPU += c1 - c0
		compCPU += c2 - c1
	}
	n := float64(b.N * reps)
	b.ReportMetric(float64(load.Nanoseconds())/n, "load-ns")
	b.ReportMetric(float64(comp.Nanoseconds())/n, "compile-ns")
	b.ReportMetric(float64(comp)/float64(load), "speedup-wall")
	b.ReportMetric(float64(compCPU)/float64(loadCPU), "speedup-cpu")
	b.ReportMetric(float64(srcBytes), "source-bytes")
	b.ReportMetric(float64(len(res.Data)), "bundle-bytes")
}

// cpuTime is the CPU time the process has used (user and system, all
// threads): unlike wall time it does not count the time other processes
// on a busy machine took, and it does count the garbage collector's work
// on other threads.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkBuild measures a whole build of the same tree.
func BenchmarkBuild(b *testing.B) {
	dir, _ := benchTree(b)
	o := opts(dir, dir)
	for b.Loop() {
		if _, err := Build(o); err != nil {
			b.Fatal(err)
		}
	}
}
