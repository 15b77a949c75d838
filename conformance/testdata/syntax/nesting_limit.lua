-- checks deeply nested expressions/blocks hit the parser's nesting limit (first line of message)
local function try(src)
  local f, err = load(src)
  if f then return "loaded" end
  return (err:match("^[^\n]*"))
end
local n = 300
print(try("return " .. string.rep("(", n) .. "1" .. string.rep(")", n)))
print(try(string.rep("do ", n) .. string.rep("end ", n)))
print(load("return " .. string.rep("(", 50) .. "1" .. string.rep(")", 50))())
print(try(string.rep("do ", 50) .. string.rep("end ", 50)))
