package luaregex

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"panto/runtime"
	"panto/runtime/stdlib"
)

func newState(t testing.TB) *runtime.State {
	t.Helper()
	L := runtime.NewState()
	stdlib.OpenAll(L)
	L.SetGlobal("regex", runtime.TableValue(Module(L)))
	return L
}

// eval runs chunk and returns its results joined by "|" (tostring'd).
func eval(t testing.TB, L *runtime.State, chunk string) string {
	t.Helper()
	res, err := L.DoString(chunk, "=test")
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return "error: " + msg
	}
	var parts []string
	for _, v := range res {
		parts = append(parts, L.ToString(v))
	}
	return strings.Join(parts, "|")
}

func TestLuaAPI(t *testing.T) {
	L := newState(t)
	for _, c := range []struct{ name, chunk, want string }{
		{"find whole", `return regex.compile("b+"):find("abbbc")`, "2|4"},
		{"find captures", `return regex.compile("(\\w+)=(\\d+)"):find("x: key=42;")`, "4|9|key|42"},
		{"find none", `return regex.compile("z"):find("abc")`, "nil"},
		{"find init", `return regex.compile("a"):find("aXa", 2)`, "3|3"},
		{"find negative init", `return regex.compile("a"):find("aXa", -1)`, "3|3"},
		{"find init past end", `return regex.compile(""):find("ab", 4)`, "nil"},
		{"find empty at end", `return regex.compile(""):find("ab", 3)`, "3|2"},
		{"alternation", `return regex.compile("add|clamp"):find("x = clamp(y)")`, "5|9"},
		{"match whole", `return regex.compile("\\d+"):match("ab 123 c")`, "123"},
		{"match unmatched group", `return regex.compile("(a)|(b)"):match("b")`, "false|b"},
		{"match flags", `return regex.compile("HELLO", "i"):match("say hello")`, "hello"},
		{"multiline flag", `return regex.compile("^b", "m"):find("a\nb")`, "3|3"},
		{"no multiline", `return regex.compile("^b"):find("a\nb")`, "nil"},
		{"dotall", `return regex.compile("a.b", "s"):find("a\nb")`, "1|3"},
		{"test", `local r = regex.compile("^def \\w+\\(") return r:test("def f(x)"), r:test("  def f(")`, "true|false"},
		{"gmatch", `local t = {} for w in regex.compile("\\w+"):gmatch("one two  three") do t[#t+1] = w end return table.concat(t, ",")`, "one,two,three"},
		{"gmatch captures", `local t = {} for k, v in regex.compile("(\\w)=(\\d)"):gmatch("a=1 b=2") do t[#t+1] = k .. v end return table.concat(t, ",")`, "a1,b2"},
		{"find_all", `local t = {} for _, m in ipairs(regex.compile("o"):find_all("foo boo")) do t[#t+1] = m.start .. "-" .. m.stop end return table.concat(t, ",")`, "2-2,3-3,6-6,7-7"},
		{"find_all limit", `return #regex.compile("o"):find_all("foo boo", 3)`, "3"},
		{"find_all groups", `local m = regex.compile("(?P<k>\\w+)=(\\d+)?"):find_all("a= b=2")[2] return m.text, m.groups[1], m.groups[2], m.named.k`, "b=2|b|2|b"},
		{"find_all unmatched group", `local m = regex.compile("(\\w+)=(\\d+)?"):find_all("a=")[1] return m.groups[2]`, "false"},
		{"submatches", `local m = regex.compile("(\\d+)-(\\d+)"):submatches("r 10-20") return m.start, m.stop, m.groups[1], m.groups[2]`, "3|7|10|20"},
		{"replace template", `return regex.compile("(\\w+)@(\\w+)"):replace("a@b c@d", "$2@$1")`, "b@a d@c|2"},
		{"replace named", `return regex.compile("(?P<x>\\d)"):replace("a1b2", "<${x}>")`, "a<1>b<2>|2"},
		{"replace dollar", `return regex.compile("x"):replace("axb", "$$")`, "a$b|1"},
		{"replace function", `return regex.compile("\\d+"):replace("a1b22", function(d) return tostring(#d) end)`, "a1b2|2"},
		{"replace function keep", `return regex.compile("\\d"):replace("a1b2", function(d) if d == "1" then return "one" end end)`, "aoneb2|2"},
		{"replace table", `return regex.compile("(\\w+)"):replace("x y", { x = "1" })`, "1 y|2"},
		{"replace limit", `return regex.compile("a"):replace("aaa", "b", 2)`, "bba|2"},
		{"split", `return table.concat(regex.compile(",\\s*"):split("a, b,c"), "|")`, "a|b|c"},
		{"groups and names", `local r = regex.compile("(?P<a>x)(y)") return r:groups(), r:names().a`, "2|1"},
		{"pattern", `return regex.compile("a+", "i"):pattern()`, "a+|i"},
		{"tostring", `return tostring(regex.compile("a+"))`, "regex: a+"},
		{"quote", `return regex.quote("a.b*c")`, `a\.b\*c`},
		{"quote round trip", `return regex.compile(regex.quote("f(x) [y]")):find("= f(x) [y]")`, "3|10"},
		{"bad syntax", `return regex.compile("(a")`, "nil|invalid regex: missing closing ): `(a`"},
		{"look-ahead", `local _, e = regex.compile("foo(?=bar)") return e`, "regex uses look-ahead ((?=), which RE2 does not support: " + lookHint},
		{"backreference", `local _, e = regex.compile("(a)\\1") return e`, `regex uses a backreference (\1), which RE2 does not support: ` + backrefHint},
		{"bad flag", `return regex.compile("a", "x")`, `error: test:1: bad argument #2 to 'compile' (unknown regex flag 'x' (the flags are i, m, s and U))`},
		{"wrong self", `return regex.compile("a").find("x", "y")`, "error: test:1: bad argument #1 to 'find' (panto.Regex expected, got string)"},
		{"bad replacement", `return regex.compile("a"):replace("a", function() return {} end)`, "error: test:1: invalid replacement value (a table)"},
		{"linear time", `return regex.compile("(a+)+$"):test(string.rep("a", 100000) .. "b")`, "false"},
		{"utf8 positions", `return regex.compile("é+"):find("caféé!")`, "4|7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := eval(t, L, c.chunk); got != c.want {
				t.Errorf("%s\n got %q\nwant %q", c.chunk, got, c.want)
			}
		})
	}
}

