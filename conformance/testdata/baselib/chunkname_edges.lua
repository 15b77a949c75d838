-- Chunk names as messages and debug.getinfo show them: empty names, and the
-- exact lengths at which each kind of name is cut.
print(pcall(load("error('e')", "")))
local info = debug.getinfo(load("return 1", ""), "S")
print(info.source == "", info.short_src)
for _, n in ipairs({43, 44, 45, 46, 47}) do
  print(n, select(2, load("x = =", string.rep("s", n))))
end
for _, n in ipairs({57, 58, 59, 60, 61}) do
  print(n, select(2, load("x = =", "=" .. string.rep("e", n))))
  print(n, select(2, load("x = =", "@" .. string.rep("a", n - 10) .. "/tail.lua")))
end
print(select(2, load("x = =", "line one\nline two")))
print(select(2, load("x = =", "\nstarts with a newline")))
print(select(2, load("x = =", string.rep("w", 50) .. "\nsecond")))
print(select(2, load("x = =", "=")), select(2, load("x = =", "@")))
local s = string.dump(function() error("stripped") end, true)
print(pcall(load(s)))
local d = debug.getinfo(load(s), "S")
print(d.source, d.short_src, d.what)
local f = load(string.dump(load("return function() error('inner') end", "")()))
print(pcall(f))
