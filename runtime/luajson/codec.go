// Package luajson converts between JSON text and Lua values for one Lua
// state: panto.ext.json, tool inputs, and anything else the host hands to
// Lua as decoded JSON. Two things JSON has and Lua tables lack are kept:
// json.null (a sentinel, so a null in an object field or array slot is not
// a missing key) and "this empty table is an array" (json.array marks it,
// and decoded arrays are marked, so decode then encode gives [] back, not
// {}).
package luajson

import "panto/runtime"

// Codec is bound to one state: its null sentinel and its set of tables
// marked as arrays.
type Codec struct {
	// Null is json.null.
	Null runtime.Value
	// arrays is a weak-keyed set of tables marked as arrays: weak so that
	// marking never keeps a table alive, and a set rather than a
	// metatable so that marking works on tables that have one.
	arrays *runtime.Table
}

const registryKey = "panto.json"

// For returns the state's codec, creating it on first use.
func For(L *runtime.State) *Codec {
	reg := L.Registry()
	if ud := reg.GetStr(registryKey).AsUserdata(); ud != nil {
		return ud.Value.(*Codec)
	}
	nullMeta := runtime.NewTable(0, 3)
	nullMeta.SetStr("__name", runtime.String("json.null"))
	nullMeta.SetStr("__tostring", runtime.NewFunction("tostring", func(L *runtime.State) int {
		L.PushString("null")
		return 1
	}))
	nullMeta.SetStr("__metatable", runtime.False)
	weak := runtime.NewTable(0, 0)
	weak.SetStr("__mode", runtime.String("k"))
	arrays := runtime.NewTable(0, 0)
	c := &Codec{
		Null:   runtime.UserdataValue(runtime.NewUserdata(nil, nullMeta)),
		arrays: arrays,
	}
	L.SetMetatable(runtime.TableValue(arrays), weak) // registers the weak table with the collector
	reg.SetStr(registryKey, runtime.UserdataValue(runtime.NewUserdata(c, nil)))
	return c
}

// MarkArray marks t so that it encodes as a JSON array even when empty.
func (c *Codec) MarkArray(t *runtime.Table) {
	c.arrays.Set(runtime.TableValue(t), runtime.True)
}

// IsArray reports whether t was marked as an array.
func (c *Codec) IsArray(t *runtime.Table) bool {
	return c.arrays.Get(runtime.TableValue(t)).Truthy()
}

// IsNull reports whether v is json.null.
func (c *Codec) IsNull(v runtime.Value) bool {
	return v.Type() == runtime.TypeUserdata && v.AsUserdata() == c.Null.AsUserdata()
}

// Module builds the panto.ext.json table.
func (c *Codec) Module() *runtime.Table {
	t := runtime.NewTable(0, 4)
	t.SetStr("null", c.Null)
	t.SetStr("decode", runtime.NewFunction("decode", func(L *runtime.State) int {
		s := L.CheckString(1)
		v, err := c.Decode(s)
		if err != nil {
			L.Push(runtime.Nil, runtime.String(err.Error()))
			return 2
		}
		L.Push(v)
		return 1
	}))
	t.SetStr("encode", runtime.NewFunction("encode", func(L *runtime.State) int {
		L.CheckAny(1)
		s, err := c.Encode(L.Arg(1))
		if err != nil {
			L.Errorf("%s", err.Error())
		}
		L.PushString(s)
		return 1
	}))
	t.SetStr("array", runtime.NewFunction("array", func(L *runtime.State) int {
		var tbl *runtime.Table
		if L.Arg(1).IsNil() {
			tbl = runtime.NewTable(0, 0)
		} else {
			tbl = L.CheckTable(1)
		}
		c.MarkArray(tbl)
		L.Push(runtime.TableValue(tbl))
		return 1
	}))
	return t
}
