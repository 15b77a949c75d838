package runtime

import (
	"runtime"
	"strings"
	"time"
	"unsafe"
)

// Lua-visible garbage collection. Go's collector owns memory; what Lua
// programs can observe of a collection is done here: entries of weak
// tables disappear, objects with a __gc metamethod are finalized. Both
// need to know which objects are unreachable from Lua, which only a mark
// over the Lua object graph can tell (Go's collector still sees the weak
// tables' and the finalization list's own references), so a cycle is:
//
//  1. mark everything reachable from the roots (registry, type metatables,
//     the running threads, objects waiting for their finalizer), treating
//     weak references as the reference does: weak-valued tables keep their
//     keys, weak-keyed tables are ephemerons (a value is reachable only if
//     its key is), fully weak tables keep nothing;
//  2. clear the weak values that were not marked;
//  3. move the unmarked objects registered for finalization to the list of
//     pending finalizers, newest registration first, and mark them and
//     what they reach ("resurrection");
//  4. clear the weak keys that are still unmarked, and the weak values of
//     tables reached only through the resurrected objects;
//  5. call the pending finalizers, on the Lua thread that ran the cycle.
//
// This is the order of the reference's atomic phase, so weak tables and
// finalizers interact the same way (an object being finalized has already
// left weak values but stays as a weak key until the next cycle).
//
// docs/gc.md describes the design, the automatic cycles, and every place
// where the result differs from the reference.

// gcState is the per-interpreter state of the Lua-level collector.
type gcState struct {
	// finobj lists the objects marked for finalization (setmetatable with
	// a __gc field), oldest first.
	finobj []Value
	// finset holds finobj and tobefnz, for "already marked" checks.
	finset map[unsafe.Pointer]struct{}
	// tobefnz lists unreachable objects whose finalizer has not run yet,
	// in the order they will run.
	tobefnz []Value

	inFin   bool // a finalizer is running: collectgarbage answers fail
	inCycle bool
	closing bool // State.Close is running: no new finalizers
	closed  bool

	// weakSeen tells that some weak table exists (seen by the last cycle
	// or given a metatable with __mode): automatic cycles have work.
	weakSeen bool

	// Pacing of automatic cycles.
	newFin     int // objects marked for finalization since the last cycle
	notifier   *gcNotifier
	lastMarked int
	lastDur    time.Duration
	lastEnd    time.Time
	cycles     int

	// runningTop, when not 0, is where the live stack of the thread
	// running an automatic cycle ends: the VM paused it at a call, where
	// top is exact, or at a backward jump, where only the frame's active
	// locals are live (liveAtJump).
	runningTop int
	// jumpTarget is where the backward jump that runs the check lands
	// (checkInterruptAtJump): liveAtJump counts the locals active there.
	jumpTarget int
}

// ValueHolder is implemented by Go values stored in a userdata
// (Userdata.Value) that keep Lua values of their own. The collector cannot
// see inside Go values; without this, an object referenced only from such
// a value looks unreachable to it, and would be cleared from weak tables
// or finalized while still in use.
type ValueHolder interface {
	// LuaValues calls visit with every Lua value the Go value holds.
	LuaValues(visit func(Value))
}

var (
	modeKey = tmNameValues[tmMode]
	gcKey   = tmNameValues[tmGC]
)

// collectable reports whether v is an object that weak tables may lose:
// strings, numbers, booleans and Go functions without upvalues (the
// reference's light C functions) are values, never cleared.
func collectable(v Value) bool {
	switch v.t {
	case tagTable, tagLuaFn, tagUserdata, tagThread:
		return true
	case tagGoFn:
		return len(v.gofn().Upvalues) > 0
	}
	return false
}

// marker is the state of one mark phase.
type marker struct {
	marked     map[unsafe.Pointer]struct{}
	gray       []Value
	weakVals   []*Table // __mode "v"
	ephemerons []*Table // __mode "k"
	allWeak    []*Table // __mode "kv"
	running    *State   // the thread running the cycle, whose live frame may extend past top
	// bytes sums the sizes of what is marked, for the memory accounting
	// (memory.go): objects as allocated, strings by their length (long
	// ones once however often they are referenced).
	bytes int64
}

