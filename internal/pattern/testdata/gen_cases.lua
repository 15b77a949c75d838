-- Generates ../cases_test.go: expected results of the reference interpreter
-- for the table-driven tests. The tests do not need Lua; rerun this only to
-- change the cases:
--
--   cd internal/pattern && lua5.4 testdata/gen_cases.lua > cases_test.go && gofmt -w cases_test.go
--
-- Serialisations (mirrored in pattern_test.go):
--   find:   "nil" | "E:<message>" | "<start>,<end>" followed by ";<value>" per capture
--   gmatch: "[<v>;<v>...]" per iteration, then "E:<message>" if the iterator raised
--   gsub:   "<result>|<count>" | "E:<message>"
-- where <value> is "\"<substring>\"" or a position (a bare integer), start is
-- 1-based like Lua's and init is 0-based like the Go API's.

local function goq(str)
  local out = {}
  for i = 1, #str do
    local b = str:byte(i)
    if b >= 32 and b < 127 and b ~= 34 and b ~= 92 then
      out[#out + 1] = string.char(b)
    else
      out[#out + 1] = string.format("\\x%02x", b)
    end
  end
  return '"' .. table.concat(out) .. '"'
end

local function val(v)
  if type(v) == "number" then return tostring(v) end
  return '"' .. v .. '"'
end

local function errmsg(e)
  return "E:" .. tostring(e)
end

local function hasspecials(p)
  return p:find("[%^%$%*%+%?%.%(%[%%%-]") ~= nil
end

-- Find: string.find with pattern semantics. A pattern without specials is
-- searched literally by string.find; it only differs from a pattern search
-- when it contains ')', where string.match gives the pattern result (which
-- is then nil or an error).
local function serfind(s, p, init)
  if not hasspecials(p) and p:find(")", 1, true) then
    local r = table.pack(pcall(string.match, s, p, init + 1))
    if not r[1] then return errmsg(r[2]) end
    assert(r[2] == nil)
    return "nil"
  end
  local r = table.pack(pcall(string.find, s, p, init + 1))
  if not r[1] then return errmsg(r[2]) end
  if r[2] == nil then return "nil" end
  local out = { r[2] .. "," .. r[3] }
  for i = 4, r.n do out[#out + 1] = ";" .. val(r[i]) end
  return table.concat(out)
end

local function sergmatch(s, p, init)
  local out = {}
  local it = string.gmatch(s, p, init + 1)
  for _ = 1, 50 do
    local r = table.pack(pcall(it))
    if not r[1] then
      out[#out + 1] = errmsg(r[2])
      break
    end
    if r[2] == nil then break end
    local vs = {}
    for i = 2, r.n do vs[#vs + 1] = val(r[i]) end
    out[#out + 1] = "[" .. table.concat(vs, ";") .. "]"
  end
  return table.concat(out)
end

-- Replacement modes other than a plain string.
local replfuncs = {
  ["#func"] = function(...)
    local t = table.pack(...)
    for i = 1, t.n do t[i] = tostring(t[i]) end
    return "<" .. table.concat(t, ",") .. ">"
  end,
  ["#table"] = { a = "1", b = false, [2] = "two", ["2"] = "str2" },
  ["#keepempty"] = function(x)
    if x == "" then return false end
    return "[" .. tostring(x) .. "]"
  end,
}

local function sergsub(s, p, repl, n)
  local r = replfuncs[repl] or repl
  local res = table.pack(pcall(string.gsub, s, p, r, n))
  if not res[1] then return errmsg(res[2]) end
  return res[2] .. "|" .. res[3]
end

local all = {}
for i = 0, 255 do all[#all + 1] = string.char(i) end
all = table.concat(all)

-----------------------------------------------------------------------------
-- Cases

local find = {}
local function F(s, p, init) find[#find + 1] = { s, p, init or 0 } end

-- literals, '.', empty pattern, init
F("hello", "l")
F("hello", "lo")
F("hello", "xyz")
F("hello", "")
F("", "")
F("hello", "", 5)
F("hello", "", 3)
F("hello", "", 6)
F("hello", "l", 3)
F("hello", "l", 4)
F("hello", "h", 1)
F("hello", ".")
F("hello", "..")
F("", ".")
F("a\0b", "\0")
F("a\0b", ".\0.")
F("a\0b", "%z")
F("a\0b", "%Z+")
F("\0\0b", "[%z]+")
F("a.b", "%.")
F("a.b", ".%.")
F("a+b", "a+b")
F("aab", "a+b")
F("a+b", "a%+b")
F("50% off", "%%")
F("50% off", "0%% o")

-- classes
for _, cl in ipairs({ "a", "c", "d", "g", "l", "p", "s", "u", "w", "x" }) do
  F("  Hello, World 42\tok\n", "%" .. cl .. "+")
  F("  Hello, World 42\tok\n", "%" .. cl:upper() .. "+")
end
F("abc", "%q")
F("a]b", "%]")
F("\200\201x", "%A+")
F("\200\201x", "%a")
F("\200\201x", "%g")
F("\200\201x", "[\200-\255]+")

-- sets
F("hello world", "[aeiou]+")
F("hello world", "[^aeiou]+")
F("x]y", "[]]")
F("x]y", "[]x]+")
F("]]x", "[^]]")
F("a-b", "[a-]+")
F("-ab", "[-a]+")
F("b-c", "[a-]")
F("abc-", "[%a-z]+")
F("-z-", "[%a-z]+")
F("Q", "[%a-z]")
F("m", "[a-z]")
F("M", "[a-z]")
F("z", "[z-a]")
F("a%b", "[%%]")
F("a]b", "[%]]")
F("a]b", "[^%]]+")
F("a.b", "[.]")
F("a-c", "[a%-c]+")
F("bcd", "[a%-c]+")
F("ace", "[a-c-e]+")
F("-", "[a-c-e]")
F("d", "[a-c-e]")
F("foo_bar1 x", "[%w_]+")
F("  x  y", "[^%s]+")
F("x^y", "[%^]")
F("x^y", "[x^]+")
F("^", "[^^]")
F("ab^", "[^^]+")
F("abc", "[")
F("abc", "[a")
F("abc", "[]")
F("abc", "[^]")
F("abc", "[^")
F("abc", "[%")
F("abc", "[a%")
F("abc", "[a-%]")
F("abc", "[%]")
F("x", "x[")
F("y", "x[")
F("abc", "[a][")
F("ab", "[a][")
F("x", "[%a")
F("a", "[\0]")
F("\0", "[\0]")
F("\0", "[a\0-\1]")
F("\1", "[^%c]")
F("AZaz09", "[A-Z0-9]+")

-- anchors
F("hello", "^h")
F("hello", "^e")
F("hello", "^e", 1)
F("hello", "^")
F("hello", "^", 2)
F("hello", "$")
F("hello", "o$")
F("hello", "l$")
F("hello", "^hello$")
F("", "^$")
F("a", "^$")
F("a$b", "a$b")
F("a$", "a$$")
F("a$", "$$")
F("a^b", "a^b")
F("^b", "^^b")
F("a^b", "%^b")
F("a$b", "%$b")
F("ab", "b$", 1)
F("a", "$", 1)
F("a", "^$", 1)
F("abc", "^abc$", 0)
F("aaa", "^a-$")

-- quantifiers
F("aaab", "a*")
F("baaa", "a*")
F("aaab", "a*b")
F("aaab", "a-b")
F("aaab", "a-")
F("aaab", "a+")
F("bbb", "a+")
F("aaab", "a?b")
F("ab", "a?a?b")
F("b", "a?b")
F("a?", "a??")
F("aa", "a??")
F("*a", "*a")
F("a*", "a%*")
F("+", "+")
F("-", "-")
F("?", "?")
F("a-", "a%-")
F("<a><b>", "<.->")
F("<a><b>", "<.*>")
F("x = 10", "(%w+)%s*=%s*(%w+)")
F("  trim me  ", "^%s*(.-)%s*$")
F("", "^%s*(.-)%s*$")
F("abc", ".-$")
F("abc", ".-b")
F("aaa", "a-a")
F("aaa", "a-a$")
F("123abc", "%d*%a+")
F("abc", "%d*")
F("[[x]]", "%[+(.-)%]+")
F("aaa", "[a]*$")
F("aXb", "a.?b")
F("ab", "a.?b")
F("ab", "a.-b")
F("xy", "x-*y")

-- %b
F("f(a(b)c)d", "%b()")
F("f(a(b)c", "%b()")
F("(a)(b)", "%b()%b()")
F("x{a{b}}y", "(%b{})")
F("''a'b'", "%b''")
F("abc", "%b")
F("abc", "%b(")
F("(abc", "%b(")
F("abc", "%b()")
F("", "%b()")
F("((", "%b()")
F(")(", "%b()")
F("[x]", "%b[]")
F("a\0b\0", "%b\0\0")
F("aXbY", "%bXY")
F("f(a)", "f%b()$")

-- %f
F("THE (quick) fox", "%f[%a]%a+")
F("THE (quick) fox", "%f[%a]%a+", 1)
F("THE (quick) fox", "%f[%a]%a+", 5)
F("hello", "%f[%w]")
F("hello", "%f[%W]")
F("hello", "%f[%W]", 2)
F("", "%f[%z]")
F("", "%f[%Z]")
F("a", "%f[%z]")
F("a", "%f[^%z]")
F("abc", "%f")
F("abc", "%fa")
F("abc", "%f[a")
F("abc", "%f[a]")
F("babc", "%f[a]", 1)
F("aabc", "%f[a]", 1)
F("a b", "%f[%s]")
F("x1", "%f[%d]%d")
F("word word", "%f[%w]%w+%f[%W]")
F("ab", "%f[]a]")
F("]", "%f[]]")

-- captures
F("abc", "(a)")
F("abc", "(a)(b)(c)")
F("abc", "((a)(b))")
F("abc", "()")
F("abc", "()", 3)
F("abc", "()a()")
F("abc", "(()a)")
F("abc", "(a()b)")
F("abc", "((()))")
F("abc", "(()(()))")
F("hello world", "(h)(e)(l)(l)(o)")
F("abc", "(a*(.)%w(%s*))")
F("abc", "(c)$")
F("abc", "(c$)")
F("abc", "(.)()$")
F("abc", "()$")
F("abc", "(x*)$")
F("abc", "(x*)", 3)
F("abc", "(")
F("abc", "(a")
F("abc", "(x")
F("abc", "(()")
F("abc", "(()a")
F("abc", "a(")
F("abc", "((a)")
F("abc", "(a))")
F("abc", ")")
F("abc", "a)")
F("abc", "x)")
F("abc", "()()")
F("abc", "(a)%1")
F("aab", "(a)%1")
F("hello", "(l)%1")
F("abab", "(ab)%1")
F("abab", "(a)(b)%1%2")
F("abcabc", "(a(b)c)%1")
F("abcabc", "(a(b)c)%2")
F("abc", "(a)%2")
F("abc", "%1")
F("abc", "x%1")
F("abc", "%0")
F("abc", "(a%1)")
F("aa", "(a%1)")
F("abc", "()%1")
F("aa", "()%1")
F("aa", "(a)()%2")
F("\"hi\" 'x'", "([\"'])(.-)%1")
F("abc", "(a)(b)%3")
F("abc", "%9")

local function rep(s, n) return s:rep(n) end
F("abc", rep("()", 32))
F("abc", rep("()", 33))
F("abc", rep("(", 32) .. "a" .. rep(")", 32))
F("abc", rep("(", 33) .. "a" .. rep(")", 33))
F("x", rep("(", 33))
F("x", "y" .. rep("(", 33))
F(rep("a", 32), rep("(a)", 32))
F(rep("a", 33), rep("(a)", 33))

-- nesting limit
F(rep("a", 199), rep("a?", 199))
F(rep("a", 200), rep("a?", 200))
F("", rep("a?", 199))
F("", rep("a?", 200))
F(rep("a", 300), rep("a*", 300))
F("b", rep("a*", 300) .. "b")
F(rep("a", 300), rep("a", 300))
F("abc", rep("x?", 300))
F(rep("a", 250), rep("a-", 150) .. "$")
F(rep("a", 250), rep("a-", 250) .. "$")
F("x", rep("(x?)", 32))
F(rep("ab", 120), rep("%b%a%b?", 10))

-- lazily raised errors
F("xyz", "a[")
F("xyz", "a%")
F("xyz", "a%b")
F("xyz", "a%f")
F("xyz", "a%1")
F("xyz", "a)")
F("xyz", "a(")
F("a", "a%")
F("a", "%")
F("", "%")
F("a", "[a]%")
F("ab", "b%", 1)
F("", "x%")
F("abc", "^x%")
F("abc", "^a[")
F("bac", "a[")
F("abc", "a%1", 2)
F("abc", "c?%")
F("", "a*%")
F("aaa", "a-%")
F("", "[a-z]*[")

-- bytes >= 0x80 and full range
F(all, "%a+")
F(all, "%p+")
F(all, "[%c]+")
F(all, "%s+")
F(all, "%x+", 60)
F(all, "[\128-\255]+")
F(all, "[^\1-\254]", 1)

local gmatch = {}
local function G(s, p, init) gmatch[#gmatch + 1] = { s, p, init or 0 } end
G("abc", "x*")
G("abc", "")
G("", "")
G("abc", "%a*")
G("abc", "%a")
G("hello world from Lua", "%a+")
G("a=1, b=2, c=3", "(%w+)=(%w+)")
G("abc", "()")
G("abc", "()", 3)
G("abc", "()", 2)
G("abc", ".", 4)
G("^a^a", "^a")
G("aaa", "^a")
G("abc", "a*")
G("baaac", "a*")
G("baaac", "a-")
G("abab", "(a)(b)")
G("one two", "()(%a+)()")
G("abc", "(a")
G("bbb", "(a")
G("abc", "a)")
G("abc", "[")
G("", "[")
G("abc", "%f[%w]")
G("a b c", "%f[%w]%w")
G("x y", "%f[%W]")
G("(a)(b)", "%b()")
G("abc", "(.)", 1)
G("aXbXc", "[^X]*")
G("1,,2", "([^,]*)")
G("abc", "$")
G("abc", ".-")
G(rep("a", 10), rep("a?", 200))
G("abc", "b*")
G("xyz", "%d*")

local gsub = {}
local function S(s, p, repl, n) gsub[#gsub + 1] = { s, p, repl, n or -1 } end
S("hello world", "o", "0")
S("hello world", "o", "0", 1)
S("hello world", "o", "0", 0)
S("hello world", "o", "0", 5)
S("hello", "", "-")
S("", "", "-")
S("abc", "x*", "-")
S("abc", "%w*", "-")
S("abc", "%w-", "-")
S("hello world", "%w+", "%0 %0")
S("hello world", "(%w+)", "<%1>")
S("hello world", "%w+", "<%1>")
S("hello world", "(%w+) (%w+)", "%2 %1")
S("abc", "%w", "%%")
S("abc", "%w", "%x")
S("abc", "%w", "%")
S("abc", "%w", "a%")
S("abc", "%w", "%2")
S("abc", "(%w)", "%2")
S("abc", "(%w)", "%9")
S("abc", "%w", "%0%1")
S("abc", "()", "%1")
S("abc", "()", "[%0]")
S("abc", "(a)()", "%2%1")
S("abc", "^", "x")
S("abc", "$", "x")
S("abc", "^a", "x")
S("abc", "^b", "x")
S("aaa", "^a", "x")
S("aaa", "^a*", "x")
S("abc", "^", "x", 0)
S("abc", "^%w", "x", 5)
S("abc", "(a", "x")
S("abc", "(a", "%0")
S("abc", "(a", "%1")
S("abc", "(a)(b", "%1")
S("abc", "(a)(b", "%2")
S("abc", "a", "%\0")
S("x", "x", "\0%%\0")
S("abc", "[", "x")
S("xyz", "a[", "x")
S("abc", "b[", "x")
S("abc", "%", "x")
S("abc", "%1", "x")
S("abc", "%f[%w]", ".")
S("hello world", "%f[%w]%w", "*")
S("  trim  ", "^%s+", "")
S("  trim  ", "%s+$", "")
S("a,b,,c", ",", ";")
S("a,b,,c", "[^,]*", "<%0>")
S("abc", ".", "%0%0", 2)
S("\0a\0", "%z", "0")
S("hello world", "%w+", "#func")
S("hello world", "(%w)(%w*)", "#func")
S("abc", "()", "#func")
S("abc", "(a", "#func")
S("abc", "(b", "#func")
S("abc", "a(", "#func")
S("abc", "x*", "#func")
S("a b 2 c", "%w", "#table")
S("abc", "()", "#table")
S("abc", "(a", "#table")
S("abc", "(b", "#table")
S("abc", "b(", "#table")
S("abc", "(.)(", "#table")
S("abc", "x*", "#keepempty")
S("a  b", "%s*", "#keepempty")
S("abc", "%w*", "#keepempty", 1)
S(rep("a", 300), rep("a?", 200), "x")
S("abc", "(a)%1", "x")
S("aabb", "(.)%1", "<%1>")
S("f(a(b)c) g(d)", "%b()", "[]")
S("THE (quick) fox", "%f[%a]%a+", "W")

local classes = {}
local cls = {}
for c = ("a"):byte(), ("z"):byte() do
  cls[#cls + 1] = "%" .. string.char(c)
  cls[#cls + 1] = "%" .. string.char(c):upper()
end
for _, c in ipairs({ ".", "%", "[", "]", "^", "$", "(", ")", "-", "\0", "\255" }) do
  cls[#cls + 1] = "%" .. c
end
for _, set in ipairs({ "[%a]", "[^%a]", "[a-f]", "[^a-f]", "[%a-z]", "[]]", "[^]]", "[a-]",
  "[%w_]", "[%p%s]", "[^%c%z]", "[\0-\31]", "[---]", "[!--]", "[%]-a]", "[a-%%]", ".", "[^]-^]",
  "[\128-\255]", "[^\128-\255]" }) do
  cls[#cls + 1] = set
end
for _, cl in ipairs(cls) do
  if cl == "%b" or cl == "%f" then goto continue end -- not single-byte items
  local bits = {}
  for b = 0, 255, 4 do
    local n = 0
    for k = 0, 3 do
      if string.find(string.char(b + k), "^" .. cl .. "$") then n = n + (1 << k) end
    end
    bits[#bits + 1] = string.format("%x", n)
  end
  classes[#classes + 1] = { cl, table.concat(bits) }
  ::continue::
end

-----------------------------------------------------------------------------
-- Output

local out = {}
local function w(s) out[#out + 1] = s end
w("// Code generated by testdata/gen_cases.lua from " .. _VERSION .. " (lua5.4); DO NOT EDIT.\n\n")
w("package pattern\n\n")
w("var findCases = []findCase{\n")
for _, c in ipairs(find) do
  w(string.format("\t{%s, %s, %d, %s},\n", goq(c[1]), goq(c[2]), c[3], goq(serfind(c[1], c[2], c[3]))))
end
w("}\n\n")
w("var gmatchCases = []findCase{\n")
for _, c in ipairs(gmatch) do
  w(string.format("\t{%s, %s, %d, %s},\n", goq(c[1]), goq(c[2]), c[3], goq(sergmatch(c[1], c[2], c[3]))))
end
w("}\n\n")
w("var gsubCases = []gsubCase{\n")
for _, c in ipairs(gsub) do
  local n = c[4]
  local want = sergsub(c[1], c[2], c[3], n >= 0 and n or nil)
  w(string.format("\t{%s, %s, %s, %d, %s},\n", goq(c[1]), goq(c[2]), goq(c[3]), n, goq(want)))
end
w("}\n\n")
w("// classCases: for each single-byte item, a hex bitmap over bytes 0..255\n")
w("// (4 bytes per digit, lowest byte in the lowest bit) of the bytes it matches.\n")
w("var classCases = []classCase{\n")
for _, c in ipairs(classes) do
  w(string.format("\t{%s, %s},\n", goq(c[1]), goq(c[2])))
end
w("}\n")
io.write(table.concat(out))
