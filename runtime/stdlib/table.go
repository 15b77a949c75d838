package stdlib

import (
	"math"

	"panto/internal/luanum"
	"panto/runtime"
)

// The table library (manual §6.6).
//
// Every function reads and writes elements the way the reference's
// lua_geti and lua_seti do, so proxies built with __index, __newindex and
// __len work and their metamethods run in the reference's order. A table
// without a metatable takes a raw fast path instead: there is no metamethod
// to call, so the observable behaviour is the same and the cost is a slice
// access. The check is repeated at every access because a comparator or a
// metamethod may give the table a metatable half way through.

// OpenTable opens the table library.
func OpenTable(L *runtime.State) {
	t := newLib(L, "table", []libFunc{
		{"concat", tabConcat},
		{"insert", tabInsert},
		{"move", tabMove},
		{"pack", tabPack},
		{"remove", tabRemove},
		{"sort", tabSort},
		{"unpack", tabUnpack},
	})
	setFast(t, []fastFunc{{"remove", fastRemove}})
}

// What a table argument must support when it is not a table (the
// reference's TAB_R, TAB_W and TAB_L): the matching metamethods, checked
// with raw access to its metatable.
const (
	tabR  = 1
	tabW  = 2
	tabL  = 4
	tabRW = tabR | tabW
)

// seq is a table argument as the table functions see it.
type seq struct {
	L *runtime.State
	v runtime.Value
	t *runtime.Table // v as a table, nil for a proxy of another type
}

// get returns v[i] with lua_geti's semantics.
func (s *seq) get(i int64) runtime.Value {
	if t := s.t; t != nil && t.Metatable() == nil {
		return t.GetInt(i)
	}
	return s.L.Index(s.v, runtime.Int(i))
}

// array returns the array part of a plain table (no metatable, so get
// reads it raw), nil for anything else.
func (s *seq) array() []runtime.Value {
	if t := s.t; t != nil && t.Metatable() == nil {
		return t.Array()
	}
	return nil
}

// set performs v[i] = x with lua_seti's semantics.
func (s *seq) set(i int64, x runtime.Value) {
	if t := s.t; t != nil && t.Metatable() == nil {
		if !t.SetArrayInt(i, x) {
			s.L.RawSetInt(t, i, x) // growth is charged to the memory limit
		}
		return
	}
	s.L.SetIndex(s.v, runtime.Int(i), x)
}

// moveChunk is how many elements moveSeq moves per tick count.
const moveChunk = 1024

// moveSeq does dst[t+k] = src[f+k] for k from 0 to n-1 (from n-1 down to
// 0 when down is set) with lua_geti and lua_seti semantics, counting a
// tick per element, 1024 at a time: the length is the program's, so the
// loop must be stoppable (table.move({}, 1, 1 << 50, 1)). Where a chunk
// lies in the array parts of plain tables it is one memmove, which gives
// what the loop gives in the direction the callers choose (each value is
// read before it is overwritten).
func moveSeq(L *runtime.State, dst, src seq, t, f, n int64, down bool) {
	plain := dst.t != nil && dst.t.Metatable() == nil && src.t != nil && src.t.Metatable() == nil
	for done := int64(0); done < n; {
		c := min(n-done, moveChunk)
		L.Tick(int(c))
		k0 := done // the chunk is k in [k0, k0+c)
		if down {
			k0 = n - done - c
		}
		done += c
		if plain && dst.t.CopyArray(t+k0, src.t, f+k0, c) {
			continue
		}
		if down {
			for k := k0 + c - 1; k >= k0; k-- {
				dst.set(t+k, src.get(f+k))
			}
		} else {
			for k := k0; k < k0+c; k++ {
				dst.set(t+k, src.get(f+k))
			}
		}
	}
}

// length returns #v as luaL_len does: __len is honoured and its result
// must be convertible to an integer.
func (s *seq) length() int64 {
	if t := s.t; t != nil && t.Metatable() == nil {
		return t.Len()
	}
	return objLength(s.L, s.v)
}

// objLength is luaL_len for any value.
func objLength(L *runtime.State, v runtime.Value) int64 {
	n, ok := L.Len(v).ToInteger()
	if !ok {
		L.Errorf("object length is not an integer")
	}
	return n
}

