-- read("n") with various numeric notations
local tmp = require("tmp")
local inputs = {"42", "-17", "+5", "3.25", "-.5", "1e3", "1E-2", "0x1F", "0X1p4", "  \n\t 7", "0x", "1e", ".e1", "abc", "12abc", "1.5.6", "inf", "nan", "- 1", "00012", "9223372036854775808", "0x.8", "1e+400"}
for _, s in ipairs(inputs) do
  local name = tmp.with(s)
  local f = assert(io.open(name))
  local v = f:read("n")
  local rest = f:read("a")
  print((string.format("%q", s):gsub("\\\n", "\\n")), v, math.type(v), "[" .. rest .. "]")
  f:close()
  os.remove(name)
end
