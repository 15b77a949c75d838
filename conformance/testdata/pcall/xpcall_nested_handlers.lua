-- nested xpcalls each use their own message handler
local function h(tag) return function(m) return tag .. ":" .. tostring(m) end end
print(xpcall(function()
  local ok, e = xpcall(function() error("inner", 0) end, h("H1"))
  print("inner result", ok, e)
  error("outer", 0)
end, h("H2")))
print(xpcall(function()
  return pcall(error, "plain pcall inside", 0)
end, h("H3")))
print(xpcall(function()
  xpcall(error, function(m) error("handler rethrows: " .. m, 0) end, "x", 0)
  return "after"
end, h("H4")))