// checkTab accepts argument arg when it is a table, or when its metatable
// has the metamethods that what asks for; otherwise it raises the usual
// "table expected" error.
func checkTab(L *runtime.State, arg int, what int) seq {
	v := L.Arg(arg)
	if t := v.AsTable(); t != nil {
		return seq{L: L, v: v, t: t}
	}
	if mt := L.Metatable(v); mt != nil &&
		(what&tabR == 0 || !mt.GetStr("__index").IsNil()) &&
		(what&tabW == 0 || !mt.GetStr("__newindex").IsNil()) &&
		(what&tabL == 0 || !mt.GetStr("__len").IsNil()) {
		return seq{L: L, v: v}
	}
	L.CheckType(arg, runtime.TypeTable)
	panic("unreachable")
}

// tabInsert is table.insert(t, [pos,] value).
func tabInsert(L *runtime.State) int {
	s := checkTab(L, 1, tabRW|tabL)
	e := s.length() + 1 // first empty slot (wraps like the reference)
	var pos int64
	var v runtime.Value
	switch L.Top() {
	case 2:
		pos, v = e, L.Arg(2)
	case 3:
		pos, v = L.CheckInteger(2), L.Arg(3)
		// pos must be in [1, e]; the unsigned comparison checks both ends.
		if uint64(pos)-1 >= uint64(e) {
			L.ArgError(2, "position out of bounds")
		}
		// for i = e, pos+1, -1 do t[i] = t[i-1] end. The first store
		// appends, and so is made alone: the rest is then inside the
		// array part of a plain sequence.
		if e > pos {
			s.set(e, s.get(e-1))
			moveSeq(L, s, s, pos+1, pos, e-1-pos, true)
		}
	default:
		L.Errorf("wrong number of arguments to 'insert'")
	}
	s.set(pos, v)
	return 0
}

// tabRemove is table.remove(t [, pos]).
func tabRemove(L *runtime.State) int {
	s := checkTab(L, 1, tabRW|tabL)
	size := s.length()
	pos := L.OptInteger(2, size)
	// An explicit position may also be size+1 (and 0 when size is 0).
	// 5.4.4 blames argument #1 for a bad position.
	if pos != size && uint64(pos)-1 > uint64(size) {
		L.ArgError(1, "position out of bounds")
	}
	res := s.get(pos)
	if pos < size { // for i = pos, size-1 do t[i] = t[i+1] end
		moveSeq(L, s, s, pos, pos+1, size-pos, false)
		pos = size
	}
	s.set(pos, runtime.Nil)
	L.Push(res)
	return 1
}

// tabMove is table.move(a1, f, e, t [, a2]).
func tabMove(L *runtime.State) int {
	f := L.CheckInteger(2)
	e := L.CheckInteger(3)
	t := L.CheckInteger(4)
	tt := 1
	if !L.Arg(5).IsNil() {
		tt = 5
	}
	src := checkTab(L, 1, tabR)
	dst := checkTab(L, tt, tabW)
	if e >= f {
		if !(f > 0 || e < math.MaxInt64+f) {
			L.ArgError(3, "too many elements to move")
		}
		n := e - f + 1 // number of elements to move
		if t > math.MaxInt64-n+1 {
			L.ArgError(4, "destination wrap around")
		}
		// Copy forwards unless the ranges overlap with the destination
		// after the source in the same table.
		down := !(t > e || t <= f || (tt != 1 && !L.Equal(L.Arg(1), L.Arg(tt))))
		moveSeq(L, dst, src, t, f, n, down)
	}
	L.Push(L.Arg(tt))
	return 1
}

// tabConcat is table.concat(list [, sep [, i [, j]]]).
func tabConcat(L *runtime.State) int {
	s := checkTab(L, 1, tabR|tabL)
	last := s.length()
	sep := L.OptString(2, "")
	i := L.OptInteger(3, 1)
	last = L.OptInteger(4, last)
	// A range of strings in the array part of a plain table (json's
	// encoder joins half a million pieces) is joined by concatStrings.
	arr := s.array()
	if i >= 1 && i <= last && last <= int64(len(arr)) {
		if n, ok := stringsLen(arr[i-1 : last]); ok {
			L.PushString(concatStrings(L, arr[i-1:last], n, i, sep))
			return 1
		}
	}
	var buf []byte
	charged := 0 // bytes of buf charged so far
	// The strings of a plain table's array part are read in place, without
	// seq.get's call and its copy of each Value; anything else goes
	// through appendField. The slice is fetched again after each charge
	// and tick, which could run code.
	for ; i < last; i++ {
		if k := uint64(i - 1); k < uint64(len(arr)) && arr[k].IsString() {
			if str := arr[k].AsString(); len(str) == 1 {
				buf = append(buf, str[0]) // json's punctuation: no memmove
			} else {
				buf = append(buf, str...)
			}
		} else {
			buf = s.appendField(buf, i)
		}
		if sep != "" {
			buf = append(buf, sep...)
		}
		// One call can build gigabytes: the bytes count as work, and as
		// memory for the limit, charged every 64 KB, and the items as
		// ticks, every 256.
		if len(buf)-charged >= 64<<10 {
			L.ChargeAlloc(len(buf) - charged)
			charged = len(buf)
			arr = s.array()
		}
		if i&255 == 0 {
			L.Tick(256)
			arr = s.array()
		}
	}
	if i == last { // the interval was not empty
		buf = s.appendField(buf, i)
	}
	L.ChargeAlloc(len(buf) - charged)
	L.PushString(string(buf))
	return 1
}

