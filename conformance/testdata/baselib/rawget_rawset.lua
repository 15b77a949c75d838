-- rawget/rawset bypass __index/__newindex
local log = {}
local t = setmetatable({}, {
  __index = function(_, k) return "meta:" .. k end,
  __newindex = function(_, k, v) log[#log + 1] = k .. "=" .. tostring(v) end,
})
print(t.a, rawget(t, "a"))
t.b = 1
print(rawget(t, "b"), log[1])
print(rawset(t, "c", 3) == t)
print(t.c, rawget(t, "c"), #log)
rawset(t, 1, "one")
print(t[1], rawget(t, 1))
rawset(t, 2.0, "two")
print(rawget(t, 2), math.type(next({[2.0] = 1})))
print(pcall(rawset, t, nil, 1))
print(pcall(rawset, t, 0/0, 1))
print(pcall(rawget, "str", 1))
print(pcall(rawset, "str", 1, 2))
print(pcall(rawget, {}))
print(pcall(rawset, {}, 1))
