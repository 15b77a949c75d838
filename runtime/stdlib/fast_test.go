package stdlib

import (
	"math"
	"strings"
	"testing"

	"panto/runtime"
)

// TestFastAgreesWithFn calls every library function that has a frameless
// path both ways over a table of arguments: where Fast answers, Fn must
// succeed with exactly that one result (the same value, of the same
// subtype); where Fn fails or gives another number of results, Fast must
// decline.
func TestFastAgreesWithFn(t *testing.T) {
	L, _ := newLibsState(t)
	I, F, S := runtime.Int, runtime.Float, runtime.String
	nan := F(math.NaN())
	cases := []struct {
		lib, name string
		args      [][]runtime.Value
	}{
		{"string", "byte", [][]runtime.Value{
			{S("hello")}, {S("hello"), I(1)}, {S("hello"), I(5)}, {S("hello"), I(6)}, {S("hello"), I(0)},
			{S("hello"), I(-1)}, {S("hello"), I(-5)}, {S("hello"), I(-6)}, {S("")}, {S(""), I(1)},
			{S("hello"), F(2)}, {S("hello"), F(2.5)}, {S("hello"), S("2")}, {S("hello"), I(2), I(3)},
			{I(123), I(1)}, {}, {runtime.Nil}, {S("hello"), I(math.MinInt64)}, {S("hello"), I(math.MaxInt64)},
			{S("hello"), runtime.Nil},
		}},
		{"string", "sub", [][]runtime.Value{
			{S("hello"), I(2)}, {S("hello"), I(2), I(3)}, {S("hello"), I(-3)}, {S("hello"), I(0)},
			{S("hello"), I(1), I(-1)}, {S("hello"), I(1), I(5)}, {S("hello"), I(1), I(100)}, {S("hello"), I(4), I(2)},
			{S("hello"), I(-100), I(2)}, {S("hello"), I(2), I(-100)}, {S("hello"), I(2), runtime.Nil},
			{S("hello"), I(math.MinInt64), I(math.MaxInt64)}, {S("hello"), I(math.MaxInt64)}, {S("hello"), I(6)},
			{S("hello")}, {S("hello"), F(1)}, {S("hello"), I(1), F(2)}, {S("hello"), I(1), S("2")},
			{I(12345), I(2), I(3)}, {S(""), I(1)}, {S("hello"), I(1), I(2), I(3)},
		}},
		{"string", "len", [][]runtime.Value{{S("hello")}, {S("")}, {I(42)}, {}, {runtime.True}}},
		{"math", "floor", [][]runtime.Value{
			{I(3)}, {F(3.7)}, {F(-3.2)}, {F(-0.0)}, {F(math.Ldexp(1, 63))}, {F(-math.Ldexp(1, 63))},
			{F(math.Inf(1))}, {nan}, {S("2.5")}, {}, {runtime.True},
		}},
		{"math", "abs", [][]runtime.Value{
			{I(-3)}, {I(math.MinInt64)}, {F(-2.5)}, {F(-0.0)}, {F(math.Inf(-1))}, {S("-4")}, {}, {runtime.Nil},
		}},
		{"math", "sqrt", [][]runtime.Value{{I(16)}, {F(2)}, {F(-1)}, {F(-0.0)}, {I(-4)}, {S("9")}, {}, {nan}}},
		{"string", "char", [][]runtime.Value{
			{I(65)}, {I(0)}, {I(255)}, {I(256)}, {I(-1)}, {F(65)}, {S("65")}, {I(65), I(66)}, {},
		}},
		{"_G", "select", [][]runtime.Value{
			{S("#")}, {S("#"), I(1), runtime.Nil, runtime.Nil}, {S("#x"), I(1)}, {I(2), I(1), I(2)},
			{I(1), I(7)}, {S("x")}, {},
		}},
		{"_G", "tonumber", [][]runtime.Value{
			{I(5)}, {F(5.5)}, {S("10")}, {S(" 0x10 ")}, {S("1e2")}, {S("9223372036854775808")},
			{S("abc")}, {S("10"), runtime.Nil}, {S("10"), I(16)}, {runtime.True}, {},
		}},
		{"_G", "type", [][]runtime.Value{
			{runtime.Nil}, {runtime.True}, {runtime.False}, {I(1)}, {F(1)}, {S("s")}, {runtime.TableValue(runtime.NewTable(0, 0))},
			{L.GetGlobal("print")}, {}, {runtime.Nil, I(2)},
		}},
		{"_G", "select", [][]runtime.Value{
			{S("#")}, {S("#"), I(1), runtime.Nil}, {S("#x"), I(1)}, {I(-1), I(1), I(2)}, {I(-1)},
			{I(-2), I(1), I(2)}, {I(1), I(2)}, {I(0), I(1)}, {S("x"), I(1)}, {}, {F(-1), I(5)},
		}},
	}
	for _, c := range cases {
		lib := L.GetGlobal(c.lib).AsTable()
		fv := lib.GetStr(c.name)
		g := fv.AsGoFunction()
		if g == nil || g.Fast == nil {
			t.Errorf("%s.%s has no frameless path", c.lib, c.name)
			continue
		}
		// Fn alone: a call of fv itself would take the Fast path.
		slow := runtime.NewFunction(g.Name, g.Fn)
		answered := 0
		for _, args := range c.args {
			v, ok := g.Fast(append([]runtime.Value(nil), args...))
			res, err := L.PCall(slow, args...)
			if !ok {
				continue
			}
			answered++
			switch {
			case err != nil:
				t.Errorf("%s.%s%v: Fast gave %v, Fn failed: %v", c.lib, c.name, args, v, err)
			case len(res) != 1:
				t.Errorf("%s.%s%v: Fast gave one result, Fn %d", c.lib, c.name, args, len(res))
			case !same(res[0], v):
				t.Errorf("%s.%s%v: Fast gave %v, Fn %v", c.lib, c.name, args, v, res[0])
			}
		}
		if answered == 0 {
			t.Errorf("%s.%s: Fast answered none of the cases", c.lib, c.name)
		}
	}
}