func (m *marker) isMarked(v Value) bool {
	if !collectable(v) {
		return true
	}
	_, ok := m.marked[v.p]
	return ok
}

// mark marks v and queues it for traversal; it reports whether v was
// newly marked.
func (m *marker) mark(v Value) bool {
	if v.t == tagString {
		m.markString(v)
		return false
	}
	if !collectable(v) {
		return false
	}
	if _, ok := m.marked[v.p]; ok {
		return false
	}
	m.marked[v.p] = struct{}{}
	m.gray = append(m.gray, v)
	return true
}

// markString counts a string's bytes. Strings are values, not objects the
// mark traverses, and short ones are counted at each reference; one long
// enough to matter is counted once, by its data address.
func (m *marker) markString(v Value) {
	if v.n >= 256 {
		if _, ok := m.marked[v.p]; ok {
			return
		}
		m.marked[v.p] = struct{}{}
	}
	m.bytes += stringHeader + int64(v.n)
}

func (m *marker) markTable(t *Table) {
	if t != nil {
		m.mark(TableValue(t))
	}
}

// propagate traverses queued objects until none is left.
func (m *marker) propagate() {
	for len(m.gray) > 0 {
		v := m.gray[len(m.gray)-1]
		m.gray = m.gray[:len(m.gray)-1]
		switch v.t {
		case tagTable:
			t := v.table()
			m.bytes += tableAllocBytes(t)
			m.traverseTable(t)
		case tagLuaFn:
			c := v.closure()
			m.bytes += closureBytes + int64(len(c.upvals))*(8+upvalBytes)
			for _, uv := range c.upvals {
				if uv != nil && uv.v != nil {
					m.mark(*uv.v)
				}
			}
		case tagGoFn:
			f := v.gofn()
			m.bytes += int64(unsafe.Sizeof(*f)) + int64(len(f.Upvalues))*int64(valueSize)
			for _, u := range f.Upvalues {
				m.mark(u)
			}
		case tagUserdata:
			u := v.userdata()
			m.bytes += int64(unsafe.Sizeof(*u)) + int64(len(u.userValues))*int64(valueSize)
			m.markTable(u.meta)
			for _, uv := range u.userValues {
				m.mark(uv)
			}
			switch x := u.Value.(type) {
			case Value:
				m.mark(x)
			case ValueHolder:
				x.LuaValues(func(w Value) { m.mark(w) })
			}
		case tagThread:
			th := v.thread()
			m.bytes += int64(unsafe.Sizeof(*th)) + int64(cap(th.stack))*int64(valueSize)
			m.traverseThread(th)
		}
	}
}

// weakMode reads a table's weakness from its current metatable, as the
// reference does at each traversal.
func weakMode(t *Table) (keys, values bool) {
	if t.meta == nil {
		return false, false
	}
	mv := t.meta.getStr(modeKey)
	if mv.t != tagString {
		return false, false
	}
	s := mv.AsString()
	return strings.IndexByte(s, 'k') >= 0, strings.IndexByte(s, 'v') >= 0
}

func (m *marker) traverseTable(t *Table) {
	m.markTable(t.meta)
	wk, wv := weakMode(t)
	switch {
	case wk && wv:
		m.allWeak = append(m.allWeak, t)
	case wv:
		nodes := t.nodes()
		for i := range nodes {
			if n := &nodes[i]; n.val.t != tagNil {
				m.mark(n.key.value())
			}
		}
		m.weakVals = append(m.weakVals, t)
	case wk:
		for _, v := range t.arr {
			m.mark(v)
		}
		m.traverseEphemeron(t)
		m.ephemerons = append(m.ephemerons, t)
	default:
		for _, v := range t.arr {
			m.mark(v)
		}
		nodes := t.nodes()
		for i := range nodes {
			if n := &nodes[i]; n.val.t != tagNil {
				m.mark(n.key.value())
				m.mark(n.val)
			}
		}
	}
}

// traverseEphemeron marks the values whose keys are marked; it reports
// whether it marked anything.
func (m *marker) traverseEphemeron(t *Table) bool {
	changed := false
	nodes := t.nodes()
	for i := range nodes {
		n := &nodes[i]
		if n.val.t != tagNil && m.isMarked(n.key.value()) && m.mark(n.val) {
			changed = true
		}
	}
	return changed
}

