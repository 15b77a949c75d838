package luaregex

import (
	"regexp"
	"strings"

	"panto/runtime"
)

const registryKey = "panto.regex.meta"

// TypeName is the userdata's __name, and what errors call it.
const TypeName = "panto.Regex"

// Module builds the panto.regex table for L: compile and quote.
func Module(L *runtime.State) *runtime.Table {
	meta := metatable(L)
	t := runtime.NewTable(0, 2)
	t.SetStr("compile", runtime.NewFunction("compile", func(L *runtime.State) int {
		pattern := L.CheckString(1)
		flags := L.OptString(2, "")
		r, err := Compile(pattern, flags)
		if err != nil {
			if strings.HasPrefix(err.Error(), "unknown regex flag") {
				L.ArgError(2, err.Error())
			}
			L.Push(runtime.Nil, runtime.String(err.Error()))
			return 2
		}
		L.Push(runtime.UserdataValue(runtime.NewUserdata(r, meta)))
		return 1
	}))
	t.SetStr("quote", runtime.NewFunction("quote", func(L *runtime.State) int {
		L.PushString(regexp.QuoteMeta(L.CheckString(1)))
		return 1
	}))
	return t
}

// metatable is the state's one metatable for compiled expressions,
// protected so that Lua can neither read nor replace it.
func metatable(L *runtime.State) *runtime.Table {
	reg := L.Registry()
	if t := reg.GetStr(registryKey).AsTable(); t != nil {
		return t
	}
	methods := runtime.NewTable(0, 12)
	for name, fn := range map[string]func(*runtime.State) int{
		"find":       luaFind,
		"match":      luaMatch,
		"test":       luaTest,
		"gmatch":     luaGmatch,
		"find_all":   luaFindAll,
		"submatches": luaSubmatches,
		"replace":    luaReplace,
		"split":      luaSplit,
		"groups":     luaGroups,
		"names":      luaNames,
		"pattern":    luaPattern,
	} {
		methods.SetStr(name, runtime.NewFunction(name, fn))
	}
	t := runtime.NewTable(0, 4)
	t.SetStr("__name", runtime.String(TypeName))
	t.SetStr("__metatable", runtime.String(TypeName))
	t.SetStr("__index", runtime.TableValue(methods))
	t.SetStr("__tostring", runtime.NewFunction("tostring", func(L *runtime.State) int {
		r := Check(L, 1)
		L.PushString("regex: " + r.Pattern)
		return 1
	}))
	reg.SetStr(registryKey, runtime.TableValue(t))
	return t
}

// Check returns argument n as a compiled expression, or raises an
// argument error.
func Check(L *runtime.State, n int) *Regex {
	if r, ok := From(L.Arg(n)); ok {
		return r
	}
	L.TypeError(n, TypeName)
	return nil
}

// From returns the compiled expression in v, if v is one.
func From(v runtime.Value) (*Regex, bool) {
	if ud := v.AsUserdata(); ud != nil {
		r, ok := ud.Value.(*Regex)
		return r, ok
	}
	return nil, false
}

// subjectAt reads the subject (argument 2) and the optional start
// (argument 3), Lua style: negative counts from the end, below 1 is 1.
// ok is false when the start lies past the end, where string.find finds
// nothing.
func subjectAt(L *runtime.State) (s string, off int, ok bool) {
	s = L.CheckString(2)
	init := L.OptInteger(3, 1)
	switch {
	case init < 0:
		init = int64(len(s)) + init + 1
		if init < 1 {
			init = 1
		}
	case init == 0:
		init = 1
	}
	if init > int64(len(s))+1 {
		return s, 0, false
	}
	return s, int(init - 1), true
}

// captures pushes what string.match would return for one match: the
// groups (false for one that took no part), or the whole match when the
// expression has none.
func captures(L *runtime.State, s string, loc []int) int {
	if len(loc) == 2 {
		L.PushString(s[loc[0]:loc[1]])
		return 1
	}
	n := len(loc)/2 - 1
	L.CheckStack(n)
	for g := 1; g <= n; g++ {
		L.Push(group(s, loc, g))
	}
	return n
}

func group(s string, loc []int, g int) runtime.Value {
	a, b := loc[2*g], loc[2*g+1]
	if a < 0 {
		return runtime.False
	}
	return runtime.String(s[a:b])
}

func shift(loc []int, off int) {
	for i := range loc {
		if loc[i] >= 0 {
			loc[i] += off
		}
	}
}

func luaFind(L *runtime.State) int {
	r := Check(L, 1)
	s, off, ok := subjectAt(L)
	if !ok {
		L.Push(runtime.Nil)
		return 1
	}
	loc := r.Re.FindStringSubmatchIndex(s[off:])
	if loc == nil {
		L.Push(runtime.Nil)
		return 1
	}
	shift(loc, off)
	L.Push(runtime.Int(int64(loc[0]+1)), runtime.Int(int64(loc[1])))
	n := 2
	if len(loc) > 2 {
		n += captures(L, s, loc)
	}
	return n
}

func luaMatch(L *runtime.State) int {
	r := Check(L, 1)
	s, off, ok := subjectAt(L)
	if !ok {
		L.Push(runtime.Nil)
		return 1
	}
	loc := r.Re.FindStringSubmatchIndex(s[off:])
	if loc == nil {
		L.Push(runtime.Nil)
		return 1
	}
	shift(loc, off)
	return captures(L, s, loc)
}

func luaTest(L *runtime.State) int {
	r := Check(L, 1)
	s, off, ok := subjectAt(L)
	L.Push(runtime.Bool(ok && r.Re.MatchString(s[off:])))
	return 1
}

