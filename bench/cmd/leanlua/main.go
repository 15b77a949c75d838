// Command leanlua is the lean engine: a lua command built from panto's
// runtime, compiler and standard library alone (internal/luacli), with the
// collector pace and memory limit `panto lua` sets, and none of the agent,
// the host or the terminal UI. bench/rss.sh measures it beside `panto lua`
// so that the engine's own memory can be told apart from the floor of the
// whole panto binary (docs/benchmarks.md, "Peak memory").
package main

import (
	"os"
	goruntime "runtime"
	"runtime/debug"

	"panto/internal/gcpace"
	"panto/internal/luacli"
	"panto/runtime"
)

func main() {
	// As cmd/panto (internal/prefault): the heap profiler samples only
	// when a profile is to be written.
	heapProfile := os.Getenv("LEANLUA_HEAPPROFILE")
	if heapProfile == "" {
		goruntime.MemProfileRate = 0
	}
	// As cmd/panto's tuneGC, so that only the linked packages differ.
	gcpace.Start()
	if heapProfile != "" {
		heapProfileAtPeak(heapProfile)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(runtime.MemoryCeiling() / 4 * 3)
	}
	o := luacli.Options{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Progname: "lua"}
	os.Exit(luacli.Main(append([]string{"lua"}, os.Args[1:]...), o))
}
