package lexer

import (
	"math"
	"strings"
	"testing"
	"unsafe"

	"panto/diag"
)

// All expected values in this file were obtained from the reference
// interpreter (lua5.4 / luac5.4 5.4.4) and pasted in.

// lexAll returns the tokens of src up to and including EOF or the first
// error.
func lexAll(src string) ([]Token, *diag.Diagnostic) {
	lx := New("=x", src)
	var toks []Token
	for {
		lx.Next()
		toks = append(toks, lx.Tok)
		switch lx.Tok.Kind {
		case EOF:
			return toks, nil
		case Illegal:
			return toks, lx.Err
		}
	}
}

func TestTokenKinds(t *testing.T) {
	src := `and break do else elseif end false for function goto if in local nil not or repeat return then true until while
+ - * / // % ^ # & ~ | << >> .. ... == ~= < <= > >= = ( ) { } [ ] :: ; : , .
name _x9 "str" 'str' [[long]] [==[long]==] 12 1.5 @ $ ! ? ` + "\\" + `  ` + "\x01"
	want := []Kind{And, Break, Do, Else, Elseif, End, False, For, Function, Goto, If, In, Local, Nil, Not, Or, Repeat, Return, Then, True, Until, While,
		Plus, Minus, Star, Slash, DSlash, Percent, Caret, Hash, Amp, Tilde, Pipe, Shl, Shr, Concat, Dots, Eq, Ne, Lt, Le, Gt, Ge, Assign, LParen, RParen, LBrace, RBrace, LBrack, RBrack, DColon, Semi, Colon, Comma, Dot,
		Name, Name, String, String, String, String, Int, Float, Char, Char, Char, Char, Char, Char, EOF}
	toks, err := lexAll(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(toks) != len(want) {
		t.Errorf("got %d tokens, want %d", len(toks), len(want))
	}
	for i, tok := range toks {
		if tok.Kind != want[i] {
			t.Errorf("token %d (%q): kind %v, want %v", i, src[tok.Pos:tok.End], tok.Kind, want[i])
			break
		}
	}
}

// TestTokenSpans checks Pos/End and that adjacent operators split the way
// the reference splits them (longest match).
func TestTokenSpans(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"a..b...c", []string{"a", "..", "b", "...", "c"}},
		{"a....b", []string{"a", "...", ".", "b"}},
		{"<<=>>=<=>=", []string{"<<", "=", ">>", "=", "<=", ">="}},
		{"===~==", []string{"==", "=", "~=", "="}},
		{":::", []string{"::", ":"}},
		{"///", []string{"//", "/"}},
		{"a.5", []string{"a", ".5"}},
		{"1..2 ", []string{}}, // malformed, see TestLexErrors
		{"x--comment\ny", []string{"x", "y"}},
		{"x--[[c]]y", []string{"x", "y"}},
		{"x--[=[c]]]=]y", []string{"x", "y"}},
		{"x--[==\ny", []string{"x", "y"}},
		{"x--[\ny", []string{"x", "y"}},
		{"[ [=[x]=] [", []string{"[", "[=[x]=]", "["}},
		{"f'a'\"b\"", []string{"f", "'a'", `"b"`}},
		{"3 .5 0x.8p1 5e+3e", []string{"3", ".5", "0x.8p1"}}, // 5e+3e is malformed
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			toks, _ := lexAll(tt.src)
			var got []string
			for _, tok := range toks {
				if tok.Kind == EOF || tok.Kind == Illegal {
					break
				}
				got = append(got, tt.src[tok.Pos:tok.End])
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("%q: got %q, want %q", tt.src, got, tt.want)
			}
		})
	}
}

