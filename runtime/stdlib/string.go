package stdlib

import (
	"math"
	"strings"
	"unsafe"

	"panto/internal/luanum"
	"panto/runtime"
)

// The string library (manual §6.4). This file holds the simple functions,
// the library table and the string metatable; patterns are in
// string_pattern.go, string.format in string_format.go and the binary
// packing functions in string_pack.go.
//
// Results share memory with their arguments whenever Lua's semantics allow
// it (Go strings are immutable, so a substring is as good as a copy), and
// new strings are built in one []byte that becomes the string without a
// second copy.

// OpenString opens the string library and gives strings their metatable,
// {__index = string} plus the arithmetic metamethods that make "10" + 1
// work.
func OpenString(L *runtime.State) {
	lib := newLib(L, "string", []libFunc{
		{"byte", strByte},
		{"char", strChar},
		{"dump", strDump},
		{"find", strFind},
		{"format", strFormat},
		{"gmatch", strGmatch},
		{"gsub", strGsub},
		{"len", strLen},
		{"lower", strLower},
		{"match", strMatch},
		{"rep", strRep},
		{"reverse", strReverse},
		{"sub", strSub},
		{"upper", strUpper},
		{"pack", strPack},
		{"packsize", strPackSize},
		{"unpack", strUnpack},
	})
	setFast(lib, []fastFunc{{"byte", fastByte}, {"char", fastChar}, {"len", fastLen}, {"sub", fastSub}})
	lib.GetStr("find").AsGoFunction().Fast2 = fastFind
	lib.GetStr("gsub").AsGoFunction().Fast2 = fastGsub
	mt := runtime.NewTable(0, len(stringArith)+1)
	// __index first: the first key stored sits at its main position for
	// good, where every s:method() looks for it first (execSlow's SELF).
	mt.SetStr("__index", runtime.TableValue(lib))
	for _, a := range stringArith {
		mt.SetStr(a.event, runtime.NewFunction(a.event, stringArithMeta(a.event, a.op)))
	}
	L.SetTypeMetatable(runtime.String(""), mt)
}

// maxStringSize is MAXSIZE of the reference's string library on a 64-bit
// machine (INT_MAX): string.rep refuses to build anything longer.
const maxStringSize = math.MaxInt32

// byteStrings holds every one-byte string as a slice of one shared
// 256-byte string, so string.char with one argument (a very common call)
// allocates nothing.
var byteStrings = func() (t [256]string) {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	all := string(b)
	for i := range t {
		t[i] = all[i : i+1]
	}
	return t
}()

// ownString turns a buffer the caller gives away into a string without
// copying it.
func ownString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// posRelatI converts a start position as the reference's posrelatI does:
// negative positions count from the end, and anything that falls before
// the string becomes 1. The result may lie past the end.
func posRelatI(pos int64, l int) int64 {
	switch {
	case pos > 0:
		return pos
	case pos == 0 || pos < -int64(l):
		return 1
	}
	return int64(l) + pos + 1
}

// getEndPos reads optional argument arg (default def) as an end position,
// clipped to [0, l] as the reference's getendpos does.
func getEndPos(L *runtime.State, arg int, def int64, l int) int64 {
	pos := L.OptInteger(arg, def)
	switch {
	case pos > int64(l):
		return int64(l)
	case pos >= 0:
		return pos
	case pos < -int64(l):
		return 0
	}
	return int64(l) + pos + 1
}

func strLen(L *runtime.State) int {
	s := L.CheckString(1)
	L.Push(runtime.Int(int64(len(s))))
	return 1
}

func strSub(L *runtime.State) int {
	s := L.CheckString(1)
	l := len(s)
	start := posRelatI(L.CheckInteger(2), l)
	end := getEndPos(L, 3, -1, l)
	switch {
	case start > end:
		L.PushString("")
	case start == 1 && end == int64(l):
		L.Push(L.Arg(1)) // the whole string: keep the value (and its hash)
	default:
		L.PushString(s[start-1 : end])
	}
	return 1
}

