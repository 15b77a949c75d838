-- getinfo "S": source, short_src, what, linedefined, lastlinedefined
local function f()
  return 1
end
local i = debug.getinfo(f, "S")
print(i.source, i.short_src, i.what, i.linedefined, i.lastlinedefined)
i = debug.getinfo(print, "S")
print(i.source, i.short_src, i.what, i.linedefined, i.lastlinedefined)
i = debug.getinfo(1, "S")
print(i.source, i.short_src, i.what, i.linedefined, i.lastlinedefined)
local g = load("return 1", "=custom")
i = debug.getinfo(g, "S")
print(i.source, i.short_src, i.what)
g = load("return 1", "chunk string")
i = debug.getinfo(g, "S")
print(i.source, i.short_src, i.what)
g = load("\n\nreturn 1")
i = debug.getinfo(g, "S")
print(i.source, i.short_src)
