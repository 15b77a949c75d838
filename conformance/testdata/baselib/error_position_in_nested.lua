-- runtime errors carry "chunk:line:" of the faulting line
local function f(x) return x.field end
print(pcall(f, nil))
print(pcall(f, 5))
local function g() local a = {} ; return a.b.c end
print(pcall(g))
local function h() return 1 + {} end
print(pcall(h))
local function i() return #nil end
print(pcall(i))
local function j() local s = "x"; return s < 1 end
print(pcall(j))
local function k() undefinedfunc() end
print(pcall(k))
