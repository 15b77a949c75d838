package stdlib

import (
	"strings"
	"unsafe"

	"panto/internal/pattern"
	"panto/runtime"
)

// string.find, string.match, string.gmatch and string.gsub, on top of
// panto/internal/pattern. The matcher works on 0-based byte offsets; this
// file converts positions and raises the matcher's errors as Lua errors
// with the caller's position, as the reference's luaL_error does.

// patternError raises err (a pattern.Error carrying the reference's text).
func patternError(L *runtime.State, err error) {
	L.Errorf("%s", err.Error())
}

// pushCaptures pushes the captures of m, or the whole match when the
// pattern has none and whole is set (match, gmatch, a gsub function);
// string.find passes whole == false and so pushes nothing then. The
// captures are read here rather than through captureValue (a call, and
// a copy of m, for each); an unfinished one is captureValue's error.
func pushCaptures(L *runtime.State, s string, m pattern.Match, whole bool) int {
	caps := m.Captures
	if len(caps) == 0 {
		if !whole {
			return 0
		}
		L.CheckStack(1)
		L.PushString(s[m.Start:m.End])
		return 1
	}
	L.CheckStack(len(caps))
	for i := range caps {
		switch c := &caps[i]; {
		case c.Unfinished:
			captureValue(L, s, m, i) // raises "unfinished capture"
		case c.Position:
			L.Push(runtime.Int(int64(c.Start + 1)))
		default:
			L.PushString(s[c.Start:c.End])
		}
	}
	return len(caps)
}

// captureValue returns capture i of m as a Lua value: a substring, or an
// integer for a position capture.
func captureValue(L *runtime.State, s string, m pattern.Match, i int) runtime.Value {
	sub, pos, isPos, err := pattern.CaptureValue(s, m, i)
	if err != nil {
		patternError(L, err)
	}
	if isPos {
		return runtime.Int(int64(pos))
	}
	return runtime.String(sub)
}

func strFind(L *runtime.State) int { return findAux(L, true) }

func strMatch(L *runtime.State) int { return findAux(L, false) }

// findAux is string.find (find) and string.match (!find).
func findAux(L *runtime.State, find bool) int {
	var s, p string
	var init int64
	var plain bool
	// The common call, s:find(p [, i [, plain]]) with a string pattern
	// and an integer or no init, reads its arguments in place; anything
	// else (numbers to convert, errors) takes the checks, in their order.
	if a := L.Args(); len(a) >= 2 && a[0].IsString() && a[1].IsString() && (len(a) == 2 || a[2].IsInt() || a[2].IsNil()) {
		s, p, init = a[0].AsString(), a[1].AsString(), 1
		if len(a) > 2 && a[2].IsInt() {
			init = a[2].AsInt()
		}
		plain = len(a) > 3 && a[3].Truthy()
	} else {
		s = L.CheckString(1)
		p = L.CheckString(2)
		init = L.OptInteger(3, 1)
		plain = L.Arg(4).Truthy()
	}
	init = posRelatI(init, len(s)) - 1
	if init > int64(len(s)) { // starts after the end: nothing can match
		L.Push(runtime.Nil)
		return 1
	}
	if find && (plain || !pattern.HasSpecials(p)) {
		L.TickBytes(len(s) - int(init))
		if i := pattern.IndexPlain(s, p, int(init)); i >= 0 {
			L.Push2(runtime.Int(int64(i+1)), runtime.Int(int64(i+len(p))))
			return 2
		}
	} else {
		if find {
			// One single-byte item: no steps to report (FindSingle).
			if st, known := pattern.FindSingle(s, p, int(init)); known {
				if st < 0 {
					L.Push(runtime.Nil)
					return 1
				}
				L.Push2(runtime.Int(int64(st+1)), runtime.Int(int64(st+1)))
				return 2
			}
		}
		// The matcher's steps are ticks: backtracking can take
		// exponential time, which budgets and deadlines must stop.
		m, ok, err := pattern.FindWork(s, p, int(init), L)
		if err != nil {
			patternError(L, err)
		}
		if ok {
			if find {
				L.Push2(runtime.Int(int64(m.Start+1)), runtime.Int(int64(m.End)))
				if len(m.Captures) == 0 {
					return 2 // most finds: no call to push nothing
				}
				return 2 + pushCaptures(L, s, m, false)
			}
			return pushCaptures(L, s, m, true)
		}
	}
	L.Push(runtime.Nil)
	return 1
}