func TestStrings(t *testing.T) {
	tests := []struct{ src, want string }{
		{"\"\\a\\b\\f\\n\\r\\t\\v\\\\\\\"\\'\"", "\x07\x08\x0c\x0a\x0d\x09\x0b\x5c\x22\x27"},
		{"'\\65\\066\\0067\\0\\00\\000\\255'", "\x41\x42\x06\x37\x00\x00\x00\xff"},
		{"\"\\x41\\x7a\\xFF\\x00\"", "\x41\x7a\xff\x00"},
		{"\"\\u{0}\\u{41}\\u{7F}\\u{80}\\u{7FF}\\u{800}\\u{FFFF}\\u{10000}\\u{10FFFF}\"", "\x00\x41\x7f\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf\xf0\x90\x80\x80\xf4\x8f\xbf\xbf"},
		{"\"\\u{110000}\\u{1FFFFF}\\u{200000}\\u{3FFFFFF}\\u{4000000}\\u{7FFFFFFF}\"", "\xf4\x90\x80\x80\xf7\xbf\xbf\xbf\xf8\x88\x80\x80\x80\xfb\xbf\xbf\xbf\xbf\xfc\x84\x80\x80\x80\x80\xfd\xbf\xbf\xbf\xbf\xbf"},
		{"\"\\u{000000000041}\"", "\x41"},
		{"\"a\\z   \n   b\"", "\x61\x62"},
		{"\"a\\z\"", "\x61"},
		{"\"a\\zb\"", "\x61\x62"},
		{"'a\\\nb'", "\x61\x0a\x62"},
		{"'a\\\rb'", "\x61\x0a\x62"},
		{"'a\\\r\nb'", "\x61\x0a\x62"},
		{"'a\\\n\rb'", "\x61\x0a\x62"},
		{"[[\nabc]]", "\x61\x62\x63"},
		{"[[\r\nabc]]", "\x61\x62\x63"},
		{"[[\n\rabc]]", "\x61\x62\x63"},
		{"[[\n\nabc]]", "\x0a\x61\x62\x63"},
		{"[==[a]]b]=]c]==]", "\x61\x5d\x5d\x62\x5d\x3d\x5d\x63"},
		{"[[a\r\nb]]", "\x61\x0a\x62"},
		{"[[a\rb]]", "\x61\x0a\x62"},
		{"[[a\n\rb]]", "\x61\x0a\x62"},
		{"[[a\r\rb]]", "\x61\x0a\x0a\x62"},
		{"[=[]=]", ""},
		{"[[]]", ""},
		{"[[\n]]", ""},
		{"[[\r]]", ""},
		{"[[\r\n]]", ""},
		{"'\\z'", ""},
		{"'\\z\\z  \\65'", "\x41"},
		{"\"it's\"", "\x69\x74\x27\x73"},
		{"'say \"hi\"'", "\x73\x61\x79\x20\x22\x68\x69\x22"},
		{"'\\1234'", "\x7b\x34"},
		{"'\\x41BC'", "\x41\x42\x43"},
		{`"plain"`, "plain"},
		{`''`, ""},
		{`"with 'other' quote"`, "with 'other' quote"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			toks, err := lexAll(tt.src)
			if err != nil {
				t.Errorf("%q: %v", tt.src, err)
				return
			}
			if toks[0].Kind != String || toks[0].Str != tt.want {
				t.Errorf("%q: got %v %q, want %q", tt.src, toks[0].Kind, toks[0].Str, tt.want)
			}
			if toks[0].End != len(tt.src) || toks[1].Kind != EOF {
				t.Errorf("%q: token ends at %d, want %d", tt.src, toks[0].End, len(tt.src))
			}
		})
	}
}

// TestStringsShared checks interning: equal names and short strings of one
// source share their bytes, and none of them points into the source.
func TestStringsShared(t *testing.T) {
	src := `abc abc "abc" 'a\98c' [[abc]]`
	toks, err := lexAll(src)
	if err != nil {
		t.Fatal(err)
	}
	first := toks[0].Str
	for _, tok := range toks[:5] {
		if tok.Str != "abc" {
			t.Fatalf("got %q", tok.Str)
		}
		if unsafeData(tok.Str) != unsafeData(first) {
			t.Errorf("%q not shared", src[tok.Pos:tok.End])
		}
		if d := unsafeData(tok.Str); d >= unsafeData(src) && d < unsafeData(src)+uintptr(len(src)) {
			t.Errorf("%q points into the source", src[tok.Pos:tok.End])
		}
	}
}