// traverseThread marks a thread's stack, hook and pending error. The
// running Lua frame of a thread may have live registers above top (top is
// only exact at calls), so its whole frame is scanned, except when the VM
// paused the thread running the cycle where it knows better (runningTop).
// The dead part of the stack is cleared, as the reference's atomic phase
// clears the stack above top, so that Go's collector can free what it
// held.
func (m *marker) traverseThread(th *State) {
	limit := th.stackLimit()
	if rt := th.g.gc.runningTop; th == m.running && rt > 0 {
		limit = rt
	}
	s := th.stack
	if limit > len(s) {
		limit = len(s)
	}
	for i := 0; i < limit; i++ {
		m.mark(s[i])
	}
	clear(s[limit:])
	m.mark(th.hook.fn)
	m.mark(th.errValue)
}

// liveAtJump returns the end of the live stack of a thread whose running
// Lua frame is stopped at a backward jump landing at gc.jumpTarget: the
// frame's active local variables there, as its debug information lists
// them. Code generated from source keeps nothing else live across a
// backward jump: loops start and labels sit where only locals (the for
// loops' hidden state included) occupy registers. ok is false when the
// function has no debug information to tell (stripped).
func (L *State) liveAtJump() (int, bool) {
	ci := L.ci
	if ci.status&ciLua == 0 {
		return 0, false
	}
	p := ci.cl.p.src
	if len(p.Lines()) == 0 {
		return 0, false
	}
	pc := L.g.gc.jumpTarget
	n := 0
	for _, v := range p.Locals() {
		if int(v.StartPC) > pc {
			break
		}
		if pc < int(v.EndPC) {
			n++
		}
	}
	return ci.fn + 1 + n, true
}

// stackLimit is the end of the live part of a thread's stack.
func (L *State) stackLimit() int {
	limit := L.top
	if ci := L.ci; ci != nil && ci.status&ciLua != 0 && ci.top > limit {
		limit = ci.top
	}
	return limit
}

// converge propagates marks until the ephemeron tables reach a fixed
// point: marking a value may make the key of another entry reachable.
func (m *marker) converge() {
	for {
		m.propagate()
		changed := false
		for i := 0; i < len(m.ephemerons); i++ {
			if m.traverseEphemeron(m.ephemerons[i]) {
				changed = true
				m.propagate()
			}
		}
		if !changed {
			return
		}
	}
}

// clearByValues removes the entries whose values are unmarked objects.
func (m *marker) clearByValues(ts []*Table) {
	for _, t := range ts {
		t.uncache() // a method cache entry may hold what goes
		for i, v := range t.arr {
			if !m.isMarked(v) {
				t.arr[i] = Nil
			}
		}
		nodes := t.nodes()
		for i := range nodes {
			if n := &nodes[i]; n.val.t != tagNil && !m.isMarked(n.val) {
				n.val = Nil
			}
		}
	}
}

// countWeakStrings counts the strings of the entries that weak tables
// kept. A string is a value, never cleared from a weak table, but the
// mark does not visit a weak part: a weak-keyed table's string keys, a
// weak-valued one's string values, both for a fully weak one. Counting
// them once the clearing is done counts what stays (an entry with a
// long string key and a number value) and not what went (one whose
// value was collected). keys and values say which side is weak (the
// other was counted by the mark); the array part is values.
func (m *marker) countWeakStrings(ts []*Table, keys, values bool) {
	for _, t := range ts {
		if values {
			for _, v := range t.arr {
				if v.t == tagString {
					m.markString(v)
				}
			}
		}
		nodes := t.nodes()
		for i := range nodes {
			n := &nodes[i]
			if n.val.t == tagNil {
				continue
			}
			if keys && n.key.t() == tagString {
				m.markString(n.key.value())
			}
			if values && n.val.t == tagString {
				m.markString(n.val)
			}
		}
	}
}

// clearByKeys removes the entries whose keys are unmarked objects. The key
// stays in its node as a dead key, so a traversal in progress can go on.
func (m *marker) clearByKeys(ts []*Table) {
	for _, t := range ts {
		t.uncache() // a method cache entry may hold what goes
		nodes := t.nodes()
		for i := range nodes {
			if n := &nodes[i]; n.val.t != tagNil && !m.isMarked(n.key.value()) {
				n.val = Nil
			}
		}
	}
}

