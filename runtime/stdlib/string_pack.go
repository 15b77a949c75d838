package stdlib

import (
	"errors"

	"panto/internal/binpack"
	"panto/runtime"
)

// string.pack, string.unpack and string.packsize, on top of
// panto/internal/binpack, which knows the formats and the reference's
// error texts; this file supplies the arguments with Lua's coercions and
// turns binpack's errors into Lua errors.

// packArgs gives binpack the arguments of string.pack. The checks raise
// Lua errors directly (binpack stops at the first problem anyway).
type packArgs struct{ L *runtime.State }

// missing reports an argument past the end. The reference pushes a nil
// after the arguments before packing, so the first missing one reads as a
// nil ("number expected, got nil") rather than as no value.
func (a packArgs) missing(i int, expected string) {
	L := a.L
	switch {
	case i == L.Top()+1:
		L.ArgError(i, expected+" expected, got nil")
	case i > L.Top():
		L.ArgError(i, expected+" expected, got no value")
	}
}

func (a packArgs) Int(i int) (int64, error) {
	a.missing(i, "number")
	return a.L.CheckInteger(i), nil
}

func (a packArgs) Float(i int) (float64, error) {
	a.missing(i, "number")
	return a.L.CheckNumber(i), nil
}

func (a packArgs) String(i int) (string, error) {
	a.missing(i, "string")
	return a.L.CheckString(i), nil
}

// packError raises an error from binpack: an ArgError names the argument
// ("bad argument #2 to 'unpack' (data string too short)"), the others are
// plain messages with the caller's position.
func packError(L *runtime.State, err error) {
	var ae *binpack.ArgError
	if errors.As(err, &ae) {
		L.ArgError(ae.Arg, ae.Msg)
	}
	L.Errorf("%s", err.Error())
}

func strPack(L *runtime.State) int {
	format := L.CheckString(1)
	b, err := binpack.Pack(nil, format, packArgs{L}, 2)
	if err != nil {
		packError(L, err)
	}
	L.PushString(ownString(b))
	return 1
}

func strUnpack(L *runtime.State) int {
	format := L.CheckString(1)
	data := L.CheckString(2)
	pos := L.OptInteger(3, 1)
	vals, next, err := binpack.Unpack(format, data, int(pos))
	if err != nil {
		packError(L, err)
	}
	if !L.TryCheckStack(len(vals) + 1) {
		L.Errorf("stack overflow (too many results)")
	}
	for _, v := range vals {
		switch v.Kind {
		case binpack.KindInt:
			L.Push(runtime.Int(v.Int))
		case binpack.KindFloat:
			L.Push(runtime.Float(v.Float))
		default:
			L.PushString(v.Str)
		}
	}
	L.Push(runtime.Int(int64(next)))
	return len(vals) + 1
}

func strPackSize(L *runtime.State) int {
	n, err := binpack.PackSize(L.CheckString(1))
	if err != nil {
		packError(L, err)
	}
	L.Push(runtime.Int(int64(n)))
	return 1
}