func TestNumerals(t *testing.T) {
	tests := []struct {
		src     string
		isFloat bool
		i       int64
		f       float64
	}{
		{"0", false, 0, 0},
		{"1", false, 1, 0},
		{"42", false, 42, 0},
		{"007", false, 7, 0},
		{"9223372036854775807", false, 9223372036854775807, 0},
		{"9223372036854775808", true, 0, 0x1p+63},
		{"18446744073709551616", true, 0, 0x1p+64},
		{"99999999999999999999", true, 0, 0x1.5af1d78b58c4p+66},
		{"0xffffffffffffffff", false, -1, 0},
		{"0x7fffffffffffffff", false, 9223372036854775807, 0},
		{"0x8000000000000000", false, -9223372036854775808, 0},
		{"0x10000000000000000", false, 0, 0},
		{"0x1234567890abcdef1", false, 2541551403008843505, 0},
		{"0XABCDEF", false, 11259375, 0},
		{"0x0", false, 0, 0},
		{"0x1p4", true, 0, 0x1p+4},
		{"0x.1", true, 0, 0x1p-4},
		{"0x1P-2", true, 0, 0x1p-2},
		{"0xA.8p1", true, 0, 0x1.5p+4},
		{"0x.8", true, 0, 0x1p-1},
		{"0x1.", true, 0, 0x1p+0},
		{"0x1e", false, 30, 0},
		{"0x1E2", false, 482, 0},
		{"0x1p+4", true, 0, 0x1p+4},
		{"0X1P-1074", true, 0, 0x0.0000000000001p-1022},
		{"0x1p-1075", true, 0, 0x0p+0},
		{"0x1p1024", true, 0, math.Inf(1)},
		{"1e308", true, 0, 0x1.1ccf385ebc8ap+1023},
		{"1e309", true, 0, math.Inf(1)},
		{"1e-400", true, 0, 0x0p+0},
		{"3.", true, 0, 0x1.8p+1},
		{".5e2", true, 0, 0x1.9p+5},
		{".5", true, 0, 0x1p-1},
		{"0.", true, 0, 0x0p+0},
		{"1E+2", true, 0, 0x1.9p+6},
		{"1e-2", true, 0, 0x1.47ae147ae147bp-7},
		{"2.5E3", true, 0, 0x1.388p+11},
		{"3.14159265358979", true, 0, 0x1.921fb54442d11p+1},
		{"1e0", true, 0, 0x1p+0},
		{"0e0", true, 0, 0x0p+0},
		{"4.9e-324", true, 0, 0x0.0000000000001p-1022},
		{"1.7976931348623157e308", true, 0, 0x1.fffffffffffffp+1023},
		{"123456789012345678901234567890", true, 0, 0x1.8ee90ff6c373ep+96},
		{"0.1", true, 0, 0x1.999999999999ap-4},
		{"1.0", true, 0, 0x1p+0},
		{"1e+308", true, 0, 0x1.1ccf385ebc8ap+1023},
		{"9007199254740993", false, 9007199254740993, 0},
		{"2.2250738585072014e-308", true, 0, 0x1p-1022},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			toks, err := lexAll(tt.src)
			if err != nil {
				t.Errorf("%s: %v", tt.src, err)
				return
			}
			tok := toks[0]
			if tok.End != len(tt.src) {
				t.Errorf("%s: token ends at %d", tt.src, tok.End)
			}
			if tt.isFloat {
				if tok.Kind != Float || math.Float64bits(tok.Num) != math.Float64bits(tt.f) {
					t.Errorf("%s: got %v %v %v, want float %v", tt.src, tok.Kind, tok.Int, tok.Num, tt.f)
				}
			} else if tok.Kind != Int || tok.Int != tt.i {
				t.Errorf("%s: got %v %v %v, want integer %v", tt.src, tok.Kind, tok.Int, tok.Num, tt.i)
			}
		})
	}
}