// same reports whether a and b are the same value of the same subtype
// (NaNs of the same sign bits count as equal).
func same(a, b runtime.Value) bool {
	switch {
	case a.IsFloat() && b.IsFloat():
		return math.Float64bits(a.AsFloat()) == math.Float64bits(b.AsFloat())
	case a.IsFloat() != b.IsFloat():
		return false
	}
	return runtime.RawEqual(a, b)
}

// TestFast2AgreesWithFn is TestFastAgreesWithFn for string.find's Fast2,
// which answers only for patterns the pattern cache has learnt: Fn runs
// first, then Fast2 with the same arguments must either decline or give
// Fn's results exactly, as many as Fn gives.
func TestFast2AgreesWithFn(t *testing.T) {
	L, _ := newLibsState(t)
	I, F, S := runtime.Int, runtime.Float, runtime.String
	g := L.GetGlobal("string").AsTable().GetStr("find").AsGoFunction()
	if g == nil || g.Fast2 == nil {
		t.Fatal("string.find has no Fast2")
	}
	slow := runtime.NewFunction(g.Name, g.Fn)
	subject := S("ab \t\"x\\y 12 x")
	var cases [][]runtime.Value
	for _, p := range []string{"[^ \t\r\n]", `["\\]`, "%d", "%s", "[%c\"\\]", "x", ".", "^%d", "%d+", "[z]", "%", "[a", "x", "y 1", "", "%s1", "[x"} {
		for _, init := range []runtime.Value{I(1), I(2), I(4), I(-3), I(0), I(11), I(12), I(13), I(-100), I(math.MaxInt64), I(math.MinInt64), runtime.Nil, F(2), S("2")} {
			cases = append(cases, []runtime.Value{subject, S(p), init})
		}
		cases = append(cases, []runtime.Value{subject, S(p)}, []runtime.Value{S(""), S(p)},
			[]runtime.Value{subject, S(p), I(1), runtime.True}, []runtime.Value{subject, S(p), I(3), runtime.False},
			[]runtime.Value{subject, S(p), runtime.Nil, S("plain")}, []runtime.Value{I(12), S(p)},
			[]runtime.Value{S(strings.Repeat("a", 2000) + "x"), S(p), I(1), runtime.True},
			[]runtime.Value{S(strings.Repeat("a", 2000) + "x"), S(p), I(1000)})
	}
	answered := 0
	for _, args := range cases {
		if fast2Agrees(t, L, "find", g, slow, args) {
			answered++
		}
	}
	if answered == 0 {
		t.Error("Fast2 answered none of the cases")
	}
}

