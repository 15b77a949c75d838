package runtime

import (
	"sync/atomic"
	"unsafe"
)

// The method lookup cache: GETFIELD and SELF with a constant key that the
// receiver table lacks remember, per instruction, what the walk of the
// receiver's __index chain of tables gave, so that the next object of the
// same class gets its method with one probe of its own keys and a few
// comparisons instead of the walk (oop's Square:area() walked seven hash
// probes).
//
// An entry is immutable: for up to methodWays receiver metatables, the
// value the chain gave (nil when no table of the chain has the key), and
// the epoch it was filled at. It holds for any receiver with one of those
// metatables and without the key of its own, as long as no table the
// walk read has changed. Those
// tables (the metatables whose "__index" was read and the __index tables
// whose key and metatable were) are marked when an entry is filled: bit
// cacheMark of their tmAbsent. A change to a marked table bumps the epoch
// (methodEpoch), which invalidates every entry at once, and clears the
// mark (the next fill marks it again). The changes are:
//
//   - any store of a string key (they all clear tmAbsent already:
//     setStr, the dispatch loop's and native code's store paths,
//     replaceExisting, newFieldVM and newField; see keysChanged), and
//     a typed loop copy's SETFIELD stores into a marked table through
//     SetField (Unmarked);
//   - setting its metatable (Table.SetMetatable, setmetatableFast; see
//     uncache);
//   - the collector clearing weak entries of it (gc.go).
//
// Integer keys and a rehash change no string key's value, so they need
// nothing. A chain that reaches an __index function (or anything but a
// table), a long chain and a key stored as another copy of the string are
// never cached: the walk leaves them to the slow path, as before.
//
// The epoch is process-wide and entries are read and written atomically,
// so States that share a prototype's cache (generated code's package
// variables) race on nothing; a bump in one State costs the others a
// refill at most. Bumps are rare once a program's classes are built: a
// table is marked only after a walk read it, and a store into it clears
// the mark until the next walk.

// cacheMark is the bit of Table.tmAbsent that marks a table some method
// cache entry depends on. Lua has 25 events, so bit 31 is never an
// absence.
const cacheMark = 1 << 31

var _ [31 - int(numTMs)]struct{} // every event's bit is below cacheMark

// methodEpoch counts the changes to marked tables.
var methodEpoch atomic.Uint64

// keysChanged is what a store of a string key into t does to t's cached
// facts, for a t whose tmAbsent is not zero: the metamethod absences are
// forgotten, and if a method cache entry depends on t, every entry is.
func (t *Table) keysChanged() {
	if t.tmAbsent&cacheMark != 0 {
		methodEpoch.Add(1)
	}
	t.tmAbsent = 0
}

// uncache is keysChanged for a change of t's metatable or the
// collector's clearing of its weak entries: t's absences (as a
// metatable) still hold, only the method cache entries must go.
func (t *Table) uncache() {
	if t.tmAbsent&cacheMark != 0 {
		methodEpoch.Add(1)
		t.tmAbsent &^= cacheMark
	}
}

// methodEntry is one site's cached lookups (see above), for up to
// methodWays metatables: a site usually sees the objects of a few
// classes (oop's shapes are Squares, Rects and Shapes in turn).
type methodEntry struct {
	epoch uint64
	pc    int32 // the instruction (the interpreter's sites share slots)
	n     int32 // the metatables held
	// streak counts the fills in a row at this instruction whose
	// previous entry went stale within two bumps of the epoch. From
	// methodStreak on, a stale entry is kept for methodSkips misses
	// (skips counts them) before the next fill, so that a site whose
	// tables change at every lookup (a class table that is also a
	// counter) does not allocate an entry at every miss.
	streak int32
	skips  atomic.Int32
	mt     [methodWays]*Table
	v      [methodWays]Value
}

const (
	methodStreak = 3
	methodSkips  = 32
)

const methodWays = 4

// MethodCache is one GETFIELD or SELF site's entry: a package variable
// of generated code per instruction.
type MethodCache struct {
	e atomic.Pointer[methodEntry]
	// H is where GetFieldC or GetTabUpC last found the key in the table
	// itself, for
	// generated code's inlined FieldSlot (the interpreter's slots leave
	// it unused).
	H Hint
}

// methodSites is a prototype's cache for the interpreter: direct-mapped
// by pc, allocated on its first cacheable walk.
type methodSites [methodSiteCount]MethodCache

const methodSiteCount = 64

// cached returns the value cached in c for a receiver with metatable mt
// at instruction pc, which has no key of the constant's hash (the caller
// probed it), or nil when there is none or the entry is stale.
func (c *MethodCache) cached(mt *Table, pc int) *Value {
	e := c.e.Load()
	if e == nil || e.epoch != methodEpoch.Load() || int(e.pc) != pc {
		return nil
	}
	// The ways past n hold no metatable, and mt is not nil.
	for j := range methodWays {
		if e.mt[j] == mt {
			return &e.v[j]
		}
	}
	return nil
}

