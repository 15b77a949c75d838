package runtime

import (
	"math/bits"
	"unsafe"
)

// Allocation of new tables. A table made by a constructor gets its storage
// at once from the size hints of NEWTABLE, and for small sizes that
// storage is allocated in the same object as the Table: {x = 1, y = 2} or
// {a, b} cost one allocation instead of two. Should the table outgrow it,
// the inline storage is abandoned (it lives and dies with the table).

// NewTable returns an empty table with room for narr array items and nhash
// other keys.
func NewTable(narr, nhash int) *Table {
	switch {
	case nhash <= 0:
		switch {
		case narr <= 0:
			return &Table{}
		case narr <= 2:
			return newTableArr[[2]Value]()
		case narr <= 4:
			return newTableArr[[4]Value]()
		}
	case narr <= 0:
		switch {
		case nhash == 1:
			return newTableNodes[[1]node]()
		case nhash == 2:
			return newTableNodes[[2]node]()
		case nhash <= 4:
			return newTableNodes[[4]node]()
		}
	case narr <= 2 && nhash <= 2:
		if nhash == 1 {
			return newTableBoth[[2]Value, [1]node]()
		}
		return newTableBoth[[2]Value, [2]node]()
	}
	t := &Table{}
	if narr > 0 {
		t.arr = make([]Value, 0, narr)
	}
	if nhash > 0 {
		t.setNodeSize(nhash)
	}
	return t
}

// NewTableArray returns a table whose array part is exactly arr (nil
// entries included) with room for nhash other keys, as lua_createtable
// followed by lua_seti for every slot would build it. table.pack uses it so
// that a packed table with holes has the reference's length and traversal
// order. The table takes ownership of arr.
func NewTableArray(arr []Value, nhash int) *Table {
	t := NewTable(0, nhash)
	t.arr = arr
	return t
}

// newTableArr allocates a table with its array part inline: A is an array
// of Values at least as long as the hint, all of it usable capacity.
func newTableArr[A any]() *Table {
	x := new(struct {
		t Table
		a A
	})
	x.t.arr = inlineValues(unsafe.Pointer(&x.a), unsafe.Sizeof(x.a))
	return &x.t
}

// newTableNodes allocates a table with its hash part inline: N is an array
// of nodes whose length is a power of two.
func newTableNodes[N any]() *Table {
	x := new(struct {
		t Table
		n N
	})
	x.t.setInlineNodes(unsafe.Pointer(&x.n), unsafe.Sizeof(x.n))
	return &x.t
}

// newTableBoth allocates a table with both parts inline.
func newTableBoth[A, N any]() *Table {
	x := new(struct {
		t Table
		a A
		n N
	})
	x.t.arr = inlineValues(unsafe.Pointer(&x.a), unsafe.Sizeof(x.a))
	x.t.setInlineNodes(unsafe.Pointer(&x.n), unsafe.Sizeof(x.n))
	return &x.t
}

func inlineValues(p unsafe.Pointer, size uintptr) []Value {
	return unsafe.Slice((*Value)(p), size/unsafe.Sizeof(Value{}))[:0]
}

func (t *Table) setInlineNodes(p unsafe.Pointer, size uintptr) {
	t.setNodes((*node)(p), bits.Len(uint(size/unsafe.Sizeof(node{})))-1)
}