// stringsLen returns the total length of the strings a, and false when
// a holds anything else.
func stringsLen(a []runtime.Value) (int, bool) {
	n := 0
	for k := range a {
		if !a[k].IsString() {
			return 0, false
		}
		n += len(a[k].AsString())
	}
	return n, true
}

// concatStrings is table.concat of the strings a, of total length n,
// elements i to i+len(a)-1 of the list, with sep between them: the
// result is made at its size (no growth, no copy into a string), charged
// to the memory limit (and counted in ticks, one per kilobyte) before it
// is made rather than every 64 KB as it grows. The items count as ticks
// as in tabConcat's loop, 256 after each item whose index is a multiple
// of 256 (but the last); nothing else runs in between, so a does not
// change.
func concatStrings(L *runtime.State, a []runtime.Value, n int, i int64, sep string) string {
	n += len(sep) * (len(a) - 1)
	L.ChargeAlloc(n)
	buf := make([]byte, n)
	w := 0 // buf[:w] is written
	last := i + int64(len(a)) - 1
	for k := 0; k < len(a); {
		// The chunk is items i to t (index k to e-1), t the next index
		// that is a multiple of 256, or the last.
		t := min((i+255)&^255, last)
		e := k + int(t-i) + 1
		if sep == "" {
			for ; k < e; k++ {
				if str := a[k].AsString(); len(str) == 1 {
					buf[w] = str[0] // json's punctuation: no memmove
					w++
				} else {
					w += copy(buf[w:], str)
				}
			}
		} else {
			for ; k < e; k++ {
				w += copy(buf[w:], a[k].AsString())
				if w < len(buf) {
					w += copy(buf[w:], sep)
				}
			}
		}
		if t == last {
			break
		}
		L.Tick(256)
		i = t + 1
	}
	return ownString(buf)
}

// appendField appends element i, which must be a string or a number.
func (s *seq) appendField(buf []byte, i int64) []byte {
	v := s.get(i)
	switch {
	case v.IsString():
		return append(buf, v.AsString()...)
	case v.IsInt():
		return luanum.AppendInt(buf, v.AsInt())
	case v.IsFloat():
		return luanum.AppendFloat(buf, v.AsFloat())
	}
	s.L.Errorf("invalid value (%s) at index %d in table for 'concat'", v.TypeName(), i)
	return nil
}

// nKey is the field name of table.pack's count, hashed once.
var nKey = runtime.String("n")

// tabPack is table.pack(...): the arguments fill the array part exactly,
// holes included, plus the field n.
func tabPack(L *runtime.State) int {
	n := L.Top()
	arr := make([]runtime.Value, n)
	for i := range arr {
		arr[i] = L.Arg(i + 1)
	}
	t := runtime.NewTableArray(arr, 1)
	t.Set(nKey, runtime.Int(int64(n)))
	L.Push(runtime.TableValue(t))
	return 1
}

// tabUnpack is table.unpack(list [, i [, j]]). Unlike the other functions
// it does not check its first argument: indexing a non-table fails with the
// usual "attempt to index" error.
func tabUnpack(L *runtime.State) int {
	i := L.OptInteger(2, 1)
	var e int64
	if L.Arg(3).IsNil() {
		v := L.Arg(1)
		if t := v.AsTable(); t != nil && t.Metatable() == nil {
			e = t.Len()
		} else {
			e = objLength(L, v)
		}
	} else {
		e = L.CheckInteger(3)
	}
	if i > e {
		return 0
	}
	n := uint64(e) - uint64(i) // number of elements minus 1, cannot overflow
	if n >= math.MaxInt32 || !L.TryCheckStack(int(n+1)) {
		L.Errorf("too many results to unpack")
	}
	s := seq{L: L, v: L.Arg(1), t: L.Arg(1).AsTable()}
	// The loop stops before e so that e == maxinteger does not overflow.
	for ; i < e; i++ {
		L.Push(s.get(i))
	}
	L.Push(s.get(e))
	return int(n + 1)
}
