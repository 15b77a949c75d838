package runtime

import (
	"os"
	"strconv"
	"strings"
	"unsafe"
)

// Memory accounting. Go's collector owns the memory, but a Lua state
// needs figures of its own: collectgarbage("count") reports what the
// program uses (small objects included, dropping after a collection that
// freed something), and a memory limit per state turns exhaustion into
// the error "not enough memory", which pcall can catch and which leaves
// the host alive, where running out of address space would kill the whole
// process with a Go "fatal error".
//
// The estimate is what the last mark found reachable (gc.go sums the
// sizes of what it marks) plus what was charged since: the VM charges the
// tables, closures, strings and stacks it makes and grows, and Go code
// making objects for Lua calls ChargeAlloc before it allocates. Memory
// freed by Go's collector leaves the estimate only at the next mark; the
// estimate is therefore high between collections, never low, which is
// the safe side for a limit. When a charge takes the estimate past the
// limit, an emergency cycle measures what is really live (as the reference
// collects before it gives up), and only if that plus the new charge is
// still over the limit does the allocation fail.

// memState is the accounting of one interpreter.
type memState struct {
	limit    int64 // bytes; noLimit for none
	estimate int64 // bytes believed in use
	measured bool  // a mark has measured the heap
}

// memoryError is the message of an allocation refused by the limit, the
// reference's exactly.
const memoryError = "not enough memory"

// ChargeAlloc records that Go code is about to allocate n bytes for this
// state (a string it builds, a buffer it grows). It counts the work as
// ticks (TickBytes), so that budgets and deadlines see a call that copies
// gigabytes, and raises "not enough memory" (StatusMemoryError, which no
// message handler sees, as in the reference) when even after a collection
// the state would go over its memory limit. Call it before allocating.
func (L *State) ChargeAlloc(n int) {
	// Small enough to be inlined: a kilobyte or more, or a charge past
	// the limit, goes to chargeSlow.
	// What the running Go function builds stays its own (callInfo.pending)
	// until it returns: a mark cannot see it, and a measurement adds it.
	L.ci.pending += int64(n)
	m := &L.g.mem
	if m.estimate += int64(n); uint(n) >= 1024 || m.estimate > m.limit {
		L.chargeSlow(n)
	}
}

// pendingBytes sums what the Go functions running on L and on the threads
// that resumed it have charged and not yet returned as Lua values. Only
// Go frames count: callGo zeroes a frame's pending when it starts, and a
// record reused for a Lua frame keeps a stale one.
func (L *State) pendingBytes() int64 {
	var n int64
	for th := L; th != nil; th = th.resumer {
		for ci := th.ci; ci != nil; ci = ci.prev {
			if ci.status&ciLua == 0 && ci != &th.baseCI {
				n += ci.pending
			}
		}
	}
	return n
}

// chargeSlow is ChargeAlloc for large charges (counted as ticks too) and
// for those that go past the limit.
func (L *State) chargeSlow(n int) {
	if n < 0 { // not a size: undo
		L.ci.pending -= int64(n)
		L.g.mem.estimate -= int64(n)
		return
	}
	L.TickBytes(n)
	if m := &L.g.mem; m.estimate > m.limit {
		L.memoryPressure(0) // n is pending: the mark adds it
	}
}

// charge adds n bytes to the estimate, checking the limit. It is small
// enough to be inlined where the VM makes objects.
func (L *State) charge(n int64) {
	m := &L.g.mem
	m.estimate += n
	if m.estimate > m.limit {
		L.memoryPressure(n)
	}
}

// memoryPressure runs when a charge took the estimate past the limit: an
// emergency cycle measures the live heap (clearing weak tables and queuing
// finalizers as any cycle does, which is what the reference's emergency
// collection does too), and the charge fails if it still does not fit.
// extra is what the charge adds that the mark cannot see: an object the
// VM is about to make (not what a Go function has pending, which the
// measurement adds, nor a table's growth, already made). The finalizers
// found run at the next collection, not here, since the caller may be in
// the middle of an instruction.
func (L *State) memoryPressure(extra int64) {
	g := L.g
	m := &g.mem
	if !g.gc.inCycle {
		L.gcCycle() // the marked bytes, and what is pending
		m.estimate += extra
	}
	if m.estimate > m.limit {
		m.estimate -= extra
		L.throwStatus(StatusMemoryError, String(memoryError))
	}
}

// SetMemoryLimit sets the most memory, in bytes, the state's objects may
// use (0: no limit), and returns the previous limit. NewState sets
// DefaultMemoryLimit.
func (L *State) SetMemoryLimit(n int64) int64 {
	m := &L.g.mem
	prev := m.limit
	if prev == noLimit {
		prev = 0
	}
	m.limit = n
	if n <= 0 {
		m.limit = noLimit
	}
	return prev
}