// TestLexErrors checks every lexical error: message, near text and line,
// formatted the way the reference formats them for chunk name "=x".
func TestLexErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"x = 'abc", "x:1: unfinished string near <eof>"},
		{"x = 'abc\ndef'", "x:1: unfinished string near ''abc'"},
		{"x = \"abc\rdef\"", "x:1: unfinished string near '\"abc'"},
		{"x = 'a\\tb\nc'", "x:1: unfinished string near ''a\tb'"},
		{"x = 'ab\\z  \n  cd\n'", "x:2: unfinished string near ''abcd'"},
		{"x = 'ab\\\ncd\n'", "x:2: unfinished string near ''ab\ncd'"},
		{"x = 'a\\0b\n'", "x:1: unfinished string near ''a'"},
		{"x = 'abc\\", "x:1: unfinished string near <eof>"},
		{"x = [[abc", "x:1: unfinished long string (starting at line 1) near <eof>"},
		{"x = [==[abc]=]", "x:1: unfinished long string (starting at line 1) near <eof>"},
		{"x = [[\nabc\n", "x:3: unfinished long string (starting at line 1) near <eof>"},
		{"x = [=[abc]==]", "x:1: unfinished long string (starting at line 1) near <eof>"},
		{"--[[ never closed", "x:1: unfinished long comment (starting at line 1) near <eof>"},
		{"--[==[ \n\n never closed ]=]", "x:3: unfinished long comment (starting at line 1) near <eof>"},
		{"x = 1\n--[[\nabc", "x:3: unfinished long comment (starting at line 2) near <eof>"},
		{"x = [=abc", "x:1: invalid long string delimiter near '[='"},
		{"x = [===", "x:1: invalid long string delimiter near '[==='"},
		{"x = [=\n", "x:1: invalid long string delimiter near '[='"},
		{"x = 3x", "x:1: malformed number near '3x'"},
		{"x = 3xyz", "x:1: malformed number near '3x'"},
		{"x = 12abc", "x:1: malformed number near '12abc'"},
		{"x = 0x", "x:1: malformed number near '0x'"},
		{"x = 0xg", "x:1: malformed number near '0xg'"},
		{"x = 1e", "x:1: malformed number near '1e'"},
		{"x = 1e+", "x:1: malformed number near '1e+'"},
		{"x = 1.5e-", "x:1: malformed number near '1.5e-'"},
		{"x = 0x1p", "x:1: malformed number near '0x1p'"},
		{"x = 0x1p-", "x:1: malformed number near '0x1p-'"},
		{"x = 1..2", "x:1: malformed number near '1..2'"},
		{"x = 1.2.3", "x:1: malformed number near '1.2.3'"},
		{"x = 0x.p1", "x:1: malformed number near '0x.p1'"},
		{"x = 1_000", "x:1: malformed number near '1_'"},
		{"x = 08x", "x:1: malformed number near '08x'"},
		{"x = .5..", "x:1: malformed number near '.5..'"},
		{"x = 3.0x", "x:1: malformed number near '3.0x'"},
		{"x = 0xep", "x:1: malformed number near '0xep'"},
		{"x = 0x1.2.3", "x:1: malformed number near '0x1.2.3'"},
		{"x = \"\\q\"", "x:1: invalid escape sequence near '\"\\q'"},
		{"x = \"abc\\q\"", "x:1: invalid escape sequence near '\"abc\\q'"},
		{"x = \"\\x5g\"", "x:1: hexadecimal digit expected near '\"\\x5g'"},
		{"x = \"\\x\"", "x:1: hexadecimal digit expected near '\"\\x\"'"},
		{"x = \"\\xg\"", "x:1: hexadecimal digit expected near '\"\\xg'"},
		{"x = \"\\x5", "x:1: hexadecimal digit expected near '\"\\x5'"},
		{"x = \"\\x\n\"", "x:1: hexadecimal digit expected near '\"\\x\n'"},
		{"x = \"\\256\"", "x:1: decimal escape too large near '\"\\256\"'"},
		{"x = \"\\999\"", "x:1: decimal escape too large near '\"\\999\"'"},
		{"x = \"\\300\"", "x:1: decimal escape too large near '\"\\300\"'"},
		{"x = \"\\256", "x:1: decimal escape too large near '\"\\256'"},
		{"x = \"\\u41\"", "x:1: missing '{' near '\"\\u4'"},
		{"x = \"\\u\"", "x:1: missing '{' near '\"\\u\"'"},
		{"x = \"\\u", "x:1: missing '{' near '\"\\u'"},
		{"x = \"\\u{41\"", "x:1: missing '}' near '\"\\u{41\"'"},
		{"x = \"\\u{41", "x:1: missing '}' near '\"\\u{41'"},
		{"x = \"\\u{}\"", "x:1: hexadecimal digit expected near '\"\\u{}'"},
		{"x = \"\\u{zz}\"", "x:1: hexadecimal digit expected near '\"\\u{z'"},
		{"x = \"\\u{80000000}\"", "x:1: UTF-8 value too large near '\"\\u{80000000'"},
		{"x = \"\\u{100000000}\"", "x:1: UTF-8 value too large near '\"\\u{100000000'"},
		{"x = \"\\u{0000000000000041\"", "x:1: missing '}' near '\"\\u{0000000000000041\"'"},
		{"x = \"\\u{7FFFFFFF\"", "x:1: missing '}' near '\"\\u{7FFFFFFF\"'"},
		{"x = \"abc\\u{41}\\q\"", "x:1: invalid escape sequence near '\"abcA\\q'"},
		{"x = 'a\\x41\\z\n   \\q'", "x:2: invalid escape sequence near ''aA\\q'"},
		{"x = '\\\r\n\\q'", "x:2: invalid escape sequence near ''\n\\q'"},
		{"x = '\\\n\r\\q'", "x:2: invalid escape sequence near ''\n\\q'"},
		{"x = '\\\r\r\\q'", "x:2: unfinished string near ''\n'"},
		{"x = '\\\n\n\\q'", "x:2: unfinished string near ''\n'"},
		{"x = '\\x\r\nabc'", "x:1: hexadecimal digit expected near ''\\x\r'"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, err := lexAll(tt.src)
			if err == nil {
				t.Errorf("%q: no error, want %q", tt.src, tt.want)
				return
			}
			got := err.LuaMessage("=x")
			if got != tt.want {
				t.Errorf("%q:\n got %q\nwant %q", tt.src, got, tt.want)
			}
		})
	}
}