// markRoots starts a mark phase from thread L: the registry, the basic
// types' metatables, the main thread, L and the threads that resumed it,
// and the objects waiting for their finalizer.
func (L *State) markRoots() *marker {
	g := L.g
	gs := &g.gc
	m := &marker{marked: make(map[unsafe.Pointer]struct{}, gs.lastMarked+gs.lastMarked/4+64), running: L}
	m.markTable(g.registry)
	for _, mt := range g.typeMeta {
		m.markTable(mt)
	}
	m.mark(ThreadValue(g.mainThread))
	for th := L; th != nil; th = th.resumer {
		m.mark(ThreadValue(th))
	}
	for _, o := range gs.tobefnz {
		m.mark(o)
	}
	return m
}

// gcCycle runs a mark phase from thread L, clears weak tables and moves
// unreachable finalizable objects to the pending list. It runs no Lua
// code, so it may run wherever the VM can be paused.
func (L *State) gcCycle() {
	g := L.g
	gs := &g.gc
	if gs.inCycle {
		return
	}
	gs.inCycle = true
	defer func() { gs.inCycle = false }()
	start := time.Now()

	m := L.markRoots()
	m.converge()

	m.clearByValues(m.weakVals)
	m.clearByValues(m.allWeak)
	origWeak, origAll := len(m.weakVals), len(m.allWeak)

	// Separate the unreachable objects with finalizers, newest first.
	var dead []Value
	for i := len(gs.finobj) - 1; i >= 0; i-- {
		if o := gs.finobj[i]; !m.isMarked(o) {
			dead = append(dead, o)
		}
	}
	if len(dead) > 0 {
		live := gs.finobj[:0]
		for _, o := range gs.finobj {
			if m.isMarked(o) {
				live = append(live, o)
			}
		}
		clear(gs.finobj[len(live):])
		gs.finobj = live
		gs.tobefnz = append(gs.tobefnz, dead...)
		for _, o := range dead {
			m.mark(o)
		}
		m.converge()
	}

	m.clearByKeys(m.ephemerons)
	m.clearByKeys(m.allWeak)
	m.clearByValues(m.weakVals[origWeak:])
	m.clearByValues(m.allWeak[origAll:])
	m.countWeakStrings(m.weakVals, false, true)
	m.countWeakStrings(m.ephemerons, true, false)
	m.countWeakStrings(m.allWeak, true, true)

	gs.weakSeen = len(m.weakVals)+len(m.ephemerons)+len(m.allWeak) > 0
	gs.lastMarked = len(m.marked)
	g.mem.estimate = m.bytes + L.pendingBytes()
	g.mem.measured = true
	gs.newFin = 0
	gs.cycles++
	gs.lastEnd = time.Now()
	gs.lastDur = gs.lastEnd.Sub(start)
}

// checkFinalizer marks object o for finalization when its new metatable
// has a __gc field, as lua_setmetatable does: a __gc added to the
// metatable later does not count. It also notes weak tables, for the
// pacing of automatic cycles.
func (L *State) checkFinalizer(o Value, mt *Table) {
	if mt == nil {
		return
	}
	gs := &L.g.gc
	// fastTM remembers absent fields, so the common metatable without
	// __mode and __gc costs two bit tests.
	if L.fastTM(mt, tmMode).t == tagString {
		gs.weakSeen = true
		gs.startNotifier()
	}
	if gs.closing || L.fastTM(mt, tmGC).t == tagNil {
		return
	}
	if gs.finset == nil {
		gs.finset = make(map[unsafe.Pointer]struct{})
	}
	if _, ok := gs.finset[o.p]; ok {
		return
	}
	gs.finset[o.p] = struct{}{}
	gs.finobj = append(gs.finobj, o)
	gs.newFin++
	gs.startNotifier()
	// A requested cycle may run here. o need not be reachable from Lua
	// yet (a Go function sets the metatable of the userdata it is about
	// to return), so it stays on the stack meanwhile: its own finalizer
	// must not find it garbage.
	L.push(o)
	L.gcPollGo()
	L.top--
	L.stack[L.top] = Nil
}

