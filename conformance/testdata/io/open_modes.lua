-- valid and invalid open modes
local tmp = require("tmp")
local name = tmp.with("abc")
for _, m in ipairs({"r", "w", "a", "r+", "w+", "a+", "rb", "wb", "ab", "r+b", "w+b", "a+b"}) do
  local f = io.open(name, m)
  print(m, io.type(f))
  if f then f:close() end
end
for _, m in ipairs({"x", "rw", "", "r+x", "br", "rb+", "+r", "rr"}) do
  print(m, pcall(io.open, name, m))
end
os.remove(name)
