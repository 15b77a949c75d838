package runtime

import (
	"math"
	"math/bits"
	"slices"
	"unsafe"
)

// Table is a Lua table: an array part for the keys 1..len(arr) and a hash
// part for everything else.
//
// The hash part is a chained scatter table with Brent's variation, so every
// node lives in one flat slice: a colliding key that is not in its main
// position is moved out of the way, and chains are offsets between nodes.
// A key whose value is set to nil stays in its node ("dead") until the next
// rehash, which is what lets next() continue a traversal in which fields
// are being cleared.
//
// Invariant: no integer key in [1, len(arr)] is in the hash part.
//
// The struct is 48 bytes, a size class of its own (the reference's is
// 56): an empty table is this header alone, and small tables are allocated
// together with their first array or node storage (table_alloc.go). The
// hash part is a pointer and a size rather than a slice, which saved a
// size class for every table: binary_trees' leaves went from 64 to 48
// bytes and its {left, right} nodes from 112 to 96.
type Table struct {
	arr  []Value
	node *node // the hash part's first node; nil when there is none
	meta *Table
	// sizeFree packs the hash part's shift, 32 less log2 of its size, from
	// bit freeBits up, with lastFree below: the nodes at and above lastFree
	// have been handed out by freePos. A hash's main position is its top
	// bits (mainIndex), one shift by the packed field's top.
	sizeFree uint32
	// tmAbsent caches, for a table used as a metatable, which metamethods
	// it does not have (bit e set: event e absent). Any store of a string key
	// clears it (keysChanged). Its top bit, cacheMark, marks a table that
	// a method lookup cache entry depends on (methodcache.go).
	tmAbsent uint32
}

// freeBits is the width of lastFree in Table.sizeFree: it counts up to
// 2^maxNodesLog nodes.
const freeBits = maxNodesLog + 1

// The shift, from 32-maxNodesLog to 32, fits in the bits above lastFree.
var _ [1<<(32-freeBits) - 1 - 32]struct{}

// nodes is the hash part (nil when there is none).
func (t *Table) nodes() []node {
	if t.node == nil {
		return nil
	}
	return unsafe.Slice(t.node, t.nodeCount())
}

// nodeCount is the size of the hash part, 0 when there is none.
func (t *Table) nodeCount() int {
	if t.node == nil {
		return 0
	}
	return 1 << (32 - t.sizeFree>>freeBits)
}

// hashBytes is the size of a hash part that starts at first and has the
// given shift: what a table held before a store that may have grown it
// (a new hash part has another first node).
func hashBytes(first *node, shift uint32) int64 {
	if first == nil {
		return 0
	}
	return int64(nodeSize) << (32 - shift)
}

// mainIndex is the index of the main position of the hash h: its top
// log2(size) bits (none for a one-node part, where the shift is 32). The
// shift is below 64, so it costs one instruction, as the mask of a
// slice's length did; and the hashes' top bits are their best mixed
// (mix64 keeps a product's high half; string hashes end in a set bit,
// which as a mask put every string key at an odd position). t must have
// a hash part.
func (t *Table) mainIndex(h uint32) uintptr {
	return uintptr(uint64(h) >> (t.sizeFree >> freeBits))
}

// mainNode is the node at the main position of the hash h. Chains stay
// inside the hash part, so walks from it need no bounds checks. t must
// have a hash part.
func (t *Table) mainNode(h uint32) *node {
	return (*node)(unsafe.Add(unsafe.Pointer(t.node), t.mainIndex(h)*nodeSize))
}

// lastFree is where freePos looks next, downwards.
func (t *Table) lastFree() int { return int(t.sizeFree & (1<<freeBits - 1)) }

// setLastFree sets lastFree, keeping the hash part's size.
func (t *Table) setLastFree(i int) { t.sizeFree = t.sizeFree&^(1<<freeBits-1) | uint32(i) }

// setNodes makes the lg-th power of two nodes at first the hash part, none
// of them handed out yet.
func (t *Table) setNodes(first *node, lg int) {
	t.node = first
	t.sizeFree = uint32(32-lg)<<freeBits | 1<<lg
}

// node is one slot of the hash part. It is 48 bytes where a key Value, a
// value and a chain offset side by side would take 56 (Go pads the
// offset to a word): the key's tag and the offset share one word
// (nodeKey). Hash nodes are the bulk of a large live heap (45% of
// luacheck's), so the word is worth the shift and mask on every probe.
type node struct {
	key nodeKey
	val Value
}