// SetMetatable sets the metatable of v, like lua_setmetatable: for a
// table or a userdata its own metatable (registering its finalizer when mt
// has a __gc field), for other types the metatable shared by the type.
// It does not check __metatable protection.
func (L *State) SetMetatable(v Value, mt *Table) {
	switch v.t {
	case tagTable:
		v.table().SetMetatable(mt)
		L.checkFinalizer(v, mt)
	case tagUserdata:
		v.userdata().SetMetatable(mt)
		L.checkFinalizer(v, mt)
	default:
		L.SetTypeMetatable(v, mt)
	}
}

// runFinalizers calls the pending finalizers in order on thread L. It is
// not reentrant: a finalizer that triggers a collection leaves the
// finalizers it finds for the outer loop.
func (L *State) runFinalizers() {
	if L.g.gc.inFin {
		return
	}
	L.runPendingFinalizers()
}

// runPendingFinalizers calls the finalizers queued in tobefnz, in order,
// even from inside a finalizer (only a nested Close does that).
func (L *State) runPendingFinalizers() {
	gs := &L.g.gc
	for len(gs.tobefnz) > 0 {
		o := gs.tobefnz[0]
		gs.tobefnz[0] = Nil
		gs.tobefnz = gs.tobefnz[1:]
		delete(gs.finset, o.p)
		L.callFinalizer(o)
	}
	gs.tobefnz = nil
}

// callFinalizer runs the __gc metamethod of o (the one its metatable has
// now) in protected mode, with hooks off and collections answering fail.
// An error becomes the warning "error in __gc (msg)".
func (L *State) callFinalizer(o Value) {
	mt := L.metatable(o)
	if mt == nil {
		return
	}
	tm := mt.getStr(gcKey)
	if tm.t == tagNil {
		return
	}
	gs := &L.g.gc
	if !tm.IsFunction() && L.metaOf(tm, tmCall).t == tagNil {
		// The reference names the finalizer in this message; calling it
		// from here would not.
		L.Warn("error in __gc (attempt to call a "+L.objTypeName(tm)+" value (metamethod '__gc'))", false)
		return
	}
	oldDisabled := L.hook.disabled
	oldInFin := gs.inFin
	gs.inFin = true
	L.hook.disabled = true
	ci := L.ci
	oldStatus := ci.status
	ci.status |= ciFin
	base := L.top
	if ci.status&ciLua != 0 && base < ci.top {
		base = ci.top
	}
	savedTop := L.top
	L.ensureStack(base + 2 + minGoStack)
	L.top = base
	L.stack[base] = tm
	L.stack[base+1] = o
	L.top = base + 2
	st := L.pcall(base, 0, 0)
	ci.status = oldStatus
	L.hook.disabled = oldDisabled
	gs.inFin = oldInFin
	if st != StatusOK {
		msg := "error object is not a string"
		if e := L.stack[base]; e.t == tagString {
			msg = e.AsString()
		}
		L.Warn("error in __gc ("+msg+")", false)
	}
	clear(L.stack[base:L.top])
	L.top = savedTop
}

// fullCycle is collectgarbage("collect"): a cycle, the finalizers it
// found, and Go's collector, so that "count" reflects the freed memory.
func (L *State) fullCycle() {
	// Stale slots above the top keep garbage alive for Go's collector.
	clear(L.stack[L.stackLimit():])
	L.gcCycle()
	L.runFinalizers()
	runtime.GC()
}

// CollectGarbage performs a full collection, like collectgarbage(): weak
// tables lose their unreachable entries, finalizers of unreachable objects
// run (on L), and Go's collector runs.
func (L *State) CollectGarbage() { L.fullCycle() }

// SetGCMode sets the collector mode reported by collectgarbage,
// "incremental" or "generational", and returns the previous one. The
// standalone interpreter starts in generational mode, a bare state in
// incremental mode, as in the reference. The mode only changes what
// collectgarbage("step") answers (see docs/gc.md).
func (L *State) SetGCMode(mode string) string {
	prev := L.g.gcMode
	if mode == "incremental" || mode == "generational" {
		L.g.gcMode = mode
	}
	return prev
}