// noLimit is the limit of a state without one: charge compares with it
// like with any other.
const noLimit = int64(1<<63 - 1)

// MemoryInUse returns the state's estimate of the bytes its objects use
// (what collectgarbage("count") reports in kilobytes), measuring the heap
// first if it never has.
func (L *State) MemoryInUse() int64 {
	m := &L.g.mem
	if !m.measured {
		L.measureHeap()
	}
	return m.estimate
}

// measureHeap measures the live heap with a mark that changes nothing:
// no weak entry is cleared and no finalizer queued.
func (L *State) measureHeap() {
	mk := L.markRoots()
	mk.converge()
	L.g.mem.estimate = mk.bytes + L.pendingBytes()
	L.g.mem.measured = true
}

// newMemState starts the accounting with limit (0: none).
func newMemState(limit int64) memState {
	if limit <= 0 {
		limit = noLimit
	}
	return memState{limit: limit}
}

// DefaultMemoryLimit is the memory limit of a new state: a quarter of the
// smallest of the machine's memory and the process's address-space and
// data-segment limits. The rest is headroom: Go's collector may need as
// much again for garbage not yet collected, and a table that doubles its
// storage allocates the new part before the old one is freed (its growth
// is charged after the fact, tables not knowing their state). PANTO_MEMORY_LIMIT, in
// bytes or with a K, M or G suffix, overrides it; 0 there means no limit.
func DefaultMemoryLimit() int64 {
	if s := os.Getenv("PANTO_MEMORY_LIMIT"); s != "" {
		if n, ok := ParseByteSize(s); ok {
			return n
		}
	}
	return MemoryCeiling() / 4
}

// MemoryCeiling is the most memory the process can use: the smallest of
// the machine's memory and the process's address-space and data-segment
// limits (ulimit -v, -d). A program embedding states can give it to Go's
// collector as its soft limit (debug.SetMemoryLimit), so that it collects
// harder before the process runs out; panto does.
func MemoryCeiling() int64 { return memoryCeiling }

var memoryCeiling = detectMemoryCeiling()

// ParseByteSize reads a size like "512M", "2G", "1048576" (K, M, G and T
// are powers of 1024; a trailing B is allowed).
func ParseByteSize(s string) (int64, bool) {
	s = strings.TrimSuffix(strings.ToUpper(strings.TrimSpace(s)), "B")
	mult := int64(1)
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult != 1 {
			s = s[:n-1]
		}
	}
	v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || v < 0 || v > (1<<62)/mult {
		return 0, false
	}
	return v * mult, true
}

// Sizes charged for the VM's own objects: what Go allocates for them,
// near enough for a limit and for "count".
const (
	tableBytes   = int64(unsafe.Sizeof(Table{}))
	closureBytes = int64(unsafe.Sizeof(Closure{})) + 8
	upvalBytes   = int64(unsafe.Sizeof(upval{}))
	stringHeader = 16
)

// tableAllocBytes is what a table's storage takes.
func tableAllocBytes(t *Table) int64 {
	return tableBytes + int64(cap(t.arr))*int64(valueSize) + int64(t.nodeCount())*int64(nodeSize)
}

// chargeGrowth charges what a store made table t grow by, given its size
// before (tableAllocBytes). Stores that may add a key (the VM's slow path,
// rawset, SETLIST, RawSetInt) call it.
func (L *State) chargeGrowth(t *Table, before int64) {
	if after := tableAllocBytes(t); after > before {
		n := after - before
		if n >= 1024 {
			L.Tick(int(n >> 10))
		}
		m := &L.g.mem
		if m.estimate += n; m.estimate > m.limit {
			L.memoryPressure(0) // the growth is in the table the mark sees
		}
	}
}

// chargeObject charges a new object of n bytes made by the VM (a table, a
// closure, a thread): counted for "count" and the limit, and as ticks when
// it is large.
func (L *State) chargeObject(n int64) {
	if n >= 1024 {
		L.Tick(int(n >> 10))
	}
	L.charge(n)
}

// RawSetInt is t[k] = v without metamethods (lua_rawseti), charging any
// growth of t to the state's memory accounting. Library code that fills
// tables uses it rather than Table.SetInt, so that a loop growing a table
// is held to the memory limit.
func (L *State) RawSetInt(t *Table, k int64, v Value) {
	if t.SetArrayInt(k, v) {
		return // nothing grows
	}
	before := tableAllocBytes(t)
	t.SetInt(k, v)
	L.chargeGrowth(t, before)
}