// nodeKey is a stored key: a Value's pointer, number and string hash, and
// in tn the key's tag (the low tagBits bits) with, above it, the signed
// offset from this node to the next node of its chain (0 at the end).
// The offsets stay within the hash part, at most 2^maxNodesLog nodes, so
// 32-tagBits bits hold them.
type nodeKey struct {
	p  unsafe.Pointer
	n  uint64
	h  uint32
	tn int32
}

// tagBits is the width of the key's tag in nodeKey.tn.
const tagBits = 4

const tagMask = 1<<tagBits - 1

// Every tag fits in tagBits bits, and every chain offset in the rest.
var (
	_ [1<<tagBits - int(numTags)]struct{}
	_ [32 - tagBits - 1 - maxNodesLog]struct{}
)

// t is the key's tag.
func (k *nodeKey) t() tag { return tag(k.tn & tagMask) }

// value is the key as a Value.
func (k *nodeKey) value() Value { return Value{p: k.p, n: k.n, t: k.t(), h: k.h} }

// AsString is the key's string; the key must be a string.
func (k *nodeKey) AsString() string { return unsafe.String((*byte)(k.p), int(k.n)) }

// set stores v as the key, keeping the node's chain offset.
func (k *nodeKey) set(v Value) {
	k.p, k.n, k.h = v.p, v.n, v.h
	k.tn = k.tn&^tagMask | int32(v.t)
}

// next is the offset from n to the next node of its chain, 0 at the end.
func (n *node) next() int32 { return n.key.tn >> tagBits }

// setNext sets the offset to the next node of n's chain.
func (n *node) setNext(d int32) { n.key.tn = d<<tagBits | n.key.tn&tagMask }

// maxNodesLog is the largest hash part: 2^25 nodes (1.5 GB), so that the
// free position and the shift share Table.sizeFree.
const maxNodesLog = 25

// maxArray is the largest array part we will allocate in one step.
const maxArray = 1 << 31

// nodeSizeLog returns log2 of the hash part that holds n keys.
func nodeSizeLog(n int) int {
	lg := bits.Len(uint(n - 1))
	if lg > maxNodesLog {
		panic(tableOverflow{})
	}
	return lg
}

func (t *Table) setNodeSize(n int) {
	if n == 0 {
		t.node, t.sizeFree = nil, 0
		return
	}
	lg := nodeSizeLog(n)
	t.setNodes(unsafe.SliceData(make([]node, 1<<lg)), lg)
}

// tableOverflow is raised when a table would outgrow its limits; the VM
// turns it into the Lua error "table overflow".
type tableOverflow struct{}

// Metatable returns the table's metatable, or nil.
func (t *Table) Metatable() *Table { return t.meta }

// SetMetatable sets the table's metatable (nil removes it). Weakness is
// not cached here: the collector reads __mode from the metatable at each
// traversal, as the reference does.
func (t *Table) SetMetatable(mt *Table) {
	t.meta = mt
	t.uncache()
}

func mix64(u uint64) uint32 {
	u *= 0x9E3779B97F4A7C15
	return uint32(u >> 32)
}

// keyHash hashes a normalised key.
func keyHash(k Value) uint32 {
	switch k.t {
	case tagString:
		return stringHash(k)
	case tagInt, tagFloat:
		return mix64(k.n)
	case tagFalse:
		return 0
	case tagTrue:
		return 1
	default:
		return mix64(uint64(uintptr(k.p)))
	}
}

func (t *Table) mainPosition(k Value) int {
	return int(t.mainIndex(keyHash(k)))
}

// keysEqual compares normalised keys (no int/float cross equality needed:
// floats with integer values are stored as integers).
func keysEqual(a, b Value) bool {
	if a.t != b.t {
		return false
	}
	switch a.t {
	case tagString:
		return stringsEqual(a, b)
	case tagInt, tagFloat:
		return a.n == b.n
	case tagNil, tagFalse, tagTrue:
		return true
	default:
		return a.p == b.p
	}
}

// normKey turns a float key with an integer value into the integer key.
func normKey(k Value) Value {
	if k.t == tagFloat {
		if i, ok := floatToInt(k.AsFloat()); ok {
			return Int(i)
		}
	}
	return k
}