func strByte(L *runtime.State) int {
	s := L.CheckString(1)
	l := len(s)
	pi := L.OptInteger(2, 1)
	posi := posRelatI(pi, l)
	pose := getEndPos(L, 3, pi, l) // the default end is the raw start
	if posi > pose {
		return 0
	}
	if pose-posi >= math.MaxInt32 {
		L.Errorf("string slice too long")
	}
	n := int(pose-posi) + 1
	if !L.TryCheckStack(n) {
		L.Errorf("stack overflow (string slice too long)")
	}
	for i := posi - 1; i < pose; i++ {
		L.Push(runtime.Int(int64(s[i])))
	}
	return n
}

func strChar(L *runtime.State) int {
	n := L.Top()
	if n == 1 {
		L.PushString(byteStrings[checkByte(L, 1)])
		return 1
	}
	L.ChargeAlloc(n)
	b := make([]byte, n)
	for i := range b {
		b[i] = checkByte(L, i+1)
	}
	L.PushString(ownString(b))
	return 1
}

// checkByte reads argument i of string.char.
func checkByte(L *runtime.State, i int) byte {
	c := L.CheckInteger(i)
	if uint64(c) > 255 {
		L.ArgError(i, "value out of range")
	}
	return byte(c)
}

func strRep(L *runtime.State) int {
	s := L.CheckString(1)
	n := L.CheckInteger(2)
	sep := L.OptString(3, "")
	l, lsep := len(s), len(sep)
	switch {
	case n <= 0:
		L.PushString("")
		return 1
	case int64(l+lsep) > maxStringSize/n:
		// Checked with the reference's bound so that the same calls fail,
		// before anything is allocated.
		L.Errorf("resulting string too large")
	case l+lsep == 0:
		// The reference copies n empty pieces; the result is "" however
		// large n is.
		L.PushString("")
		return 1
	case n == 1:
		L.Push(L.Arg(1))
		return 1
	}
	total := int(n)*l + int(n-1)*lsep
	// The memory limit and budgets see the result before it is made.
	L.ChargeAlloc(total)
	b := make([]byte, total)
	// The result is a prefix of s..sep repeated forever: write one period,
	// then keep doubling the filled prefix (a multiple of the period).
	k := copy(b, s)
	k += copy(b[k:], sep)
	for k < total {
		k += copy(b[k:], b[:k])
	}
	L.PushString(ownString(b))
	return 1
}

func strReverse(L *runtime.State) int {
	s := L.CheckString(1)
	if len(s) <= 1 {
		L.Push(L.Arg(1))
		return 1
	}
	L.ChargeAlloc(len(s))
	b := make([]byte, len(s))
	for i, j := 0, len(s)-1; j >= 0; i, j = i+1, j-1 {
		b[i] = s[j]
	}
	L.PushString(ownString(b))
	return 1
}

func strLower(L *runtime.State) int { return mapCase(L, 'A', 'a') }

func strUpper(L *runtime.State) int { return mapCase(L, 'a', 'A') }

// mapCase implements lower and upper in the "C" locale: only the 26 ASCII
// letters from..from+25 change (to to..to+25). A string with nothing to
// change is returned as it is.
func mapCase(L *runtime.State, from, to byte) int {
	s := L.CheckString(1)
	i := 0
	for i < len(s) && (s[i] < from || s[i] > from+25) {
		i++
	}
	if i == len(s) {
		L.Push(L.Arg(1))
		return 1
	}
	L.ChargeAlloc(len(s))
	b := make([]byte, len(s))
	copy(b, s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c >= from && c <= from+25 {
			c = c - from + to
		}
		b[i] = c
	}
	L.PushString(ownString(b))
	return 1
}

// ---------------------------------------------------------------------------
// String arithmetic. Lua 5.4 converts strings to numbers for arithmetic
// through these metamethods of the string metatable, not in the VM; so a
// program can change or remove them, and the errors are the library's
// ("attempt to add a 'string' with a 'table'"). Bitwise operators get no
// metamethods, which is why "1" & 1 is an error in 5.4.

type strArithOp uint8