// Close closes the interpreter, as lua_close does: the main thread's
// pending to-be-closed variables are closed (with no error), then the
// finalizer of every object marked for finalization runs, reachable or
// not, newest first, after those already pending. The state must not be
// used afterwards. Closing twice does nothing.
func (L *State) Close() {
	g := L.g
	gs := &g.gc
	if gs.closed {
		if gs.closing {
			// Closed again from a finalizer that Close runs
			// (os.exit(code, true) in a __gc): the reference's nested
			// lua_close calls the finalizers still pending before the
			// process ends, so they run here too.
			g.mainThread.runPendingFinalizers()
		}
		return
	}
	gs.closed = true
	M := g.mainThread
	M.ci = &M.baseCI
	M.closeProtected(1, StatusOK, Nil)
	gs.closing = true
	for i := len(gs.finobj) - 1; i >= 0; i-- {
		gs.tobefnz = append(gs.tobefnz, gs.finobj[i])
	}
	gs.finobj = nil
	M.runFinalizers()
	gs.stopNotifier()
}

// stepCompletes answers collectgarbage("step", n) as the reference would:
// whether a step of that size finishes a collection cycle. A step here
// always does a whole cycle (there is no incremental state to advance),
// but programs loop on the answer, so it follows the reference's
// arithmetic: an incremental step does about stepmul * (64n + 512) units
// of work (its debt of n kilobytes plus one step size, in units of one
// value's 16 bytes), and the cycle takes about the live heap's size in
// those units, as the last mark measured it. A generational step never
// ends a cycle.
func (L *State) stepCompletes(n int64) bool {
	g := L.g
	if g.gcMode != "incremental" {
		return false
	}
	stepmul := int64(g.gcStepMul | 1)
	work := g.mem.estimate / 16
	if n < 0 {
		n = 0
	}
	return work <= stepmul*(64*min(n, 1<<40)+512)
}

// gcParam stores a pause or step multiplier the way the reference does
// (a byte holding a quarter of the value) and returns what it will read
// back.
func gcParam(v int64) int {
	return int(uint8(int32(v)/4)) * 4
}

// baseCollectGarbage is collectgarbage. Inside a finalizer every option
// answers fail (nil), as in the reference, after checking its arguments.
func baseCollectGarbage(L *State) int {
	opts := []string{"stop", "restart", "collect", "count", "step", "setpause", "setstepmul", "isrunning", "generational", "incremental"}
	o := opts[L.CheckOption(1, "collect", opts)]
	g := L.g
	gs := &g.gc
	var a, b, c int64
	switch o {
	case "step", "setpause", "setstepmul":
		a = L.OptInteger(2, 0)
	case "generational":
		a, b = L.OptInteger(2, 0), L.OptInteger(3, 0)
	case "incremental":
		a, b, c = L.OptInteger(2, 0), L.OptInteger(3, 0), L.OptInteger(4, 0)
	}
	if gs.inFin {
		L.Push(Nil)
		return 1
	}
	switch o {
	case "collect":
		L.fullCycle()
		L.Push(Int(0))
	case "count":
		L.Push(Float(float64(L.MemoryInUse()) / 1024))
	case "step":
		L.gcCycle()
		L.runFinalizers()
		L.Push(Bool(L.stepCompletes(a)))
	case "setpause":
		L.Push(Int(int64(g.gcPause)))
		g.gcPause = gcParam(a)
	case "setstepmul":
		L.Push(Int(int64(g.gcStepMul)))
		g.gcStepMul = gcParam(a)
	case "isrunning":
		L.Push(Bool(!g.gcStopped))
	case "stop":
		g.gcStopped = true
		L.Push(Int(0))
	case "restart":
		g.gcStopped = false
		L.Push(Int(0))
	case "generational":
		_, _ = a, b // minor and major multipliers: nothing to tune
		L.PushString(L.SetGCMode("generational"))
	case "incremental":
		if a != 0 {
			g.gcPause = gcParam(a)
		}
		if b != 0 {
			g.gcStepMul = gcParam(b)
		}
		_ = c // step size: nothing to tune
		L.PushString(L.SetGCMode("incremental"))
	}
	return 1
}
