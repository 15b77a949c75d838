-- checks an uncaught concatenation error names an upvalue, with traceback
local prefix
local function label(s)
  return prefix .. s
end
print(label("x"))