// fill records in c that the chain of receivers with metatable mt gives
// v at instruction pc, as the walk that began at epoch found it. The
// entry's other metatables are kept when it is of the same instruction
// and epoch; a full one is left as it is (a site with more classes than
// ways walks for the others rather than allocate at every miss), and so
// is a stale one while the site backs off (see streak).
func (c *MethodCache) fill(mt *Table, v *Value, epoch uint64, pc int) {
	old := c.e.Load()
	if old != nil && int(old.pc) != pc {
		old = nil
	}
	var streak int32
	if old != nil && old.epoch != epoch {
		if old.streak >= methodStreak && old.skips.Add(1) <= methodSkips {
			return
		}
		if epoch-old.epoch <= 2 {
			streak = old.streak + 1
		}
		old = nil
	}
	if old != nil && old.n == methodWays {
		return
	}
	// Allocated only now: most misses of a site that backs off fill
	// nothing.
	ne := &methodEntry{epoch: epoch, pc: int32(pc), n: 1, streak: streak}
	if old != nil {
		ne.n, ne.streak, ne.mt, ne.v = old.n+1, old.streak, old.mt, old.v
	}
	ne.mt[ne.n-1], ne.v[ne.n-1] = mt, *v
	c.e.Store(ne)
}

// walkIndex is the walk of t's __index chain of tables for the string
// constant key, from t's metatable: t itself has no value under the key.
// It returns the value found (Nil's address when no table of the chain
// has it) and ok; ok is false when the slow path must decide (an __index
// function or other non-table, a long chain, a key stored as another
// copy of the string). When ok, and c is not nil, it fills c for the
// instruction pc with the result, marking the tables it read.
func walkIndex(t *Table, key *Value, c *MethodCache, pc int) (*Value, bool) {
	h := key.h
	if h == 0 {
		return nil, false
	}
	return walkMeta(t.meta, key, c, pc)
}

// walkMeta is walkIndex from the metatable mt of a receiver without the
// key (a table's, or the string metatable for a string receiver).
func walkMeta(mt *Table, key *Value, c *MethodCache, pc int) (*Value, bool) {
	epoch := methodEpoch.Load()
	if mt == nil {
		return &Nil, true
	}
	m := mt
	var v *Value
	for step := 0; ; step++ {
		if step == maxFastIndexDepth {
			return nil, false
		}
		// m is a metatable: its __index.
		idx := &Nil
		if m.tmAbsent&(1<<tmIndex) == 0 {
			var ok bool
			if idx, ok = probeKey(m, &tmNameValues[tmIndex]); !ok {
				return nil, false
			}
		}
		if idx.t == tagNil {
			m.tmAbsent |= cacheMark
			v = &Nil
			break
		}
		if idx.t != tagTable {
			return nil, false // a function, or an error to raise
		}
		m.tmAbsent |= cacheMark
		it := idx.table()
		s, ok := probeKey(it, key)
		if !ok {
			return nil, false
		}
		if s.t != tagNil || it.meta == nil {
			it.tmAbsent |= cacheMark
			v = s
			break
		}
		it.tmAbsent |= cacheMark
		m = it.meta
	}
	if c != nil {
		c.fill(mt, v, epoch, pc)
	}
	return v, true
}

// probeKey looks the string constant k up in t: its slot (Nil's address
// when absent), or ok false when t holds k's string as another copy.
func probeKey(t *Table, k *Value) (*Value, bool) {
	if t.node == nil {
		return &Nil, true
	}
	h := k.h
	n := t.mainNode(h)
	for {
		if n.key.h == h && n.key.t() == tagString {
			if n.key.p != k.p || n.key.n != k.n {
				return nil, false
			}
			return &n.val, true
		}
		d := n.next()
		if d == 0 {
			return &Nil, true
		}
		n = (*node)(unsafe.Add(unsafe.Pointer(n), int(d)*int(nodeSize)))
	}
}

// methodSlot is the interpreter's cache slot for instruction pc of p,
// the slot array allocated on first use.
func (p *funcProto) methodSlot(pc int) *MethodCache {
	s := p.methods.Load()
	if s == nil {
		s = new(methodSites)
		if !p.methods.CompareAndSwap(nil, s) {
			s = p.methods.Load()
		}
	}
	return &s[uint(pc)%methodSiteCount]
}

// indexMiss is the dispatch loop's GETFIELD or SELF (the constant key k
// at instruction pc of p) when the receiver t, which has no key of k's
// hash with a value, has a metatable the cache had nothing for: the
// __index chain of tables is walked and the cache filled. It returns the
// value, or nil when the slow path must decide.
func indexMiss(p *funcProto, pc int, t *Table, k *Value) *Value {
	v, ok := walkIndex(t, k, p.methodSlot(pc), pc)
	if !ok {
		return nil
	}
	return v
}

