package stdlib

import (
	"strings"
	"testing"
	"unsafe"

	"panto/runtime"
)

// newStringState returns an interpreter with the standard libraries and
// its output discarded.
func newStringState(tb testing.TB) *runtime.State {
	tb.Helper()
	L := runtime.NewState()
	L.SetOutput(discard{}, discard{})
	OpenAll(L)
	return L
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// evalPcall evaluates a Lua expression list under pcall and returns what
// print(pcall(function() return <expr> end)) would print, without the
// newline.
func evalPcall(tb testing.TB, L *runtime.State, expr string) string {
	tb.Helper()
	res, err := L.DoString("return pcall(function() return "+expr+"\nend)", "=test")
	if err != nil {
		tb.Fatalf("%s: %v", expr, err)
	}
	parts := make([]string, len(res))
	for i, v := range res {
		parts[i] = L.ToString(v)
	}
	return strings.Join(parts, "\t")
}

// stringCases were recorded from lua5.4 (5.4.4) as
// print(pcall(load("return " .. expr, "=test"))).
var stringCases = []struct{ expr, want string }{
	{"(\"abc\"):gsub(\"%w\", \"<%0>\")", "true\t<a><b><c>\t3"},
	{"(\"abc\"):gsub(\"(%w)\", \"%1%1\", 2)", "true\taabbc\t2"},
	{"(\"hello world\"):gsub(\"()(o)\", \"[%1%2]\")", "true\thell[5o] w[8o]rld\t2"},
	{"(\"abc\"):gsub(\"\", \"-\")", "true\t-a-b-c-\t4"},
	{"(\"abc\"):gsub(\"b\", \"%%\")", "true\ta%c\t1"},
	{"(\"abc\"):gsub(\"b\", 5)", "true\ta5c\t1"},
	{"(\"abc\"):gsub(\"b\", 2^53)", "true\ta9.007199254741e+15c\t1"},
	{"(\"abc\"):gsub(\"%w\", {a = 1, b = true})", "false\ttest:1: invalid replacement value (a boolean)"},
	{"(\"abc\"):gsub(\"%w\", {a = 1, b = {}})", "false\ttest:1: invalid replacement value (a table)"},
	{"(\"abc\"):gsub(\"%w\", function(c) if c == \"b\" then return false end return c:upper() end)", "true\tAbC\t3"},
	{"(\"abc\"):gsub(\"(a\", \"x\")", "true\txbc\t1"},
	{"(\"abc\"):gsub(\"(a\", \"%1\")", "false\ttest:1: unfinished capture"},
	{"(\"abc\"):gsub(\"x\", \"y\", \"n\")", "false\ttest:1: bad argument #3 to 'gsub' (number expected, got string)"},
	{"(\"abc\"):gsub(\"x\")", "false\ttest:1: bad argument #2 to 'gsub' (string/function/table expected, got no value)"},
	{"(\"abc\"):gsub(\"a\", \"%2\")", "false\ttest:1: invalid capture index %2"},
	{"(\"abc\"):gsub(\"a\", \"%\")", "false\ttest:1: invalid use of '%' in replacement string"},
	{"string.rep(\"ab\", 5, \"-\")", "true\tab-ab-ab-ab-ab"},
	{"string.rep(\"a\", 7, \"xyz\")", "true\taxyzaxyzaxyzaxyzaxyzaxyza"},
	{"#string.rep(\"abc\", 33, \"de\")", "true\t163"},
	{"string.rep(\"x\", 2^31)", "false\ttest:1: resulting string too large"},
	{"string.rep(\"xx\", 2^30)", "false\ttest:1: resulting string too large"},
	{"string.rep(\"\", 2^20)", "true\t"},
	{"string.rep(\"x\", -5, \"y\")", "true\t"},
	{"(\"x\"):sub(math.mininteger, math.maxinteger)", "true\tx"},
	{"(\"hello\"):sub(-3)", "true\tllo"},
	{"(\"hello\"):sub(2, -2)", "true\tell"},
	{"(\"hello\"):sub(0)", "true\thello"},
	{"(\"hello\"):sub(4, 2)", "true\t"},
	{"(\"hello\"):sub(-100, -4)", "true\the"},
	{"(\"hello\"):sub(2.0, \"3\")", "true\tel"},
	{"(\"hello\"):sub(1.5)", "false\ttest:1: bad argument #1 to 'sub' (number has no integer representation)"},
	{"string.byte(\"ABC\", -2, -1)", "true\t66\t67"},
	{"string.byte(\"ABC\", 0)", "true"},
	{"string.byte(\"ABC\", 10)", "true"},
	{"string.byte(\"ABC\", 2, 100)", "true\t66\t67"},
	{"string.byte(string.rep(\"x\", 2000000), 1, -1)", "false\ttest:1: stack overflow (string slice too long)"},
	{"string.char(72, 105)", "true\tHi"},
	{"string.char()", "true\t"},
	{"string.char(0, 256)", "false\ttest:1: bad argument #2 to 'char' (value out of range)"},
	{"string.char(-1)", "false\ttest:1: bad argument #1 to 'char' (value out of range)"},
	{"string.upper(\"aBc\\200z\"), string.lower(\"AbC\\200Z\")", "true\tABC\xc8Z\tabc\xc8z"},
	{"string.reverse(\"abc\"), string.len(\"a\\0b\")", "true\tcba\t3"},
	{"string.find(\"a.b\", \".\", 1, true)", "true\t2\t2"},
	{"string.find(\"abc\", \"b\", -1)", "true\tnil"},
	{"string.find(\"abc\", \"\", 4)", "true\t4\t3"},
	{"string.find(\"abc\", \"\", 5)", "true\tnil"},
	{"string.find(\"abc\", \"(b)()\")", "true\t2\t2\tb\t3"},
	{"string.find(\"a+b\", \"+\")", "true\t2\t2"},
	{"string.find(\"abc\", \"[a\")", "false\ttest:1: malformed pattern (missing ']')"},
	{"string.match(\"abc\", \")\")", "false\ttest:1: invalid pattern capture"},
	{"string.match(\"key = val\", \"(%w+)%s*=%s*(%w+)\")", "true\tkey\tval"},
	{"string.match(\"abc\", \"()b()\")", "true\t2\t3"},
	{"string.match(\"abc\", \"^b\", 2)", "true\tb"},
	{"string.format(\"[%5s][%-5s][%.2s]\", \"ab\", \"ab\", \"abc\")", "true\t[   ab][ab   ][ab]"},
	{"string.format(\"%10s\", \"a\\0\")", "false\ttest:1: bad argument #2 to 'format' (string contains zeros)"},
	{"string.format(\"%s\", \"a\\0\") == \"a\\0\"", "true\ttrue"},
	{"string.format(\"%q\", \"\\0\\1\\0012\\n\\\\\\\"\\r\\127\")", "true\t\"\\0\\1\\0012\\\n\\\\\\\"\\13\\127\""},
	{"string.format(\"%q\", 0.1), string.format(\"%q\", 1/0), string.format(\"%q\", 0/0), string.format(\"%q\", math.mininteger)", "true\t0x1.999999999999ap-4\t1e9999\t(0/0)\t0x8000000000000000"},
	{"string.format(\"%q\", {})", "false\ttest:1: bad argument #2 to 'format' (value has no literal form)"},
	{"string.format(\"%q\", nil), string.format(\"%q\", false)", "true\tnil\tfalse"},
	{"string.format(\"%d\", {})", "false\ttest:1: bad argument #2 to 'format' (number expected, got table)"},
	{"string.format(\"%#c\", {})", "false\ttest:1: invalid conversion specification: '%#c'"},
	{"string.format(\"%d\")", "false\ttest:1: bad argument #2 to 'format' (no value)"},
	{"string.format(\"%\")", "false\ttest:1: bad argument #2 to 'format' (no value)"},
	{"string.format(\"%\", 1)", "false\ttest:1: invalid conversion '%' to 'format'"},
	{"string.format(\"%0000000000000000000000d\", {})", "false\ttest:1: invalid format (too long)"},
	{"string.format(\"%123d\", {})", "false\ttest:1: bad argument #2 to 'format' (number expected, got table)"},
	{"string.format(\"%123a\", {})", "false\ttest:1: invalid conversion specification: '%123a'"},
	{"string.format(\"%#s\", \"a\\0\")", "false\ttest:1: bad argument #2 to 'format' (string contains zeros)"},
	{"string.format(\"%10q\", 1)", "false\ttest:1: specifier '%q' cannot have modifiers"},
	{"string.format(\"%y\", 1)", "false\ttest:1: invalid conversion '%y' to 'format'"},
	{"string.format(\"%5.1f|%-8d|%+d|%x|%#o|%e|%g|%a|%c\", 3.14159, 42, 5, 255, 8, 12345.678, 0.0001, 1, 65)", "true\t  3.1|42      |+5|ff|010|1.234568e+04|0.0001|0x1p+0|A"},
	{"string.format(\"%d\", 3.5)", "false\ttest:1: bad argument #2 to 'format' (number has no integer representation)"},
	{"string.format(\"%d\", \"10\")", "true\t10"},
	{"string.format(\"%s %s %s\", nil, true, 1.5)", "true\tnil true 1.5"},
	{"string.format(\"%p\", 1), string.format(\"%p\", true)", "true\t(null)\t(null)"},
	{"string.format(\"%p\", \"\") ~= \"(null)\"", "true\ttrue"},
	{"string.format(\"%-5p|\", nil)", "true\t(null)|"},
	{"#string.format(\"%5s\", string.rep(\"x\", 150))", "true\t150"},
	{"string.pack(\"i4 i4\", 1)", "false\ttest:1: bad argument #3 to 'pack' (number expected, got nil)"},
	{"string.pack(\"i4 s\", 1, 2, 3)", "true\t\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x002"},
	{"string.pack(\"i4\", 1.5)", "false\ttest:1: bad argument #2 to 'pack' (number has no integer representation)"},
	{"string.pack(\"i2\", 40000)", "false\ttest:1: bad argument #2 to 'pack' (integer overflow)"},
	{"string.pack(\"i17\", 1)", "false\ttest:1: integral size (17) out of limits [1,16]"},
	{"string.pack(\"z\", \"a\\0b\")", "false\ttest:1: bad argument #2 to 'pack' (string contains zeros)"},
	{"string.unpack(\"i4\", \"abc\")", "false\ttest:1: bad argument #2 to 'unpack' (data string too short)"},
	{"string.unpack(\"i4\", \"abcd\", 6)", "false\ttest:1: bad argument #3 to 'unpack' (initial position out of string)"},
	{"string.unpack(\"<i2 >i2\", \"\\1\\0\\0\\1\")", "true\t1\t1\t5"},
	{"string.unpack(\"z s1\", \"ab\\0\\2cd\")", "true\tab\tcd\t7"},
	{"string.packsize(\"i4 i8 !8 d\")", "true\t24"},
	{"string.packsize(\"s\")", "false\ttest:1: bad argument #1 to 'packsize' (variable-length format)"},
	{"string.unpack(string.rep(\"b\", 1000000), string.rep(\"x\", 1000000))", "false\ttest:1: stack overflow (too many results)"},
	{"getmetatable(\"\").__unm(\"3\")", "true\t-3"},
	{"getmetatable(\"\").__add()", "false\ttest:1: attempt to add a 'nil' with a 'nil'"},
	{"getmetatable(\"\").__add({}, \"1\")", "false\ttest:1: attempt to add a 'table' with a 'string'"},
	{"\"10\" + 1, \"3\" * \"4\", \"2\" ^ 2, -\"2\", \"7\" // \"2\", \"7\" % \"2\", \"10\" / \"4\", \"0x10\" + 0", "true\t11\t12\t4.0\t-2\t3\t1\t2.5\t16"},
	{"\"7\" // \"0\"", "false\tattempt to divide by zero"},
	{"\"7\" % \"0\"", "false\tattempt to perform 'n%0'"},
	{"\"7.0\" // \"0\"", "true\tinf"},
	{"\"abc\" + 1", "false\ttest:1: attempt to add a 'string' with a 'number'"},
	{"1 + \"abc\"", "false\ttest:1: attempt to add a 'number' with a 'string'"},
	{"\"1\" + {}", "false\ttest:1: attempt to add a 'string' with a 'table'"},
	{"\"abc\" + setmetatable({}, {__add = function() return \"meta\" end})", "true\tmeta"},
	{"\"5\" & 1", "false\ttest:1: attempt to perform bitwise operation on a string value (constant '5')"},
}

func TestStringLibraryOracle(t *testing.T) {
	L := newStringState(t)
	for _, c := range stringCases {
		t.Run(c.expr, func(t *testing.T) {
			if got := evalPcall(t, L, c.expr); got != c.want {
				t.Errorf("%s\n got: %q\nwant: %q", c.expr, got, c.want)
			}
		})
	}
}

// stringFunc returns string.<name>.
func stringFunc(tb testing.TB, L *runtime.State, name string) runtime.Value {
	tb.Helper()
	f := L.GetGlobal("string").AsTable().GetStr(name)
	if !f.IsFunction() {
		tb.Fatalf("string.%s missing", name)
	}
	return f
}

// TestRepMatchesRepeat checks string.rep's doubling fill against the
// obvious construction for many piece, separator and count sizes.
func TestRepMatchesRepeat(t *testing.T) {
	L := newStringState(t)
	rep := stringFunc(t, L, "rep")
	for _, s := range []string{"", "a", "ab", "xyz\x00"} {
		for _, sep := range []string{"", "-", "<=>"} {
			for n := int64(-1); n <= 17; n++ {
				want := ""
				if n > 0 {
					want = strings.Repeat(s+sep, int(n)-1) + s
				}
				res, err := L.PCall(rep, runtime.String(s), runtime.Int(n), runtime.String(sep))
				if err != nil {
					t.Fatalf("rep(%q, %d, %q): %v", s, n, sep, err)
				}
				if got := res[0].AsString(); got != want {
					t.Errorf("rep(%q, %d, %q) = %q, want %q", s, n, sep, got, want)
				}
			}
		}
	}
}

// TestGsubExpansionPerMatch makes sure every match gets its own expansion
// although string replacements are expanded into one reused buffer.
func TestGsubExpansionPerMatch(t *testing.T) {
	L := newStringState(t)
	gsub := stringFunc(t, L, "gsub")
	src := strings.Repeat("abcdefgh", 200)
	res, err := L.PCall(gsub, runtime.String(src), runtime.String("(%w)(%w)"), runtime.String("%2%1"))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Repeat("badcfehg", 200)
	if got := res[0].AsString(); got != want {
		t.Errorf("swapped pairs differ: got %q...", got[:32])
	}
	if n := res[1].AsInt(); n != 800 {
		t.Errorf("count = %d, want 800", n)
	}
}

// TestResultsShareMemory pins down the allocation-free paths: a substring
// and an unchanged gsub subject are views of the argument, not copies.
func TestResultsShareMemory(t *testing.T) {
	L := newStringState(t)
	s := strings.Repeat("0123456789", 10)
	arg := runtime.String(s)
	res, err := L.PCall(stringFunc(t, L, "sub"), arg, runtime.Int(11), runtime.Int(20))
	if err != nil {
		t.Fatal(err)
	}
	if got := res[0].AsString(); got != s[10:20] || unsafe.StringData(got) != unsafe.StringData(s[10:]) {
		t.Errorf("sub copied its result")
	}
	res, err = L.PCall(stringFunc(t, L, "gsub"), arg, runtime.String("x"), runtime.String("y"))
	if err != nil {
		t.Fatal(err)
	}
	if got := res[0].AsString(); unsafe.StringData(got) != unsafe.StringData(s) {
		t.Errorf("gsub without matches copied the subject")
	}
	for _, f := range []string{"lower", "upper"} {
		res, err = L.PCall(stringFunc(t, L, f), runtime.String("12345"))
		if err != nil {
			t.Fatal(err)
		}
		if res[0].AsString() != "12345" {
			t.Errorf("%s changed a string without letters", f)
		}
	}
}

// TestPointerOfEmptyString: "%p" shows an address for every string, the
// empty one included (lua_topointer is non-NULL for all strings).
func TestPointerOfEmptyString(t *testing.T) {
	if runtime.String("").ToPointer() == 0 {
		t.Error(`ToPointer("") = 0`)
	}
	if runtime.Int(1).ToPointer() != 0 || runtime.Nil.ToPointer() != 0 {
		t.Error("ToPointer of a value without identity is not 0")
	}
}

// TestFormatPointerMatchesTostring: "%p" prints the address tostring shows.
func TestFormatPointerMatchesTostring(t *testing.T) {
	L := newStringState(t)
	for _, expr := range []string{"{}", "print", "function() end", "coroutine.create(print)"} {
		t.Run(expr, func(t *testing.T) {
			got := evalPcall(t, L, "(function(v) return tostring(v):match(': (.*)') == string.format('%p', v) end)("+expr+")")
			if got != "true\ttrue" {
				t.Errorf("%s: %s", expr, got)
			}
		})
	}
}

func benchCall(b *testing.B, name string, args ...runtime.Value) {
	L := newStringState(b)
	f := stringFunc(b, L, name)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		L.Call1(f, args...)
	}
}

func BenchmarkSub(b *testing.B) {
	benchCall(b, "sub", runtime.String("the quick brown fox"), runtime.Int(5), runtime.Int(9))
}

func BenchmarkByte(b *testing.B) {
	benchCall(b, "byte", runtime.String("the quick brown fox"), runtime.Int(5))
}

func BenchmarkFindPlain(b *testing.B) {
	benchCall(b, "find", runtime.String(strings.Repeat("abc ", 50)+"needle"), runtime.String("needle"), runtime.Int(1), runtime.True)
}

func BenchmarkMatch(b *testing.B) {
	benchCall(b, "match", runtime.String("key = value # comment"), runtime.String("^(%w+)%s*=%s*(%w+)"))
}

func BenchmarkGsubString(b *testing.B) {
	benchCall(b, "gsub", runtime.String(strings.Repeat("hello world ", 20)), runtime.String("o"), runtime.String("[%0]"))
}

func BenchmarkFormat(b *testing.B) {
	benchCall(b, "format", runtime.String("%s=%d (%.2f)"), runtime.String("key"), runtime.Int(42), runtime.Float(3.14159))
}