// Get returns t[k] without metamethods.
func (t *Table) Get(k Value) Value {
	switch k.t {
	case tagInt:
		return t.GetInt(int64(k.n))
	case tagString:
		return t.getStr(k)
	case tagNil:
		return Nil
	case tagFloat:
		if i, ok := floatToInt(k.AsFloat()); ok {
			return t.GetInt(i)
		}
	}
	if n := t.findNode(k); n != nil {
		return n.val
	}
	return Nil
}

// GetInt returns t[k] for an integer key. It is small enough to be
// inlined, so that reading the array part costs no call.
func (t *Table) GetInt(k int64) Value {
	if uint64(k)-1 < uint64(len(t.arr)) {
		return t.arr[k-1]
	}
	return t.getIntHash(k)
}

// Array returns t's array part, t[1] up to t[len(Array())] (holes are
// nil). It is t's own storage: the caller reads it and must fetch it again
// after anything that can write to t (Lua code, a hook, a collection).
func (t *Table) Array() []Value { return t.arr }

// getIntHash looks up an integer key outside the array part.
func (t *Table) getIntHash(k int64) Value {
	if n := t.findInt(k); n != nil {
		return n.val
	}
	return Nil
}

// GetStr returns t[s].
func (t *Table) GetStr(s string) Value { return t.getStr(String(s)) }

// getStr looks up a string key.
//
// Every string key stored in a node has its hash cached (newKey sees to
// that), so a node whose hash differs is passed over with one comparison.
// Keys that are the same string object (a constant, an interned name) match
// on their data pointer; other equal strings compare their bytes. It is
// findStr spelled out rather than called: it is every string-keyed lookup
// the dispatch loop does not finish itself.
func (t *Table) getStr(k Value) Value {
	if t.node == nil {
		return Nil
	}
	h := k.h
	if h == 0 {
		h = hashString(k.AsString())
	}
	// Chains stay inside the hash part: no bounds check needed.
	n := t.mainNode(h)
	for {
		if n.key.h == h && n.key.t() == tagString &&
			((n.key.p == k.p && n.key.n == k.n) || n.key.AsString() == k.AsString()) {
			return n.val
		}
		d := n.next()
		if d == 0 {
			return Nil
		}
		n = (*node)(unsafe.Add(unsafe.Pointer(n), int(d)*int(nodeSize)))
	}
}

// findStr returns the node holding the string key k (dead or alive), or
// nil.
func (t *Table) findStr(k Value) *node {
	if t.node == nil {
		return nil
	}
	h := k.h
	if h == 0 {
		h = hashString(k.AsString())
	}
	// Chains stay inside the hash part: no bounds check needed.
	n := t.mainNode(h)
	for {
		if n.key.h == h && n.key.t() == tagString &&
			((n.key.p == k.p && n.key.n == k.n) || n.key.AsString() == k.AsString()) {
			return n
		}
		d := n.next()
		if d == 0 {
			return nil
		}
		n = (*node)(unsafe.Add(unsafe.Pointer(n), int(d)*int(nodeSize)))
	}
}

// findInt returns the node holding the integer key k (dead or alive), or
// nil.
func (t *Table) findInt(k int64) *node {
	if t.node == nil {
		return nil
	}
	// Chains stay inside the hash part: no bounds check needed.
	n := (*node)(unsafe.Add(unsafe.Pointer(t.node), uintptr(uint64(mix64(uint64(k)))>>(t.sizeFree>>freeBits))*nodeSize))
	for n.key.n != uint64(k) || n.key.tn&tagMask != int32(tagInt) {
		d := n.key.tn >> tagBits
		if d == 0 {
			return nil
		}
		n = (*node)(unsafe.Add(unsafe.Pointer(n), int(d)*int(nodeSize)))
	}
	return n
}

// findNode returns the node holding the normalised key k (dead or alive),
// or nil.
func (t *Table) findNode(k Value) *node {
	switch k.t {
	case tagString:
		return t.findStr(k)
	case tagInt:
		return t.findInt(int64(k.n))
	}
	nodes := t.nodes()
	if len(nodes) == 0 {
		return nil
	}
	i := t.mainPosition(k)
	for {
		n := &nodes[i]
		if keysEqual(n.key.value(), k) {
			return n
		}
		d := n.next()
		if d == 0 {
			return nil
		}
		i += int(d)
	}
}