// TestAgainstLuaPatterns compares find on random subjects with
// string.find for expressions whose Lua pattern equivalent is exact, so
// the positions follow Lua's own convention.
func TestAgainstLuaPatterns(t *testing.T) {
	L := newState(t)
	pairs := [][2]string{
		{`\d+`, `%d+`}, {`[a-c]+x?`, `[a-c]+x?`}, {`^a`, `^a`}, {`b$`, `b$`},
		{`a.c`, `a.c`}, {`\s*\w`, `%s*[%w_]`}, {`(a)(b*)`, `(a)(b*)`}, {`x*`, `x*`},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := "abcx1 2_\t"
	for _, p := range pairs {
		for range 200 {
			var b strings.Builder
			for range rng.IntN(12) {
				b.WriteByte(alphabet[rng.IntN(len(alphabet))])
			}
			s := b.String()
			init := rng.IntN(len(s)+3) - 1
			chunk := fmt.Sprintf(`local s, i = %q, %d
local a = table.pack(regex.compile(%q):find(s, i))
local b = table.pack(string.find(s, %q, i))
for k = 1, math.max(a.n, b.n) do if a[k] ~= b[k] then return "differ at " .. k .. ": " .. tostring(a[k]) .. " vs " .. tostring(b[k]) end end
return "same"`, s, init, p[0], p[1])
			if got := eval(t, L, chunk); got != "same" {
				t.Fatalf("%s vs %s on %q from %d: %s", p[0], p[1], s, init, got)
			}
		}
	}
}