// TestFast2GsubAgreesWithFn is TestFast2AgreesWithFn for string.gsub's
// Fast2, which answers only when the cache knows that nothing is
// replaced: Fn runs first, then Fast2 must decline or give Fn's results.
func TestFast2GsubAgreesWithFn(t *testing.T) {
	L, _ := newLibsState(t)
	I, F, S := runtime.Int, runtime.Float, runtime.String
	g := L.GetGlobal("string").AsTable().GetStr("gsub").AsGoFunction()
	if g == nil || g.Fast2 == nil {
		t.Fatal("string.gsub has no Fast2")
	}
	slow := runtime.NewFunction(g.Name, g.Fn)
	fn := L.GetGlobal("tostring")
	tab := runtime.TableValue(runtime.NewTable(0, 0))
	answered := 0
	for _, subj := range []string{"plain text", "a\"b", "tab\there", "", "x"} {
		for _, p := range []string{`[%c"\\]`, "%d", "[x]", "x", "^[x]", "%", "[a", "(%a)"} {
			for _, repl := range []runtime.Value{S("%1"), S("%9"), S("y"), I(7), F(1.5), fn, tab, runtime.True, runtime.Nil} {
				for _, args := range [][]runtime.Value{{S(subj), S(p), repl}, {S(subj), S(p), repl, I(1)}, {I(12), S(p), repl}} {
					if fast2Agrees(t, L, "gsub", g, slow, args) {
						answered++
					}
				}
			}
		}
	}
	if answered == 0 {
		t.Error("Fast2 answered none of the cases")
	}
}

// fast2Agrees runs slow (the function's Fn) and then g's Fast2 on args,
// and reports whether Fast2 answered; an answer must be Fn's results
// exactly, as many as Fn gives, and Fn must not have failed.
func fast2Agrees(t *testing.T, L *runtime.State, name string, g *runtime.GoFunction, slow runtime.Value, args []runtime.Value) bool {
	t.Helper()
	res, err := L.PCall(slow, args...)
	a, b, n := g.Fast2(append([]runtime.Value(nil), args...))
	if n == 0 {
		return false
	}
	got := []runtime.Value{a, b}[:n]
	switch {
	case err != nil:
		t.Errorf("%s%v: Fast2 gave %v, Fn failed: %v", name, args, got, err)
	case len(res) != n:
		t.Errorf("%s%v: Fast2 gave %v, Fn %v", name, args, got, res)
	default:
		for j := range res {
			if !same(res[j], got[j]) {
				t.Errorf("%s%v: Fast2 gave %v, Fn %v", name, args, got, res)
				break
			}
		}
	}
	return true
}

// table.remove's frameless path changes its table: each case builds two
// equal tables, removes from one through Fast and from the other through
// Fn, and compares the results and what is left, in the array and the
// hash part, for lists of every shape Fast must answer or decline.
func TestFastRemoveAgreesWithFn(t *testing.T) {
	L, _ := newLibsState(t)
	g := L.GetGlobal("table").AsTable().GetStr("remove").AsGoFunction()
	if g == nil || g.Fast == nil {
		t.Fatal("table.remove has no frameless path")
	}
	slow := runtime.NewFunction(g.Name, g.Fn)
	build := []string{
		`return {1, 2, 3}`, `return {}`, `return {nil, nil, 3}`, `return {1, 2, nil}`, `return {[0] = "z"}`,
		`local t = {} for i = 1, 10 do t[i] = i end return t`, `local t = {1, 2} t[3] = 3 t[4] = 4 return t`,
		`local t = {} t[1] = "a" t[2] = "b" t[3] = "c" return t`, `return {n = 1, "x"}`,
		`return setmetatable({1, 2}, {})`, `return setmetatable({1, 2}, {__len = function() return 1 end})`,
	}
	answered := 0
	for _, src := range build {
		for _, extra := range [][]runtime.Value{nil, {runtime.Int(1)}} {
			mk := func() runtime.Value {
				r, err := L.DoString(src, "=build")
				if err != nil || len(r) != 1 {
					t.Fatalf("%s: %v", src, err)
				}
				return r[0]
			}
			a, b := mk(), mk()
			v, ok := g.Fast(append([]runtime.Value{a}, extra...))
			res, err := L.PCall(slow, append([]runtime.Value{b}, extra...)...)
			if !ok {
				continue
			}
			answered++
			if err != nil || len(res) != 1 || !same(res[0], v) {
				t.Errorf("%s %v: Fast gave %v, Fn %v, %v", src, extra, v, res, err)
			}
			ta, tb := a.AsTable(), b.AsTable()
			for k := int64(-1); k <= 12; k++ {
				if x, y := ta.GetInt(k), tb.GetInt(k); !same(x, y) {
					t.Errorf("%s %v: t[%d] is %v after Fast, %v after Fn", src, extra, k, x, y)
				}
			}
			if x, y := ta.Len(), tb.Len(); x != y {
				t.Errorf("%s %v: #t is %d after Fast, %d after Fn", src, extra, x, y)
			}
		}
	}
	if answered < 4 {
		t.Errorf("Fast answered %d cases, want 4 or more", answered)
	}
}
