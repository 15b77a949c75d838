-- error level 2 blames the caller; when the caller is pcall (a C function) no position is added
local function f() error("blame caller", 2) end
print(pcall(f))
local function g() f() end
print(pcall(g))
local function h() error("level 3", 3) end
local function h2() h() end
print(pcall(h2))
print(pcall(function() h2() end))