const (
	opAdd strArithOp = iota
	opSub
	opMul
	opMod
	opPow
	opDiv
	opIDiv
	opUnm
)

var stringArith = []struct {
	event string
	op    strArithOp
}{
	{"__add", opAdd}, {"__sub", opSub}, {"__mul", opMul}, {"__mod", opMod},
	{"__pow", opPow}, {"__div", opDiv}, {"__idiv", opIDiv}, {"__unm", opUnm},
}

// toNumberArg converts an operand as the reference's tonum does: numbers
// as they are, strings only when the whole string is a numeral.
func toNumberArg(v runtime.Value) (runtime.Value, bool) {
	switch {
	case v.IsNumber():
		return v, true
	case v.IsString():
		i, f, isFloat, ok := luanum.StrToNumber(v.AsString())
		switch {
		case !ok:
			return runtime.Nil, false
		case isFloat:
			return runtime.Float(f), true
		}
		return runtime.Int(i), true
	}
	return runtime.Nil, false
}

// stringArithMeta returns the metamethod for one arithmetic event.
func stringArithMeta(event string, op strArithOp) func(*runtime.State) int {
	return func(L *runtime.State) int {
		a, b := L.Arg(1), L.Arg(2)
		if x, ok := toNumberArg(a); ok {
			y := x
			if L.Top() >= 2 {
				y, ok = toNumberArg(b)
			}
			// else: the reference pushes the converted first operand,
			// which then sits where the second argument would be, so
			// getmetatable("").__unm("3") is -3.
			if ok {
				L.Push(arithNumbers(L, op, x, y))
				return 1
			}
		}
		// Not both numeric: give the second operand's own metamethod a
		// chance (the VM tried the first operand's, which led here).
		if !b.IsString() {
			if mt := L.Metatable(b); mt != nil {
				if mm := mt.GetStr(event); !mm.IsNil() {
					L.Push(L.Call1(mm, a, b))
					return 1
				}
			}
		}
		L.Errorf("attempt to %s a '%s' with a '%s'", event[2:], a.TypeName(), b.TypeName())
		return 0
	}
}

// arithNumbers applies op to two numbers with the VM's rules (integer
// operations wrap; / and ^ always use floats). Division by zero raises the
// VM's messages without a position, since the running function is not Lua
// code (as lua_arith inside a C function does).
func arithNumbers(L *runtime.State, op strArithOp, x, y runtime.Value) runtime.Value {
	if x.IsInt() && y.IsInt() && op != opDiv && op != opPow {
		a, b := x.AsInt(), y.AsInt()
		switch op {
		case opAdd:
			return runtime.Int(a + b)
		case opSub:
			return runtime.Int(a - b)
		case opMul:
			return runtime.Int(a * b)
		case opMod:
			if b == 0 {
				L.Error(runtime.String("attempt to perform 'n%0'"))
			}
			return runtime.Int(luanum.Mod(a, b))
		case opIDiv:
			if b == 0 {
				L.Error(runtime.String("attempt to divide by zero"))
			}
			return runtime.Int(luanum.IDiv(a, b))
		default: // opUnm
			return runtime.Int(-a)
		}
	}
	a, b := numberAsFloat(x), numberAsFloat(y)
	switch op {
	case opAdd:
		return runtime.Float(a + b)
	case opSub:
		return runtime.Float(a - b)
	case opMul:
		return runtime.Float(a * b)
	case opMod:
		return runtime.Float(luanum.FMod(a, b))
	case opPow:
		return runtime.Float(luanum.Pow(a, b))
	case opDiv:
		return runtime.Float(a / b)
	case opIDiv:
		return runtime.Float(math.Floor(a / b))
	default: // opUnm
		return runtime.Float(-a)
	}
}

func numberAsFloat(v runtime.Value) float64 {
	if v.IsInt() {
		return float64(v.AsInt())
	}
	return v.AsFloat()
}

// containsNul reports whether s has an embedded zero byte, which C
// functions handed the string would take for its end.
func containsNul(s string) bool { return strings.IndexByte(s, 0) >= 0 }
