-- checks rawget/rawset/rawequal/rawlen bypass metamethods
local t = setmetatable({}, {
  __index = function() return "meta" end,
  __newindex = function() error("should not be called") end,
  __eq = function() return true end,
  __len = function() return 100 end,
})
rawset(t, "k", "raw")
print(t.k, rawget(t, "k"), t.other, rawget(t, "other"))
print(rawlen(t), #t, rawequal(t, setmetatable({}, getmetatable(t))), t == setmetatable({}, getmetatable(t)))
print(pcall(rawset, 1, 2, 3))
print(pcall(rawget, "s", 1))