// Set stores t[k] = v without metamethods. The caller has checked that k is
// neither nil nor NaN.
func (t *Table) Set(k, v Value) {
	switch k.t {
	case tagInt:
		t.SetInt(int64(k.n), v)
		return
	case tagFloat:
		if i, ok := floatToInt(k.AsFloat()); ok {
			t.SetInt(i, v)
			return
		}
	case tagString:
		t.setStr(k, v)
		return
	}
	if n := t.findNode(k); n != nil {
		n.val = v
		return
	}
	if v.t != tagNil {
		t.newKey(k, v)
	}
}

// SetStr stores t[s] = v.
func (t *Table) SetStr(s string, v Value) { t.setStr(String(s), v) }

// setStr stores t[k] = v for a string key.
func (t *Table) setStr(k, v Value) {
	// A string key may be a metamethod name: forget the cached absences.
	// Most tables are not metatables, so skip the store when already clear.
	if t.tmAbsent != 0 {
		t.keysChanged()
	}
	// findStr, inlined by hand: this is every field store of the VM.
	if t.node != nil {
		h := k.h
		if h == 0 {
			h = hashString(k.AsString())
			k.h = h
		}
		n := t.mainNode(h)
		for {
			if n.key.h == h && n.key.t() == tagString &&
				((n.key.p == k.p && n.key.n == k.n) || n.key.AsString() == k.AsString()) {
				n.val = v
				return
			}
			d := n.next()
			if d == 0 {
				break
			}
			n = (*node)(unsafe.Add(unsafe.Pointer(n), int(d)*int(nodeSize)))
		}
		if v.t == tagNil {
			return
		}
		// newKey's insertion, without its call: a record's colliding
		// field goes to insertCollision from here.
		mp := int(t.mainIndex(h))
		if n := (*node)(unsafe.Add(unsafe.Pointer(t.node), uintptr(mp)*nodeSize)); n.val.t == tagNil {
			n.key.set(k)
			n.val = v
			return
		}
		if t.insertCollision(k, v, mp) {
			return
		}
	}
	if v.t != tagNil {
		t.newKey(k, v) // a growth: newKey rehashes
	}
}

// SetArrayInt stores t[k] = v, as SetInt does, when k lies in t's array
// part, where nothing is allocated, and reports whether it did. Small
// enough to be inlined: library loops storing into sequences use it
// before falling back to State.RawSetInt, which charges growth.
func (t *Table) SetArrayInt(k int64, v Value) bool {
	if i := uint64(k) - 1; i < uint64(len(t.arr)) {
		t.arr[i] = v
		return true
	}
	return false
}

// CopyArray does t[to+i] = src[from+i] for i in [0, n) with raw access,
// as one memmove, when both ranges lie in the array parts (t and src may
// be the same table, the ranges may overlap), and reports whether it did;
// otherwise it does nothing. A loop of raw gets and sets gives the same
// result when it runs in the direction that reads each value before it is
// overwritten, which is how table.insert, table.remove and table.move
// loop; the library uses this to shift plain tables in bulk.
func (t *Table) CopyArray(to int64, src *Table, from, n int64) bool {
	if n <= 0 || from < 1 || to < 1 ||
		n > int64(len(src.arr))-(from-1) || n > int64(len(t.arr))-(to-1) {
		return false
	}
	copy(t.arr[to-1:to-1+n], src.arr[from-1:from-1+n])
	return true
}

// SetInt stores t[k] = v for an integer key.
func (t *Table) SetInt(k int64, v Value) {
	if uint64(k)-1 < uint64(len(t.arr)) {
		t.arr[k-1] = v
		return
	}
	if n := t.findInt(k); n != nil {
		n.val = v
		return
	}
	if v.t == tagNil {
		return
	}
	if k == int64(len(t.arr))+1 && len(t.arr) < maxArray {
		// Appending: the common way sequences grow. Keys beyond stay in the
		// hash until a rehash.
		if len(t.arr) == cap(t.arr) {
			t.growArray()
		}
		n := len(t.arr)
		t.arr = t.arr[:n+1]
		t.arr[n] = v
		return
	}
	t.newKey(Int(k), v)
}

