package host

import (
	"fmt"

	"panto/runtime"
)

// Argument errors name the function explicitly: panto's functions live
// two tables deep (panto.ext.json...), where Lua's own naming falls back
// to '?' when they are called through pcall.

func argError(L *runtime.State, fn string, n int, msg string) {
	L.Errorf("bad argument #%d to '%s' (%s)", n, fn, msg)
}

func typeError(L *runtime.State, fn string, n int, expected string) {
	got := "no value"
	if !L.NoValue(n) {
		got = L.Arg(n).TypeName()
	}
	argError(L, fn, n, fmt.Sprintf("%s expected, got %s", expected, got))
}

// checkString reads a string argument without converting numbers.
func checkString(L *runtime.State, fn string, n int) string {
	v := L.Arg(n)
	if !v.IsString() {
		typeError(L, fn, n, "string")
	}
	return v.AsString()
}

// checkTable reads a table argument.
func checkTable(L *runtime.State, fn string, n int) *runtime.Table {
	t := L.Arg(n).AsTable()
	if t == nil {
		typeError(L, fn, n, "table")
	}
	return t
}

// optTable reads an optional table argument (nil gives an empty table).
func optTable(L *runtime.State, fn string, n int) *runtime.Table {
	if L.Arg(n).IsNil() {
		return runtime.NewTable(0, 0)
	}
	return checkTable(L, fn, n)
}

// checkWidth reads a width argument: a non-negative integral number.
func checkWidth(L *runtime.State, fn string, n int) int {
	w := L.Arg(n)
	if !w.IsNumber() {
		typeError(L, fn, n, "number")
	}
	i, ok := w.ToInteger()
	if !ok || i < 0 {
		argError(L, fn, n, "width must be a non-negative integer")
	}
	if i > 1<<20 {
		i = 1 << 20 // no terminal is a million columns wide
	}
	return int(i)
}