// Unmarked reports whether no method cache entry depends on the table t
// (a table Value): a typed loop copy's SETFIELD stores into the slot
// FieldSlot gives only then, and otherwise through SetField, which
// invalidates the entries.
func Unmarked(t *Value) bool { return t.table().tmAbsent < cacheMark }

// fieldLookup is generated code's GETFIELD and SELF of the string
// constant key in the table t, with the instruction's cache c, as the
// dispatch loop's index label: the table is probed for a key of the
// constant's hash (the constant itself, or another copy of its string,
// which the slow path compares), then the cache gives the answer of the
// __index chain of tables, else walkIndex walks it and fills the cache.
// It returns the value, or nil when the slow path must decide.
func fieldLookup(t *Table, key *Value, c *MethodCache) *Value {
	h := key.h
	if h == 0 {
		return nil
	}
	if t.node != nil {
		// Chains stay inside the hash part: no bounds check needed.
		n := t.mainNode(h)
		for {
			if n.key.h == h && n.key.tn&tagMask == int32(tagString) {
				if n.key.p != key.p || n.key.n != key.n {
					return nil
				}
				if n.val.t != tagNil {
					return &n.val
				}
				break
			}
			d := n.key.tn >> tagBits
			if d == 0 {
				break
			}
			n = (*node)(unsafe.Add(unsafe.Pointer(n), int(d)*int(nodeSize)))
		}
	}
	mt := t.meta
	if mt == nil {
		return &Nil
	}
	if v := c.cached(mt, 0); v != nil {
		return v
	}
	if v, ok := walkIndex(t, key, c, 0); ok {
		return v
	}
	return nil
}

// GetFieldC runs GETFIELD when the key is in the table or along an
// __index chain of tables, as GetField does, with the method lookup cache
// c of the instruction. A record's field is the common hit: probeStr's
// probe by pointer finds it, and H remembers its node for the generated
// code's FieldSlot.
func (f *Frame) GetFieldC(a, b, k int, c *MethodCache) bool {
	if rb := r(f.regs, b); rb.t == tagTable {
		t, key := rb.table(), kv(f.kb, k)
		v := probeStr(t, key)
		if v != nil && v.t != tagNil {
			c.hintAt(t, v)
		} else if v = fieldLookup(t, key, c); v == nil {
			return false
		}
		copyVal(r(f.regs, a), v)
		return true
	}
	return false
}

// GetTabUpC is GetFieldC with the table in upvalue u (an environment
// whose __index falls back to another table goes through the cache).
func (f *Frame) GetTabUpC(a, u, k int, c *MethodCache) bool {
	if up := f.cl.upvals[u].v; up.t == tagTable {
		t, key := up.table(), kv(f.kb, k)
		v := probeStr(t, key)
		if v != nil && v.t != tagNil {
			c.hintAt(t, v)
		} else if v = fieldLookup(t, key, c); v == nil {
			return false
		}
		copyVal(r(f.regs, a), v)
		return true
	}
	return false
}

// hintAt records in H that the key was found in t's node holding the
// slot v.
func (c *MethodCache) hintAt(t *Table, v *Value) {
	if i := uint32((uintptr(unsafe.Pointer(v)) - uintptr(unsafe.Pointer(t.node))) / nodeSize); c.H.n.Load() != i {
		c.H.n.Store(i)
	}
}

// SelfC is Self with the method lookup cache c of the instruction. The
// receiver is read in place and copied to a+1 before the method goes to
// a (so b may be a or a+1), without a copy of it held across the lookup.
func (f *Frame) SelfC(a, b, k int, c *MethodCache) bool {
	rb := r(f.regs, b)
	switch rb.t {
	case tagString:
		// s:byte(i): the string metatable stands for the receiver's
		// class, so the site's entry spares selfString's lookups of
		// __index and of the method. Only this path fills the site's
		// entry for a string receiver, and only for a key with a hash.
		smt := f.L.g.typeMeta[tagString]
		if smt == nil {
			break
		}
		v := c.cached(smt, 0)
		if v == nil {
			if key := kv(f.kb, k); key.h != 0 {
				v, _ = walkMeta(smt, key, c, 0)
			}
		}
		if v != nil && v.t != tagNil {
			copyVal(r(f.regs, a+1), rb)
			copyVal(r(f.regs, a), v)
			return true
		}
	case tagTable:
		if v := fieldLookup(rb.table(), kv(f.kb, k), c); v != nil {
			copyVal(r(f.regs, a+1), rb)
			copyVal(r(f.regs, a), v)
			return true
		}
		return false
	default:
		return false
	}
	return f.selfString(a, *rb, kv(f.kb, k))
}
