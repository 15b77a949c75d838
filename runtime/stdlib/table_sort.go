package stdlib

import (
	"math"
	"math/rand/v2"

	"panto/runtime"
)

// table.sort.
//
// The algorithm is the reference's quicksort, step for step: programs can
// observe it (a comparator that logs its calls, __index/__newindex on a
// proxy, the state of the table after an error, which of two incomparable
// values is named first in "attempt to compare ..."), and the goldens
// record those observations. So the element reads, writes and comparisons
// below happen in the same order and with the same operands as there:
//
//   - the range [lo, up] is sorted in place; a[lo], a[mid] and a[up] are
//     first put in order (median of three), which also finishes ranges of
//     two or three elements;
//   - the median becomes the pivot P and is parked in a[up-1]; the
//     partition scans i up from lo while a[i] < P and j down from up-1
//     while P < a[j], swapping out-of-place pairs, and finally swaps P into
//     a[i];
//   - an order function that claims a[i] < P at i == up-1 (where P itself
//     sits) or P < a[j] with j already below i is inconsistent:
//     "invalid order function for sorting";
//   - the smaller side is sorted recursively and the larger one by looping,
//     so the recursion depth stays logarithmic;
//   - ranges of RANLIMIT (100) elements or more use a pseudo-random pivot in
//     the middle half once a partition has come out too unbalanced (the
//     larger side more than 128 times the smaller one); before that, and
//     for smaller ranges, the middle element is the pivot. The random seed
//     is not reproducible in the reference either (it mixes clock() and
//     time()), so only its use, not its value, needs to match.

const sortRanLimit = 100

// sorter carries the state of one table.sort call.
type sorter struct {
	seq
	cmp  runtime.Value // the order function, when kind is sortCall
	kind int           // how less compares (sortAny, sortCall, ...)
	// arr is the array part of a plain table whose elements [1, n] are
	// all of kind (sortInts, sortFloats or sortStrings), read and
	// written in place: the comparisons of such values run no code, so
	// nothing can change the table or its metatable while the sort runs
	// (ticks raise errors but run nothing). Nil for the other kinds.
	arr []runtime.Value
}

// How a sorter compares (sorter.kind).
const (
	sortAny     = iota // the < operator, whatever the operands (sort_comp)
	sortCall           // the order function
	sortInts           // integers, all of them
	sortFloats         // floats, all of them
	sortStrings        // strings, all of them
)

// less is sort_comp: the order function, or the < operator (with __lt).
// Numbers and strings are compared without going through the runtime.
func (s *sorter) less(a, b runtime.Value) bool {
	switch s.kind {
	case sortCall:
		return s.L.Call2(s.cmp, a, b).Truthy()
	case sortInts:
		return a.AsInt() < b.AsInt()
	case sortStrings:
		return a.AsString() < b.AsString()
	case sortFloats:
		return a.AsFloat() < b.AsFloat()
	}
	return s.lessAny(a, b)
}

// lessAny is less for values of any types.
func (s *sorter) lessAny(a, b runtime.Value) bool {
	switch {
	case a.IsInt() && b.IsInt():
		return a.AsInt() < b.AsInt()
	case a.IsFloat() && b.IsFloat():
		return a.AsFloat() < b.AsFloat()
	case a.IsString() && b.IsString():
		return a.AsString() < b.AsString()
	}
	return s.L.LessThan(a, b)
}

// geti is lua_geti(a, i): arr, or getRaw. Small enough to be inlined.
func (s *sorter) geti(i uint) runtime.Value {
	if s.arr != nil {
		return s.arr[i-1]
	}
	return s.getRaw(i)
}

// getRaw is geti without arr: the array part of a plain table read in
// place (an order function may have changed the table, so it is looked
// at again each time), or seq.get.
func (s *sorter) getRaw(i uint) runtime.Value {
	if t := s.t; t != nil && t.Metatable() == nil {
		if a := t.Array(); i-1 < uint(len(a)) {
			return a[i-1]
		}
	}
	return s.get(int64(i))
}

// seti is lua_seti(a, i, v), as geti reads.
func (s *sorter) seti(i uint, v runtime.Value) {
	if s.arr != nil {
		s.arr[i-1] = v
		return
	}
	s.setRaw(i, v)
}

// setRaw is seti without arr, as getRaw reads.
func (s *sorter) setRaw(i uint, v runtime.Value) {
	if t := s.t; t != nil && t.Metatable() == nil {
		if a := t.Array(); i-1 < uint(len(a)) {
			a[i-1] = v
			return
		}
	}
	s.set(int64(i), v)
}

// sameKind returns the kind of sort for a list that is n elements of one
// type that less compares itself (sortInts, sortFloats, sortStrings), or
// sortAny.
func sameKind(a []runtime.Value) int {
	if len(a) == 0 {
		return sortAny
	}
	switch {
	case a[0].IsInt():
		for i := range a {
			if !a[i].IsInt() {
				return sortAny
			}
		}
		return sortInts
	case a[0].IsFloat():
		for i := range a {
			if !a[i].IsFloat() {
				return sortAny
			}
		}
		return sortFloats
	case a[0].IsString():
		for i := range a {
			if !a[i].IsString() {
				return sortAny
			}
		}
		return sortStrings
	}
	return sortAny
}

// randomizePivot stands for the reference's l_randomizePivot: any value
// that varies will do.
func randomizePivot() uint32 { return rand.Uint32() }