// strGmatch returns an iterator over the matches. Like the reference
// (5.4.4), the iterator ignores its arguments, never anchors on a leading
// '^', and starts at the optional init.
func strGmatch(L *runtime.State) int {
	s := L.CheckString(1)
	p := L.CheckString(2)
	init := posRelatI(L.OptInteger(3, 1), len(s)) - 1
	if init > int64(len(s)) {
		init = int64(len(s)) + 1
	}
	m := pattern.NewMatcher(s, p, int(init))
	iter := &runtime.GoFunction{
		Name: "gmatch_aux",
		Fn: func(L *runtime.State) int {
			m.SetWork(L) // the thread calling it now
			res, ok, err := m.Next()
			if err != nil {
				patternError(L, err)
			}
			if !ok {
				return 0
			}
			return pushCaptures(L, s, res, true)
		},
		// The reference's iterator is a C closure over the subject, the
		// pattern and its match state, and debug.getupvalue shows them.
		Upvalues: []runtime.Value{L.Arg(1), L.Arg(2), runtime.UserdataValue(runtime.NewUserdata(m, nil))},
	}
	L.Push(runtime.FunctionValue(iter))
	return 1
}

// strGsub is string.gsub. The result is built by pattern.Gsub in a single
// buffer; string replacements are expanded into one scratch buffer reused
// for every match.
func strGsub(L *runtime.State) int {
	var src, p string
	var repl runtime.Value
	var maxN int64
	// s:gsub(p, repl) with strings reads its arguments in place (as
	// findAux); anything else takes the checks, in their order.
	if a := L.Args(); len(a) == 3 && a[0].IsString() && a[1].IsString() {
		src, p, repl = a[0].AsString(), a[1].AsString(), a[2]
		maxN = int64(len(src)) + 1
	} else {
		src = L.CheckString(1)
		p = L.CheckString(2)
		repl = L.Arg(3)
		// The reference reads the count before it checks the
		// replacement's type, and so reports a bad count first.
		maxN = L.OptInteger(4, int64(len(src))+1)
	}
	var fn func(m pattern.Match) (string, bool, error)
	switch repl.Type() {
	case runtime.TypeString, runtime.TypeNumber:
		r := L.CheckString(3) // a number becomes its string form
		if strings.IndexByte(r, '%') < 0 {
			fn = func(pattern.Match) (string, bool, error) { return r, false, nil }
			break
		}
		var scratch []byte
		fn = func(m pattern.Match) (string, bool, error) {
			var err error
			scratch, err = pattern.ExpandReplacement(scratch[:0], r, src, m)
			if err != nil {
				return "", false, err
			}
			// Gsub copies the replacement into its result before it
			// calls fn again, so handing out a view of scratch is safe.
			return ownString(scratch), false, nil
		}
	case runtime.TypeTable:
		fn = func(m pattern.Match) (string, bool, error) {
			v := L.Index(repl, captureValue(L, src, m, 0))
			return replacementValue(L, v)
		}
	case runtime.TypeFunction:
		fn = func(m pattern.Match) (string, bool, error) {
			L.Push(repl)
			n := pushCaptures(L, src, m, true)
			L.CallStack(n, 1)
			v := L.Get(-1)
			L.Pop(1)
			return replacementValue(L, v)
		}
	default:
		L.TypeError(3, "string/function/table")
	}
	// The matcher's steps are ticks, and the result it builds is charged
	// to the memory limit as it grows (pattern.Work).
	res, n, err := pattern.GsubWork(src, p, int(max(maxN, 0)), fn, L)
	if err != nil {
		patternError(L, err)
	}
	if len(res) == len(src) && unsafe.StringData(res) == unsafe.StringData(src) {
		L.Push2(L.Arg(1), runtime.Int(int64(n))) // nothing replaced: the subject itself
	} else {
		L.Push2(runtime.String(res), runtime.Int(int64(n)))
	}
	return 2
}

// replacementValue interprets the value a gsub table or function gave for
// a match: false or nil keeps the original text, a string or number
// replaces it, anything else is an error.
func replacementValue(L *runtime.State, v runtime.Value) (string, bool, error) {
	switch {
	case !v.Truthy():
		return "", true, nil
	case v.IsString():
		return v.AsString(), false, nil
	case v.IsNumber():
		return runtime.FormatNumber(v), false, nil
	}
	L.Errorf("invalid replacement value (a %s)", v.TypeName())
	return "", false, nil
}