// TestLines checks that every newline form counts as the reference counts
// it: the line of the first '=' below is the one the reference reports.
func TestLines(t *testing.T) {
	tests := []struct {
		src  string
		line int
	}{
		{"a\n= =", 2},
		{"a\r= =", 2},
		{"a\r\n= =", 2},
		{"a\n\r= =", 2},
		{"a\n\n= =", 3},
		{"a\r\r= =", 3},
		{"a\r\n\r\n= =", 3},
		{"a\n\r\n\r= =", 3},
		{"a\n\r\r= =", 3},
		{"a\r\n\n= =", 3},
		{"a\n\r\n= =", 3},
		{"a\r\r\n= =", 3},
		{"--c\r\n--d\n\r= =", 3},
		{"--[[\r\n\r]]= =", 3},
		{"x = [[\r\n\n\r\r]] = =", 4},
		{"x = '\\\r\n\\\n\r\\\r\\\n' = =", 5},
		{"x = '\\z\r\n\n\r\r\n' = =", 4},
		{"\v\f\t \n= =", 2},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			toks, err := lexAll(tt.src)
			if err != nil {
				t.Fatalf("%q: %v", tt.src, err)
			}
			f := diag.NewFile("", tt.src)
			tok := toks[len(toks)-3] // the first '=' of the final "= ="
			if got := f.Line(diag.Pos(tok.Pos)); tok.Kind != Assign || got != tt.line {
				t.Errorf("%q: %v on line %d, want '=' on line %d", tt.src, tok.Kind, got, tt.line)
			}
		})
	}
}

