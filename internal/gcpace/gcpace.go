// Package gcpace paces Go's collector for Lua workloads: a large
// allowance of garbage while the live heap is small, a smaller one as it
// grows.
//
// Lua programs allocate small, short-lived objects at a high rate. With
// a small live heap, Go's default pace (GOGC=100, and its 4 MB minimum
// heap) collects so often that the collector costs more than the
// program: GOGC=400 made allocation-heavy bench programs up to 1.7x
// faster. But GOGC is a ratio, so the same setting lets a program whose
// live heap is large hold five times that heap, where the reference Lua
// (pause 200%) holds about twice. And the same program's live heap is
// already larger in panto: a value takes three words against Lua's two.
// Measured on luacheck over 232 files (docs/benchmarks.md, "Peak memory,
// third pass" and "fourth pass"), a heap goal of twice the live heap
// (GOGC=100) rather than three times (200) peaks 10-15% lower for about
// 10% more CPU, and 1.5 times (50) once the live heap passes 32 MB another
// 15% lower for a few percent more (the pace stays 400 while the heap is
// small, which fixed settings do not), while the programs with a small
// live heap (closures, oop, strings) need 400's larger minimum heap.
//
// So the pace follows the live heap measured at the end of each
// collection: at most 400 up to knee, then falling as knee*400/live down
// to 50 at eight times the knee and beyond (percentFor). The heap goal
// therefore grows continuously: 5x the live heap below the knee, the
// live heap plus 16 MB between the knee and eight times it, 1.5x above.
// Within that ceiling a program gets only the headroom its allocation
// rate asks for (rate.go): the allocation-heavy bench programs reach the
// ceiling, while ldoc or a test suite, which allocate slowly, keep about
// twice their live heap (docs/benchmarks.md, "Memory, third pass"). The reference
// Lua waits for its heap to double (pause 200%), but panto's live heap is
// the larger one: a value takes three words against two, a hash node
// twice the reference's.
package gcpace

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

const (
	// smallPercent is GOGC while the live heap is at most knee.
	smallPercent = 400
	// largePercent is GOGC once the live heap is eight times knee or
	// more: a heap goal of 1.5 times the live heap.
	largePercent = 50
	// knee is the live heap where the pace starts to tighten.
	knee = 4 << 20
	// step rounds the percentage, so that a heap that wobbles does not
	// change the setting (a stop of the world) at every cycle.
	step = 25
)

// percentFor is the GOGC for a live heap of live bytes.
func percentFor(live uint64) int {
	if live <= knee {
		return smallPercent
	}
	p := int(uint64(smallPercent) * knee / live)
	p = p / step * step
	return max(p, largePercent)
}

// Start sets the pace and keeps it adjusted after every collection,
// unless the user chose one with the GOGC environment variable; it
// reports whether it did. Call it once, at the start of the program.
func Start() bool {
	if os.Getenv("GOGC") != "" {
		return false
	}
	p := &pacer{
		percent: startPercent,
		sample:  []metrics.Sample{{Name: liveMetric}, {Name: allocsMetric}},
		large:   large,
		since:   cpuTime(),
	}
	debug.SetGCPercent(startPercent)
	p.arm()
	return true
}

// startPercent is the pace until the first collection has measured the
// allocation rate: Go's default, a first collection at 4 MB.
const startPercent = 100

const (
	liveMetric   = "/gc/heap/live:bytes"
	allocsMetric = "/gc/heap/allocs:bytes"
)

// large is the hook set by WhenLarge.
var large *hook

// hook is a function to run once, after the first collection that finds
// more than live bytes live.
type hook struct {
	live uint64
	f    func()
}

// WhenLarge has f run once, on the goroutine that adjusts the pace,
// after the first collection that finds more than live bytes live: work
// that would slow every start-up but pays off for a program whose heap
// grows large. Call it before Start; a second call replaces the first.
// It does nothing when Start does not pace (GOGC set by the user).
func WhenLarge(live uint64, f func()) { large = &hook{live, f} }

// pacer is the adjusting state. Its fields are used only by the cleanup
// that adjust runs in, one at a time.
type pacer struct {
	percent int
	sample  []metrics.Sample
	large   *hook         // nil once run
	since   time.Duration // cpuTime at the last adjustment
	allocs  uint64        // bytes allocated in all until since
}

// sentinel is collected at each Go cycle; its cleanup adjusts the pace
// and arms a new one.
type sentinel struct {
	_ *int // has a pointer, so it is not batched by the tiny allocator
	_ [2]uintptr
}

func (p *pacer) arm() {
	runtime.AddCleanup(&sentinel{}, func(p *pacer) {
		p.adjust()
		p.arm()
	}, p)
}

func (p *pacer) adjust() {
	metrics.Read(p.sample)
	if p.sample[0].Value.Kind() != metrics.KindUint64 || p.sample[1].Value.Kind() != metrics.KindUint64 {
		return
	}
	live := p.sample[0].Value.Uint64()
	now, allocs := cpuTime(), p.sample[1].Value.Uint64()
	rate := 0.0
	if d := (now - p.since).Seconds(); d > 0 {
		rate = float64(allocs-p.allocs) / d
	}
	p.since, p.allocs = now, allocs
	if h := p.large; h != nil && live > h.live {
		p.large = nil
		h.f()
	}
	if want := percentForRate(live, rate); want != p.percent {
		debug.SetGCPercent(want)
		p.percent = want
	}
}
