package runtime

// Helpers for the table, math and utf8 libraries (runtime/stdlib) that need
// a little more than the rest of the public API offers.

// TryCheckStack makes room for n more values above the top, like
// lua_checkstack: it reports false, instead of raising "stack overflow",
// when they would not fit under the thread's stack limit. Libraries use it
// to turn a request for too many results into their own message
// ("too many results to unpack", "string slice too long").
func (L *State) TryCheckStack(n int) bool {
	if n < 0 || n > maxStack || L.top+n > maxStack {
		return false
	}
	L.ensureStack(L.top + n)
	return true
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
