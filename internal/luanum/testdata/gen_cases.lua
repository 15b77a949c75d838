-- Generates lua_cases_test.go: expected values produced by the reference
-- interpreter. Run from internal/luanum:
--   lua5.4 testdata/gen_cases.lua > lua_cases_test.go && gofmt -w lua_cases_test.go
-- The tests themselves never need lua5.4.
math.randomseed(20240601)

local out = {}
local function w(...) for _, s in ipairs{...} do out[#out + 1] = s end end

local function goq(s)
  return '"' .. (s:gsub('[%c"\\\128-\255]', function(c)
    if c == '"' then return '\\"' elseif c == '\\' then return '\\\\' end
    return string.format("\\x%02x", c:byte())
  end)) .. '"'
end
local function bits(f) return string.format("0x%016x", (string.unpack("<i8", string.pack("<d", f)))) end
local function frombits(i) return (string.unpack("<d", string.pack("<i8", i))) end
local function int(i)
  if i == math.mininteger then return "math.MinInt64" end
  return string.format("%d", i)
end

----------------------------------------------------------------------------
-- values
local floats = {0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 0.05, 1/3, 2/3, 1.5, 2.5, 3.5, -2.5, 9.5, 0.95, 0.995,
  100.0, 1e5, 1e6, 123456.789, 1e-4, 1e-5, 9.9999e-5, 0.00001234, 1e14, 1e15, 1e16, 1e17, 2^53, 2^53+2,
  2^63, -2^63, 2^64, 1e100, 1e300, -1e-300, 1.7976931348623157e308, 2.2250738585072014e-308, 5e-324, 1e-310,
  1/0, -1/0, 0/0, -(0/0), 999999.5, 9999995.0, 0.000123456, 123.456, -123.456, 3.14159265358979,
  6.02214076e23, 1.602e-19, 2^-21, 0x1.fffffffffffffp0, 0x1.08p0, 0x1.18p0, 0x1.ffp0, 0x0.fffffffffffffp-1022,
  0x0.8p-1022, 0x0.8000000000001p-1022, 123456789012345.0, 12345678901234.0, 99999999999999.5, 0.1 + 0.2,
  1e-7, 4503599627370495.5, -7.0, 65536.0, 1e21, 1e22, 1e23, 5e-5, 0.3, 2^-1074 * 3}
local curated = #floats
for _ = 1, 60 do
  local r = math.random(0)
  local f = frombits(r)
  floats[#floats + 1] = f
end
for _ = 1, 40 do
  floats[#floats + 1] = math.random(1, 10^7) / 10^math.random(0, 12) * (math.random(2) == 1 and 1 or -1)
end
-- Random values are used with every spec whose output stays short.
local function shortSpec(spec)
  return not spec:find("f") and not spec:find("%.[2-9]%d") and not spec:find("99")
end

local ints = {0, 1, -1, 7, 42, -42, 255, 321, 1000000, math.maxinteger, math.mininteger, 0x7fffffff,
  -0x80000000, 123456789, -987654321, 8, 10, 100, 0x1234abcd, -255}
for _ = 1, 10 do ints[#ints + 1] = math.random(0) end

----------------------------------------------------------------------------
-- numeral parsing
local numerals = {"0x", "1e", ".5", "5.", "0x.8", "0x8p", "- 1", "  0x1p4  ", "+1", "+0x10", "-0x10", "0x1P-2",
  "1e400", "-1e400", "1e-400", "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "0x1p-1075",
  "0x1.0000000000001p-1075", "0x3p-1076", "inf", "nan", "-inf", "INF", "infinity", "NaN", " nan ", "0x1n",
  "0xffffffffffffffff", "0x10000000000000000", "9223372036854775807", "9223372036854775808",
  "-9223372036854775808", "-9223372036854775809", "1\0", "\0", "1\0002", "\t\n\v\f\r 12 \t\n\v\f\r", "0x1.8",
  "1e+", "1e-5", "1E5", "0X1P4", ".e1", ".", "0x.", "0x.p1", "1..2", "0x1p+", "0x1p-1", "1 2", "", "  ",
  "0x1.fffffffffffff8p1023", "0x1.fffffffffffff7ffp1023", "0x1.fffffffffffffp1023", "1.7976931348623158e308",
  "1.7976931348623159e308", "0x1e", "0x1e+1", "1e0x1", "0x-1", "--1", "-+1", "+-1", "1_000", "\217\161",
  "0x1p99999999999999999999", "0x1p-99999999999999999999", "0x0p99999999999999999999",
  "0x0.0000000000000000000000000000000000001p200", "00001", "0008", "0x00000000000000000000000000001",
  "1e-99999999999999999999", "1e99999999999999999999", "  -0  ", "-0.0", "0x10000000000000000.0", "0xffffffffffffffffff",
  "18446744073709551616", "\2261", "3", "3.0", "-3", "3.", "0.1", "1e2", "1E+2", "1e-2", "0x10", "0xA", "0Xa",
  "0xa.", "0x.a", "0xA.Ap1", "0x1p", "0x1p-", "0x", "x1", "0b101", "1f", "1.5f", "1d", "0x1.8P+1", " 0x1.8P+1 ",
  "99999999999999999999", "-99999999999999999999", "0x7fffffffffffffff", "0x8000000000000000", "-0x8000000000000000",
  "-0x1", "0x" .. string.rep("f", 40), "1" .. string.rep("0", 30), "0." .. string.rep("0", 400) .. "1",
  "1" .. string.rep("0", 400), "4.94065645841246544176568792868221372365059802614324764425585682500675507270208751865299836361635992379796564695445717730926656710355939796398774796010781878126300713190311404527845817167848982103688718636056998730723050006387409153564984387312473397273169615140031715385398074126238565591171026658556686768187039560310624931945271591492455329305456544401127480129709999541931989409080416563324524757147869014726780159355238611550134803526493472019379026810710749170333222684475333572083243193609238289345836806010601150616980975307834227731832924790498252473077637592724787465608477820373446969953364701797267771758512566055119913150489110145103786273816725095583738973359899366480994116420570263709027924276754456522908753868250641971826553344726562e-324",
  "2.225073858507201136057409796709131975934819546351645648023426109724822222021076945516529523908135087914149158913039621106870086438694594645527657207407820621743379988141063267329253552286881372149012981122451451889849057222307285255133155755015914397476397983411801999323962548289017107081850690630666655994938275772572015763062690663332647565300009245888316433037779791869612049497390377829704905051080609940730262937128958950003583799967207254304360284078895771796150945516748243471030702609144621572289880258182545180325707018860872113128079512233426288368622321503775666622503982534335974568884423900265498198385487948292206894721689831099698365846814022854243330660339850886445804001034933970427567186443383770486037861622771738545623065874679014086723327636718751234567890123456789012345678901234567890e-308",
  "0x1.00000000000008p0", "0x1.000000000000080000000000000000001p0", "0x1.00000000000018p0", "0x1.fffffffffffff8p-1023",
  "0x0.0000000000001p-1022", "0x0.00000000000008p-1022", "0x0.000000000000081p-1022", "0x0.00000000000018p-1022",
  "1e-1", "123456789012345678901234567890", "0.000001", "1E-7", "  \t 42", "42  x", "4 2", "0x 1",
  "1.8e308", "-1.8e308", "17976931348623157e292", "17976931348623159e292", "0.001e311", "0.001e312", "1000e306",
  "1000e305", "0.00000e999", "0e99999", "-0.0e400", "-0e-400", "000000000000000000001e308", "0.0000000001e318",
  "1.e5", ".1e5", "0x.1p4", "0x1.p4", "1e+0", "1e-0", "+.5", "-.5", "-5.", "+0x.8", "- 0x1", "0x+1", "1e++1"}
for _ = 1, 250 do
  local alphabet = "0123456789.eEpPxX+- \tabcdefABCDEF"
  local n = math.random(1, 8)
  local t = {}
  if math.random(3) == 1 then t[1] = "0x" end
  for k = 1, n do
    local p = math.random(#alphabet)
    t[#t + 1] = alphabet:sub(p, p)
  end
  numerals[#numerals + 1] = table.concat(t)
end
for _ = 1, 60 do
  local f = floats[math.random(#floats)]
  numerals[#numerals + 1] = string.format("%.17g", f)
  numerals[#numerals + 1] = string.format("%a", f)
  numerals[#numerals + 1] = tostring(f)
end

w("// Code generated by testdata/gen_cases.lua from Lua 5.4.4 (Debian lua5.4); DO NOT EDIT.\n\n")
w("package luanum\n\nimport \"math\"\n\nvar _ = math.MinInt64\n\n")

w("// parseCases: StrToNumber input and tonumber's result (kind 'i', 'f' or 'n' for nil).\n")
w("var parseCases = []struct {\n\tin   string\n\tkind byte\n\ti    int64\n\tf    uint64\n}{\n")
local seen = {}
for _, s in ipairs(numerals) do
  if not seen[s] then
    seen[s] = true
    local v = tonumber(s)
    if v == nil then
      w("\t{", goq(s), ", 'n', 0, 0},\n")
    elseif math.type(v) == "integer" then
      w("\t{", goq(s), ", 'i', ", int(v), ", 0},\n")
    else
      w("\t{", goq(s), ", 'f', 0, ", bits(v), "},\n")
    end
  end
end
w("}\n\n")

----------------------------------------------------------------------------
w("// tostringCases: tostring of a float, given by its bits.\n")
w("var tostringCases = []struct {\n\tbits uint64\n\twant string\n}{\n")
for _, f in ipairs(floats) do w("\t{", bits(f), ", ", goq(tostring(f)), "},\n") end
w("}\n\n")

w("// intToStringCases: tostring of an integer.\n")
w("var intToStringCases = []struct {\n\tv    int64\n\twant string\n}{\n")
for _, i in ipairs(ints) do w("\t{", int(i), ", ", goq(tostring(i)), "},\n") end
w("}\n\n")

----------------------------------------------------------------------------
local floatSpecs = {"%f", "%.0f", "%.1f", "%.2f", "%.3f", "%5.1f", "%10.4f", "%-10.2f|", "%+f", "% f", "%#.0f",
  "%010.3f", "%-+12.5f|", "%.20f", "%.99f", "%e", "%.0e", "%#.0e", "%.3e", "%E", "%12.4e", "%-12.2E|", "%+.10e",
  "%.17e", "%.40e", "%015.3e", "%g", "%.0g", "%.1g", "%.3g", "%#g", "%#.3g", "%.14g", "%.17g", "%G", "%10g",
  "%-10g|", "%+g", "% g", "%010g", "%.20g", "%#.0g", "%.99g", "%#.17G", "%a", "%A", "%.0a", "%.1a", "%.3a",
  "%.13a", "%.20a", "%#a", "%#.0a", "%+a", "% a", "%020a", "%-20a|", "%020.3A", "%.12a", "%+-#0 25.10e|",
  "%99.2f", "%-0+#99.2g|"}
w("// formatFloatCases: string.format(spec, float) where spec may carry trailing literal text.\n")
w("var formatFloatCases = []struct {\n\tspec string\n\tbits uint64\n\twant string\n}{\n")
for _, spec in ipairs(floatSpecs) do
  for k, f in ipairs(floats) do
    if k <= curated or (k <= curated + 25 and shortSpec(spec)) then w("\t{", goq(spec), ", ", bits(f), ", ", goq(string.format(spec, f)), "},\n") end
  end
end
w("}\n\n")

local intSpecs = {"%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%.0d", "%.3d", "%8.3d", "%-8.3d|", "%+.3d",
  "%i", "%u", "%x", "%X", "%#x", "%#X", "%o", "%#o", "%#.0o", "%.0x", "%#010x", "%#10.3x", "%-#10x|",
  "%020.10d", "%99d", "%c", "%5c", "%-5c|", "%+ 05i", "% -+5i|", "%-020o|", "%#025o", "%025u", "%.25X", "%#.25x",
  "%+.0i", "% .0d", "%5.0d|", "%#.0x", "%.99d", "%-99.98x|"}
w("// formatIntCases: string.format(spec, integer).\n")
w("var formatIntCases = []struct {\n\tspec string\n\tv    int64\n\twant string\n}{\n")
for _, spec in ipairs(intSpecs) do
  for _, i in ipairs(ints) do
    w("\t{", goq(spec), ", ", int(i), ", ", goq(string.format(spec, i)), "},\n")
  end
end
w("}\n\n")

local strs = {"", "a", "hello", "hello world!", "\195\188mlaut", "tab\there", string.rep("x", 120)}
local strSpecs = {"%s", "%5s", "%-5s|", "%.1s", "%5.1s|", "%.0s", "%-10.3s|", "%.99s", "%99s", "%-.s|", "%--8.2s|", "%.s"}
w("// formatStringCases: string.format(spec, string).\n")
w("var formatStringCases = []struct {\n\tspec string\n\ts    string\n\twant string\n}{\n")
for _, spec in ipairs(strSpecs) do
  for _, s in ipairs(strs) do
    w("\t{", goq(spec), ", ", goq(s), ", ", goq(string.format(spec, s)), "},\n")
  end
end
w("}\n\n")

----------------------------------------------------------------------------
-- Specification validation: every format holds one conversion, applied to 42.
local specs = {"%", "%y", "%123d", "%.123f", "%#d", "%-5c", "%10.3q", "%5q", "%q ", "%10", "%10.", "%.", "%.d",
  "%5.c", "%05c", "%05s", "%-5.3s", "%+s", "%#x", "%+x", "% u", "%+u", "%0000000000000000000000d",
  "%000000000000000000000d", "%00000000000000000000d", "%-+ #0-+ #0-+ #0-+ #0-+ #0e", "%1.2.3f", "%..3f",
  "%p", "%5p", "%.3p", "%-10p|", "%05p", "%ld", "%lld", "%hd", "%i", "%5.5i", "%#o", "%#X", "%#a", "%05.3a",
  "%#.0e", "%--5d", "%00d", "%0d", "%099d", "%99.99f", "%100d", "%1.100f", "%.99s", "%a", "%A", "%F", "%G",
  "%E", "%n", "%L", "%%", "%%x", "%c", "%010s", "% d", "%+d", "%+ d", "%#c", "%-5.s", "%.5c", "%5.%", "%-%",
  "%s\0", "%\0", "%5\0d", "%q", "%s", "%-q", "%.q", "%#s", "%#u", "%0u", "%-0u", "%.0u", "%#.0x", "%5-d",
  "%5 d", "%.-5d", "%.5.5d", "%0-5d|", "%b", "%B", "%C", "%D", "%S", "%j", "%t", "%z", "%\255", "%5\255",
  "%.0c", "%99.99x", "%-99.99e", "%9.9.9g", "%.01d", "%.001d", "%.10s", "%01.1f", "%10.0f", "%#.99G",
  "%-+ #0-+ #0-+ #0-+ #0f", "%-+ #0-+ #0-+ #0-+ #0-f", "%0000000000000000000.f", "%+++++++++++++++++99d",
  "%++++++++++++++++++99d", "% 3c", "%+c", "%0c", "%-c", "%--c|", "%d%", "%s%d"}
for _ = 1, 150 do
  local alphabet = "-+ #0123456789.....00"
  local verbs = "cdiouxXaAeEfFgGsqp%lhnbyz."
  local t = {"%"}
  for k = 1, math.random(0, 6) do
    local p = math.random(#alphabet)
    t[#t + 1] = alphabet:sub(p, p)
  end
  local p = math.random(#verbs)
  t[#t + 1] = verbs:sub(p, p)
  specs[#specs + 1] = table.concat(t)
end
w("// specCases: string.format(format, 42) with its result, or the error message.\n")
w("var specCases = []struct {\n\tformat string\n\twant   string\n\terr    string\n}{\n")
seen = {}
for _, f in ipairs(specs) do
  if not seen[f] then
    seen[f] = true
    local ok, res = pcall(string.format, f, 42)
    if ok then
      w("\t{", goq(f), ", ", goq(res), ", \"\"},\n")
    else
      w("\t{", goq(f), ", \"\", ", goq(res), "},\n")
    end
  end
end
w("}\n\n")

----------------------------------------------------------------------------
local qstrs = {"", "abc", "a\0b", "a\0001", "\0", "1\0", "\r\n", "\t9", "\t", "\"quoted\"", "back\\slash",
  "line1\nline2", "\127", "\1272", "\128\255", "\31\32", "\1\2\3", "\0019", "\27[0m", "caf\195\169",
  "\r", "\n", "\\", "\"", "\0\0\0", "\0000", "\255\0\255"}
for _ = 1, 20 do
  local t = {}
  for k = 1, math.random(1, 12) do t[k] = string.char(math.random(0, 255)) end
  qstrs[#qstrs + 1] = table.concat(t)
end
w("// quoteStringCases: string.format('%q', s).\n")
w("var quoteStringCases = []struct {\n\ts    string\n\twant string\n}{\n")
for _, s in ipairs(qstrs) do w("\t{", goq(s), ", ", goq(string.format("%q", s)), "},\n") end
w("}\n\n")
w("// quoteIntCases: string.format('%q', integer).\n")
w("var quoteIntCases = []struct {\n\tv    int64\n\twant string\n}{\n")
for _, i in ipairs(ints) do w("\t{", int(i), ", ", goq(string.format("%q", i)), "},\n") end
w("}\n\n")
w("// quoteFloatCases: string.format('%q', float).\n")
w("var quoteFloatCases = []struct {\n\tbits uint64\n\twant string\n}{\n")
for _, f in ipairs(floats) do w("\t{", bits(f), ", ", goq(string.format("%q", f)), "},\n") end
w("}\n\n")

----------------------------------------------------------------------------
local convFloats = {}
for _, f in ipairs(floats) do convFloats[#convFloats + 1] = f end
for _, f in ipairs{2^63 - 1024, -2^63 - 2048, 2^63 - 0.5, -2^63 + 0.5, -0.5, 0.5, -1.5, 1.5, 1e300, -1e300,
  2^62 + 0.5, 4503599627370495.5, -4503599627370495.5, 9007199254740993.0, -(2^63), 2^63} do
  convFloats[#convFloats + 1] = f
end
local function conv(v)
  if math.type(v) == "integer" then return int(v) .. ", true" end
  return "0, false"
end
w("// floatToIntCases: math.tointeger, math.floor and math.ceil of a float.\n")
w("var floatToIntCases = []struct {\n\tbits    uint64\n\ttoInt   int64\n\ttoIntOK bool\n\tfloor   int64\n\tfloorOK bool\n\tceil    int64\n\tceilOK  bool\n}{\n")
for _, f in ipairs(convFloats) do
  w("\t{", bits(f), ", ", conv(math.tointeger(f)), ", ", conv(math.floor(f)), ", ", conv(math.ceil(f)), "},\n")
end
w("}\n")

io.write(table.concat(out))