// luaGmatch returns an iterator over the non-overlapping matches, found
// all at once (Go's FindAll rules for empty matches: none right after
// another match).
func luaGmatch(L *runtime.State) int {
	r := Check(L, 1)
	s := L.CheckString(2)
	all := r.Re.FindAllStringSubmatchIndex(s, -1)
	i := 0
	L.Push(runtime.NewFunction("gmatch_iter", func(L *runtime.State) int {
		if i >= len(all) {
			return 0
		}
		loc := all[i]
		i++
		return captures(L, s, loc)
	}))
	return 1
}

// matchTable describes one match: start and stop (inclusive), the text,
// groups (false for one that took no part) and named groups by name.
func matchTable(r *Regex, s string, loc []int) runtime.Value {
	m := runtime.NewTable(0, 5)
	m.SetStr("start", runtime.Int(int64(loc[0]+1)))
	m.SetStr("stop", runtime.Int(int64(loc[1])))
	m.SetStr("text", runtime.String(s[loc[0]:loc[1]]))
	n := len(loc)/2 - 1
	groups := runtime.NewTable(n, 0)
	for g := 1; g <= n; g++ {
		groups.SetInt(int64(g), group(s, loc, g))
	}
	m.SetStr("groups", runtime.TableValue(groups))
	named := runtime.NewTable(0, 0)
	for g, name := range r.Re.SubexpNames() {
		if name != "" {
			named.SetStr(name, group(s, loc, g))
		}
	}
	m.SetStr("named", runtime.TableValue(named))
	return runtime.TableValue(m)
}

func luaFindAll(L *runtime.State) int {
	r := Check(L, 1)
	s := L.CheckString(2)
	limit := int(L.OptInteger(3, -1))
	if limit == 0 {
		limit = -1
	}
	all := r.Re.FindAllStringSubmatchIndex(s, limit)
	t := runtime.NewTable(len(all), 0)
	for i, loc := range all {
		t.SetInt(int64(i+1), matchTable(r, s, loc))
	}
	L.Push(runtime.TableValue(t))
	return 1
}

func luaSubmatches(L *runtime.State) int {
	r := Check(L, 1)
	s, off, ok := subjectAt(L)
	if !ok {
		L.Push(runtime.Nil)
		return 1
	}
	loc := r.Re.FindStringSubmatchIndex(s[off:])
	if loc == nil {
		L.Push(runtime.Nil)
		return 1
	}
	shift(loc, off)
	L.Push(matchTable(r, s, loc))
	return 1
}

// luaReplace is gsub with a regex: repl is a template ($1, ${name}, $$),
// a function called with the captures (or the whole match), or a table
// indexed by the first capture; a false or nil result keeps the match.
func luaReplace(L *runtime.State) int {
	r := Check(L, 1)
	s := L.CheckString(2)
	repl := L.Arg(3)
	switch {
	case repl.IsString() || repl.IsNumber():
	case repl.Type() == runtime.TypeFunction || repl.Type() == runtime.TypeTable:
	default:
		L.TypeError(3, "string, function or table")
	}
	limit := int(L.OptInteger(4, -1))
	if limit == 0 {
		L.Push(runtime.String(s), runtime.Int(0))
		return 2
	}
	all := r.Re.FindAllStringSubmatchIndex(s, limit)
	var b strings.Builder
	last := 0
	template := ""
	if repl.IsString() || repl.IsNumber() {
		template = L.ToString(repl)
	}
	for _, loc := range all {
		b.WriteString(s[last:loc[0]])
		last = loc[1]
		switch repl.Type() {
		case runtime.TypeString, runtime.TypeNumber:
			b.Write(r.Re.ExpandString(nil, template, s, loc))
		default:
			var key runtime.Value
			if len(loc) > 2 {
				key = group(s, loc, 1)
			} else {
				key = runtime.String(s[loc[0]:loc[1]])
			}
			var got runtime.Value
			if repl.Type() == runtime.TypeTable {
				got = L.Index(repl, key)
			} else {
				args := []runtime.Value{runtime.String(s[loc[0]:loc[1]])}
				if len(loc) > 2 {
					args = args[:0]
					for g := 1; g < len(loc)/2; g++ {
						args = append(args, group(s, loc, g))
					}
				}
				got = L.Call1(repl, args...)
			}
			switch {
			case !got.Truthy():
				b.WriteString(s[loc[0]:loc[1]])
			case got.IsString() || got.IsNumber():
				b.WriteString(L.ToString(got))
			default:
				L.Errorf("invalid replacement value (a %s)", got.TypeName())
			}
		}
	}
	b.WriteString(s[last:])
	L.Push(runtime.String(b.String()), runtime.Int(int64(len(all))))
	return 2
}

func luaSplit(L *runtime.State) int {
	r := Check(L, 1)
	s := L.CheckString(2)
	limit := int(L.OptInteger(3, -1))
	parts := r.Re.Split(s, limit)
	t := runtime.NewTable(len(parts), 0)
	for i, p := range parts {
		t.SetInt(int64(i+1), runtime.String(p))
	}
	L.Push(runtime.TableValue(t))
	return 1
}

func luaGroups(L *runtime.State) int {
	L.Push(runtime.Int(int64(Check(L, 1).Re.NumSubexp())))
	return 1
}

func luaNames(L *runtime.State) int {
	r := Check(L, 1)
	t := runtime.NewTable(0, 0)
	for g, name := range r.Re.SubexpNames() {
		if name != "" {
			t.SetStr(name, runtime.Int(int64(g)))
		}
	}
	L.Push(runtime.TableValue(t))
	return 1
}

func luaPattern(L *runtime.State) int {
	r := Check(L, 1)
	L.Push(runtime.String(r.Pattern), runtime.String(r.Flags))
	return 2
}