// growArray doubles the capacity of the array part, as the reference's
// rehash does for a sequence: 1, 2, 4, 8... slots, so that the many small
// lists a program builds item by item hold no more than the reference's
// (starting at 4 slots cost luacheck 7% of its live heap). A small array
// grows through append (growslice), whose size classes round it up a
// little. A large one gets exactly the next power of two, the reference's
// size: asked for twice its capacity, growslice grows a large slice by
// 1.25 repeatedly until it gets there and overshoots to up to 2.7 times,
// so json's 128,355-item buffer took 161,109 slots (lua5.4: 131,072).
//
// growslice knows the new storage is zero, so its copy has no write
// barrier; make and copy have the barrier read every destination slot
// while the collector marks, which for a large array costs a second page
// fault per page in those cycles only.
func (t *Table) growArray() {
	c := cap(t.arr)
	if c < largeArray {
		t.arr = slices.Grow(t.arr, max(c, 1))
		return
	}
	n := min(1<<bits.Len(uint(c)), maxArray)
	arr := make([]Value, len(t.arr), n)
	copy(arr, t.arr)
	t.arr = arr
}

// largeArray is the capacity from which growArray sizes an array part in
// powers of two itself.
const largeArray = 256

// newKey inserts a key known to be absent, with a non-nil value.
func (t *Table) newKey(k Value, v Value) {
	if k.t == tagString && k.h == 0 {
		// Stored string keys always carry their hash: lookups compare it
		// first, and moving a colliding node must not rehash its bytes.
		k.h = hashString(k.AsString())
	}
	if t.node == nil {
		t.rehash(k)
		t.Set(k, v)
		return
	}
	var mp int
	if k.t == tagString {
		mp = int(t.mainIndex(k.h)) // keyHash's answer, without its call
	} else {
		mp = t.mainPosition(k)
	}
	// The main position is inside the hash part: no bounds check needed.
	if n := (*node)(unsafe.Add(unsafe.Pointer(t.node), uintptr(mp)*nodeSize)); n.val.t == tagNil {
		n.key.set(k)
		n.val = v
		return
	}
	if !t.insertCollision(k, v, mp) {
		t.rehash(k)
		t.Set(k, v)
	}
}

// insertCollision is newKey for a key with its hash whose main position
// mp holds another key: it puts k in a free node, and reports false when
// there is none (freePos has then set lastFree to 0, and nothing else
// changed): t must grow.
func (t *Table) insertCollision(k Value, v Value, mp int) bool {
	f := t.freePos()
	if f < 0 {
		return false
	}
	// mp, f and the chain's nodes are inside the hash part: they are
	// addressed without bounds checks.
	m, fn := t.nodeAt(mp), t.nodeAt(f)
	var other int
	if occ := &m.key; occ.t() == tagString {
		other = int(t.mainIndex(occ.h)) // stored string keys carry their hash
	} else {
		other = t.mainPosition(occ.value())
	}
	if other != mp {
		// The colliding node is out of its main position: move it to the
		// free slot and take its place.
		for other+int(t.nodeAt(other).next()) != mp {
			other += int(t.nodeAt(other).next())
		}
		t.nodeAt(other).setNext(int32(f - other))
		*fn = *m
		if m.next() != 0 {
			fn.setNext(fn.next() + int32(mp-f))
			m.setNext(0)
		}
		m.val = Nil
	} else {
		// The colliding node is in its main position: the new key goes to
		// the free slot, chained right after it.
		if m.next() != 0 {
			fn.setNext(int32(mp + int(m.next()) - f))
		} else {
			fn.setNext(0)
		}
		m.setNext(int32(f - mp))
		m = fn
	}
	m.key.set(k)
	m.val = v
	return true
}

// nodeAt returns node i of the hash part, i inside it.
func (t *Table) nodeAt(i int) *node {
	return (*node)(unsafe.Add(unsafe.Pointer(t.node), uintptr(i)*nodeSize))
}

// setStrNoGrow is setStr for a string key k with its hash and a non-nil
// v, t having a hash part, as far as the store needs no growth: it
// reports false, having stored nothing, when k is new and no free node is
// left for it (setStr would rehash, a growth its caller must charge).
// Generated code's SetField stores a record's colliding fields with it
// (newField), not through the instruction's slow path.
func (t *Table) setStrNoGrow(k, v Value) bool {
	if t.tmAbsent != 0 {
		t.keysChanged()
	}
	h := k.h
	n := t.mainNode(h)
	for {
		if n.key.h == h && n.key.t() == tagString &&
			((n.key.p == k.p && n.key.n == k.n) || n.key.AsString() == k.AsString()) {
			n.val = v
			return true
		}
		d := n.next()
		if d == 0 {
			break
		}
		n = (*node)(unsafe.Add(unsafe.Pointer(n), int(d)*int(nodeSize)))
	}
	mp := int(t.mainIndex(h))
	if n := (*node)(unsafe.Add(unsafe.Pointer(t.node), uintptr(mp)*nodeSize)); n.val.t == tagNil {
		n.key.set(k)
		n.val = v
		return true
	}
	return t.insertCollision(k, v, mp)
}