func TestNearText(t *testing.T) {
	tests := []struct {
		src  string
		pos  int
		want string
	}{
		{"x = end", 4, "'end'"},
		{"x = abc", 4, "'abc'"},
		{`x = "abc"`, 4, `'"abc"'`},
		{`x = 'a\tb'`, 4, "''a\tb''"},
		{`x = "a\0b"`, 4, `'"a'`},
		{"x = [==[\nab\r\nc]==]", 4, "'[==[ab\nc]==]'"},
		{"x = 0x1P4", 4, "'0x1P4'"},
		{"x = 3.25e1", 4, "'3.25e1'"},
		{"x = ...", 4, "'...'"},
		{"x = ::", 4, "'::'"},
		{"x = \x01", 4, `'<\1>'`},
		{"x = \xff", 4, `'<\255>'`},
		{"x = \x00", 4, ""},
		{"x = @", 4, "'@'"},
		{"x = ", 4, "<eof>"},
		{"x = -- comment", 4, "<eof>"},
		{"x", 1, "<eof>"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			if got := NearText(tt.src, diag.Pos(tt.pos)); got != tt.want {
				t.Errorf("NearText(%q, %d) = %q, want %q", tt.src, tt.pos, got, tt.want)
			}
		})
	}
}

func TestPeek(t *testing.T) {
	lx := New("=x", "a = 1")
	lx.Next()
	if lx.Peek() != Assign || lx.Tok.Kind != Name {
		t.Fatal("peek")
	}
	lx.Next()
	if lx.Tok.Kind != Assign {
		t.Fatal("after peek")
	}
	lx.Next()
	if lx.Tok.Kind != Int || lx.Tok.Int != 1 {
		t.Fatal("int")
	}
	// A lexical error in the look-ahead shows up as the next token.
	lx = New("=x", `a "x`)
	lx.Next()
	if lx.Peek() != Illegal || lx.Tok.Kind != Name {
		t.Fatal("peek error")
	}
	lx.Next()
	if lx.Tok.Kind != Illegal || lx.Err == nil || lx.Err.Message != "unfinished string" {
		t.Fatal("error after peek")
	}
	lx.Next()
	if lx.Tok.Kind != Illegal {
		t.Fatal("lexer must stay at its error")
	}
}

func TestKindString(t *testing.T) {
	for k := Kind(0); k < numKinds; k++ {
		if k.String() == "" {
			t.Errorf("kind %d has no text", k)
		}
	}
	if End.String() != "'end'" || Name.String() != "<name>" || EOF.String() != "<eof>" {
		t.Error("kind text")
	}
}

func FuzzLexer(f *testing.F) {
	for _, s := range []string{
		"", "x = 1", "'abc", "[==[ ]=] ]==]", "--[[ \n ]]", "0x1p-4 3e+ 1..2",
		"\"\\u{7FFFFFFF}\\x41\\z \n \\065\"", "a\r\n\n\rb", "[=", "'\\", "\x00\xff",
		"local function f(...) return ... end", "0xffffffffffffffff .5 3.",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lx := New("=x", src)
		last := -1
		for n := 0; ; n++ {
			lx.Next()
			tok := lx.Tok
			if tok.Kind == Illegal {
				if lx.Err == nil || lx.Err.Line < 1 || lx.Err.Line > lx.File().LineCount() || lx.Err.Column < 1 || lx.Err.Message == "" {
					t.Fatalf("bad error %+v", lx.Err)
				}
				return
			}
			if tok.Pos < last || tok.End < tok.Pos || tok.End > len(src) {
				t.Fatalf("bad span %d..%d after %d", tok.Pos, tok.End, last)
			}
			last = tok.End
			_ = lx.TokenText(&tok)
			if tok.Kind == EOF {
				return
			}
			if n > len(src) {
				t.Fatal("more tokens than bytes")
			}
		}
	})
}

func unsafeData(s string) uintptr { return uintptr(unsafe.Pointer(unsafe.StringData(s))) }