// choosePivot picks an index in the middle half of [lo, up].
func choosePivot(lo, up uint, rnd uint32) uint {
	r4 := (up - lo) / 4
	return uint(rnd)%(r4*2) + lo + r4
}

// auxsort sorts a[lo..up].
func (s *sorter) auxsort(lo, up uint, rnd uint32) {
	for lo < up {
		// A pass over a[lo..up] makes about up-lo comparisons. An order
		// function ticks by itself (each call does); the built-in
		// comparisons are counted here, in bulk, so that budgets and
		// deadlines stop a long sort without costing each comparison.
		if s.kind != sortCall {
			s.L.Tick(int(min(up-lo, 1<<20)) + 1)
		}
		// Order a[lo] and a[up].
		a, b := s.geti(lo), s.geti(up)
		if s.less(b, a) {
			s.seti(lo, b)
			s.seti(up, a)
		}
		if up-lo == 1 {
			break
		}
		var p uint
		if up-lo < sortRanLimit || rnd == 0 {
			p = (lo + up) / 2
		} else {
			p = choosePivot(lo, up, rnd)
		}
		// Order a[p] between a[lo] and a[up].
		a, b = s.geti(p), s.geti(lo)
		if s.less(a, b) {
			s.seti(p, b)
			s.seti(lo, a)
		} else {
			c := s.geti(up)
			if s.less(c, a) {
				s.seti(p, c)
				s.seti(up, a)
			}
		}
		if up-lo == 2 {
			break
		}
		// Swap the pivot into a[up-1] and partition.
		pivot := s.geti(p)
		b = s.geti(up - 1)
		s.seti(p, b)
		s.seti(up-1, pivot)
		if s.arr != nil {
			p = s.partitionArr(lo, up, pivot)
		} else {
			p = s.partition(lo, up, pivot)
		}
		var n uint // size of the smaller side
		if p-lo < up-p {
			s.auxsort(lo, p-1, rnd)
			n = p - lo
			lo = p + 1
		} else {
			s.auxsort(p+1, up, rnd)
			n = up - p
			up = p - 1
		}
		// up-lo wraps when the larger side is empty; the loop ends then
		// anyway, as in the reference.
		if (up-lo)/128 > n {
			rnd = randomizePivot()
		}
	}
}

// lessKind is less for sorters with arr: kind is sortInts, sortFloats
// or sortStrings.
func lessKind(kind int, a, b *runtime.Value) bool {
	if kind == sortInts {
		return a.AsInt() < b.AsInt()
	}
	if kind == sortStrings {
		return a.AsString() < b.AsString()
	}
	return a.AsFloat() < b.AsFloat()
}

// partitionArr is partition for a sorter with arr, step for step.
func (s *sorter) partitionArr(lo, up uint, pivot runtime.Value) uint {
	a, kind := s.arr, s.kind
	i, j := lo, up-1
	for {
		for {
			i++
			if !lessKind(kind, &a[i-1], &pivot) {
				break
			}
			if i == up-1 { // a[i] < P but a[up-1] == P
				s.L.Errorf("invalid order function for sorting")
			}
		}
		for {
			j--
			if !lessKind(kind, &pivot, &a[j-1]) {
				break
			}
			if j < i { // j < i but a[j] > P
				s.L.Errorf("invalid order function for sorting")
			}
		}
		if j < i {
			a[up-2] = a[i-1]
			a[i-1] = pivot
			return i
		}
		a[i-1], a[j-1] = a[j-1], a[i-1]
	}
}

// partition partitions a[lo..up] around pivot, which is in a[up-1], and
// returns the pivot's final index. It serves sorters without arr
// (partitionArr serves the others), so it reads and writes through
// getRaw and setRaw directly, and calls the order function itself
// rather than through less.
func (s *sorter) partition(lo, up uint, pivot runtime.Value) uint {
	call := s.kind == sortCall
	i, j := lo, up-1
	for {
		var ai, aj runtime.Value
		for {
			i++
			ai = s.getRaw(i)
			if call {
				if !s.L.Call2(s.cmp, ai, pivot).Truthy() {
					break
				}
			} else if !s.lessAny(ai, pivot) {
				break
			}
			if i == up-1 { // a[i] < P but a[up-1] == P
				s.L.Errorf("invalid order function for sorting")
			}
		}
		for {
			j--
			aj = s.getRaw(j)
			if call {
				if !s.L.Call2(s.cmp, pivot, aj).Truthy() {
					break
				}
			} else if !s.lessAny(pivot, aj) {
				break
			}
			if j < i { // j < i but a[j] > P
				s.L.Errorf("invalid order function for sorting")
			}
		}
		if j < i {
			s.setRaw(up-1, ai)
			s.setRaw(i, pivot)
			return i
		}
		s.setRaw(i, aj)
		s.setRaw(j, ai)
	}
}

// tabSort is table.sort(list [, comp]).
func tabSort(L *runtime.State) int {
	s := sorter{seq: checkTab(L, 1, tabRW|tabL)}
	n := s.length()
	if n > 1 {
		if n >= math.MaxInt32 {
			L.ArgError(1, "array too big")
		}
		if !L.Arg(2).IsNil() {
			L.CheckType(2, runtime.TypeFunction)
			s.cmp, s.kind = L.Arg(2), sortCall
		} else if a := s.array(); int64(len(a)) >= n {
			if s.kind = sameKind(a[:n]); s.kind != sortAny {
				s.arr = a[:n]
			}
		}
		L.SetTop(2)
		s.auxsort(1, uint(n), 0)
	}
	return 0
}