// freePos finds a node whose key has never been used.
func (t *Table) freePos() int {
	f := t.lastFree()
	for f > 0 {
		f--
		// f is below the hash part's size: no bounds check needed.
		if (*node)(unsafe.Add(unsafe.Pointer(t.node), uintptr(f)*nodeSize)).key.t() == tagNil {
			t.setLastFree(f)
			return f
		}
	}
	t.setLastFree(0)
	return -1
}

// rehash resizes both parts to fit the live keys plus extra, choosing the
// array size as the largest n such that more than half of 1..n is in use.
func (t *Table) rehash(extra Value) {
	var nums [65]int // nums[i]: keys in (2^(i-1), 2^i]
	total := 0
	arrayKeys := 0
	count := func(k int64) {
		if k >= 1 && k <= maxArray {
			nums[bits.Len64(uint64(k-1))]++
			arrayKeys++
		}
	}
	for i, v := range t.arr {
		if v.t != tagNil {
			count(int64(i + 1))
			total++
		}
	}
	nodes := t.nodes()
	for i := range nodes {
		n := &nodes[i]
		if n.val.t != tagNil {
			if n.key.t() == tagInt {
				count(int64(n.key.n))
			}
			total++
		}
	}
	if extra.t == tagInt {
		count(int64(extra.n))
	}
	total++
	// Optimal array size.
	arraySize, inArray := 0, 0
	acc := 0
	for i, twoToI := 0, 1; i < len(nums) && twoToI > 0 && twoToI/2 < arrayKeys; i, twoToI = i+1, twoToI*2 {
		acc += nums[i]
		if acc > twoToI/2 {
			arraySize = twoToI
			inArray = acc
		}
	}
	t.resize(arraySize, total-inArray)
}

// resize rebuilds the table with an array part of exactly narr slots and a
// hash part with room for nhash keys.
func (t *Table) resize(narr, nhash int) {
	oldArr := t.arr
	oldNodes := t.nodes()
	switch {
	case narr == 0:
		t.arr = nil
	case narr <= len(oldArr) && narr > cap(oldArr)/2:
		t.arr = oldArr[:narr:narr]
	case narr <= len(oldArr):
		// Shrunk to half or less, as the reference reallocates: the old
		// storage would keep its slack, and the values past narr (moved
		// to the hash part, later perhaps removed) reachable.
		t.arr = append([]Value(nil), oldArr[:narr]...)
	default:
		arr := make([]Value, narr)
		copy(arr, oldArr)
		t.arr = arr
	}
	t.setNodeSize(nhash)
	// Every key moved is known to be absent from the new parts and sized
	// for, so it goes straight to its slot or node, without a lookup.
	for i := narr; i < len(oldArr); i++ {
		if v := oldArr[i]; v.t != tagNil {
			t.newKey(Int(int64(i+1)), v)
		}
	}
	for i := range oldNodes {
		n := &oldNodes[i]
		if n.val.t == tagNil {
			continue
		}
		if n.key.t() == tagInt {
			if k := int64(n.key.n); uint64(k)-1 < uint64(len(t.arr)) {
				t.arr[k-1] = n.val
				continue
			}
		}
		t.newKey(n.key.value(), n.val)
	}
}

