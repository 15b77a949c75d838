-- files as to-be-closed variables are closed when the block ends
local tmp = require("tmp")
local name = tmp.with("content")
local saved
do
  local f <close> = assert(io.open(name))
  saved = f
  print(io.type(f), f:read("a"))
end
print(io.type(saved))
local function reader()
  local f <close> = assert(io.open(name))
  saved = f
  error("oops")
end
print(pcall(reader))
print(io.type(saved))
os.remove(name)