// Len returns a border of the table (the # operator without __len).
func (t *Table) Len() int64 {
	n := len(t.arr)
	if n > 0 && t.arr[n-1].t == tagNil {
		// A border inside the array part. The slot before the last is the
		// usual answer (an element was just removed); otherwise binary
		// search, keeping t[i] non-nil (or i == 0) and t[j] nil.
		if n >= 2 && t.arr[n-2].t != tagNil {
			return int64(n - 1)
		}
		i, j := 0, n
		for j-i > 1 {
			m := (i + j) / 2
			if t.arr[m-1].t == tagNil {
				j = m
			} else {
				i = m
			}
		}
		return int64(i)
	}
	if t.node == nil || t.GetInt(int64(n)+1).t == tagNil {
		return int64(n)
	}
	// Unbound search in the hash part.
	i, j := int64(n)+1, int64(n)+2
	for t.GetInt(j).t != tagNil {
		i = j
		if j > math.MaxInt64/2 {
			// Pathological: fall back to a linear search.
			k := int64(1)
			for t.GetInt(k).t != tagNil {
				k++
			}
			return k - 1
		}
		j *= 2
	}
	for j-i > 1 {
		m := i + (j-i)/2
		if t.GetInt(m).t == tagNil {
			j = m
		} else {
			i = m
		}
	}
	return i
}

// Next returns the key and value that follow k in a traversal (k nil starts
// it). ok is false when k is not a key of the table; done reports the end.
func (t *Table) Next(k Value) (key, val Value, ok bool) {
	i, found := t.traversalIndex(k)
	if !found {
		return Nil, Nil, false
	}
	for ; i < len(t.arr); i++ {
		if v := t.arr[i]; v.t != tagNil {
			return Int(int64(i + 1)), v, true
		}
	}
	nodes := t.nodes()
	for j := i - len(t.arr); j < len(nodes); j++ {
		n := &nodes[j]
		if n.val.t != tagNil {
			return n.key.value(), n.val, true
		}
	}
	return Nil, Nil, true
}

// nextHint is Next for a loop's next step: hint is the traversal index
// that followed the key the previous step returned, and when the node
// before it holds k itself (the same tag and words), k's look-up is
// spared. A key is in one node only, so a node holding k is k's node
// whatever happened to the table since; any other hint is ignored. It
// also returns the index following the key returned.
func (t *Table) nextHint(k Value, hint int) (key, val Value, next int, ok bool) {
	var i int
	if j := hint - 1 - len(t.arr); k.t != tagNil && uint(j) < uint(t.nodeCount()) {
		if n := &t.nodes()[j]; n.key.p == k.p && n.key.n == k.n && n.key.t() == k.t {
			i = hint
		}
	}
	if i == 0 {
		var found bool
		if i, found = t.traversalIndex(k); !found {
			return Nil, Nil, 0, false
		}
	}
	for ; i < len(t.arr); i++ {
		if v := t.arr[i]; v.t != tagNil {
			return Int(int64(i + 1)), v, i + 1, true
		}
	}
	nodes := t.nodes()
	for j := i - len(t.arr); j < len(nodes); j++ {
		n := &nodes[j]
		if n.val.t != tagNil {
			return n.key.value(), n.val, len(t.arr) + j + 1, true
		}
	}
	return Nil, Nil, 0, true
}

// traversalIndex returns where the traversal continues after key k:
// indexes below len(arr) are array slots, the rest are nodes.
func (t *Table) traversalIndex(k Value) (int, bool) {
	if k.t == tagNil {
		return 0, true
	}
	k = normKey(k)
	if k.t == tagInt && uint64(k.n)-1 < uint64(len(t.arr)) {
		return int(k.n), true
	}
	n := t.findNode(k)
	if n == nil {
		return 0, false
	}
	i := int((uintptr(unsafe.Pointer(n)) - uintptr(unsafe.Pointer(t.node))) / unsafe.Sizeof(node{}))
	return len(t.arr) + i + 1, true
}

// ensureArray grows the array part so that SETLIST and table.move can fill
// it directly.
func (t *Table) ensureArray(n int) {
	if n <= len(t.arr) {
		return
	}
	if n > maxArray {
		panic(tableOverflow{})
	}
	// Keys in the hash part that fall into the new array range must move.
	old := len(t.arr)
	if cap(t.arr) >= n {
		t.arr = t.arr[:n]
		for i := old; i < n; i++ {
			t.arr[i] = Nil
		}
	} else {
		// Grown through append, as in growArray.
		t.arr = slices.Grow(t.arr, n+n/4-old)[:n]
	}
	if t.node != nil {
		nodes := t.nodes()
		for i := range nodes {
			nd := &nodes[i]
			if nd.key.t() == tagInt && nd.val.t != tagNil {
				k := int64(nd.key.n)
				if k > int64(old) && k <= int64(n) {
					t.arr[k-1] = nd.val
					nd.val = Nil
				}
			}
		}
	}
}
