package runtime

import "testing"

// The expected outputs were recorded from the reference interpreter
// (lua5.4 - < script, with lines and find defined in Lua), which names the
// chunk "stdin" as runScript does.

func TestGetinfo(t *testing.T) {
	expectOutput(t, `local function f(...)
  local a = 1
  return a
end
local n = 0
for l in pairs(debug.getinfo(f, "L").activelines) do n = n + 1 end
print(n, debug.getinfo(f, "L").activelines[1], debug.getinfo(print, "L").activelines)
local i = debug.getinfo(f, "Su")
print(i.what, i.linedefined, i.lastlinedefined, i.nparams, i.isvararg, i.nups, i.short_src)
print(pcall(debug.getinfo, 1, ">S"))
print(pcall(debug.getinfo, 1, "q"))
print(debug.getinfo(100), debug.getinfo(coroutine.create(f), 0))
local co = coroutine.create(function() coroutine.yield() end)
coroutine.resume(co)
print(debug.getinfo(co, 0, "n").name, debug.getinfo(co, 1, "S").what, debug.getinfo(co, 2))
local function named() return debug.getinfo(1, "n") end
local t = named()
print(t.name, t.namewhat)
`, `3	nil	nil
Lua	1	4	0	true	0	stdin
false	bad argument #2 to 'debug.getinfo' (invalid option '>')
false	bad argument #2 to 'debug.getinfo' (invalid option)
nil	nil
yield	Lua	nil
named	local
`)
}

func TestGetlocal(t *testing.T) {
	expectOutput(t, `local function f(a, b, ...)
  local c = a + b
  print(debug.getlocal(1, 1), debug.getlocal(1, 2), debug.getlocal(1, 3))
  print(debug.getlocal(1, -1), debug.getlocal(1, -2), debug.getlocal(1, -3))
  print(debug.setlocal(1, 3, 30), c, debug.setlocal(1, -2, "V"), select(2, ...))
  return 7, debug.getlocal(1, 5)
end
print(f(1, 2, "x", "y"))
print(debug.getlocal(f, 1), debug.getlocal(f, 2), debug.getlocal(f, 3), debug.getlocal(print, 1))
print(pcall(function() local n, v = debug.getlocal(2, 1) return n, v == true end))
print(pcall(debug.getlocal, 100, 1))
print(pcall(debug.getlocal, 1))
`, `a	b	c	3
(vararg)	(vararg)	nil
c	30	(vararg)	V
7	nil
a	b	nil	nil
true	(C temporary)	true
false	bad argument #1 to 'debug.getlocal' (level out of range)
false	bad argument #2 to 'debug.getlocal' (number expected, got no value)
`)
}

func TestHookEvents(t *testing.T) {
	expectOutput(t, `local ev = {}
local function rec(e, l) ev[#ev+1] = e .. (l and (":" .. l) or "") end
local function v(...)
  local a = ...
  return a
end
local function f(x)
  if x > 1 then return v(x) end
  return x
end
debug.sethook(rec, "crl")
f(1)
f(2)
for i = 1, 2 do local z = i end
local co = coroutine.create(function(a) local b = coroutine.yield(a) return b end)
coroutine.resume(co, 1)
coroutine.resume(co, 2)
pcall(error, "e")
debug.sethook()
for i = 1, #ev do print(ev[i]) end
`, `return
line:12
call
line:8
line:9
return
line:13
call
line:8
tail call
line:4
line:5
return
line:14
line:14
line:15
call
return
line:16
call
return
line:17
call
return
line:18
call
call
return
line:19
call
`)
}

func TestHookInheritanceAndCount(t *testing.T) {
	expectOutput(t, `local cnt = 0
debug.sethook(function() cnt = cnt + 1 end, "", 7)
local s = 0
for i = 1, 100 do s = s + i end
debug.sethook()
print(cnt)
debug.sethook(print, "l")
local co = coroutine.create(print)
debug.sethook()
print(debug.gethook(co))
print(debug.gethook())
debug.sethook(co, print, "cr", 3)
print(debug.gethook(co) == print, select(2, debug.gethook(co)))
`, `68
line	8
line	9
nil	l	0
nil
true	cr	3
`)
}

func TestTracebackSkipsLevels(t *testing.T) {
	expectOutput(t, `local function r(n) if n == 0 then return debug.traceback("x") end return (r(n-1)) end
for _, n in ipairs{19, 20, 21} do
  local s = r(n)
  print(n, lines(s), find(s, "skipping 1 levels"), find(s, "skipping 2 levels"))
end
`, `19	24	false	false
20	24	true	false
21	24	false	true
`)
}

func TestUpvalues(t *testing.T) {
	expectOutput(t, `local x, y = 1, 2
local function f() return x, y end
local function g() return y end
print(debug.getupvalue(f, 1))
print(debug.getupvalue(f, 2))
print(select("#", debug.getupvalue(f, 3)), debug.setupvalue(f, 1, 10), x)
print(debug.upvalueid(f, 2) == debug.upvalueid(g, 1), debug.upvalueid(f, 1) == debug.upvalueid(g, 1))
print(type(debug.upvalueid(f, 1)), debug.upvalueid(f, 3), debug.upvalueid(print, 1))
debug.upvaluejoin(f, 1, g, 1)
print(f())
print(pcall(debug.upvaluejoin, f, 5, g, 1))
print(pcall(debug.upvaluejoin, f, 1, print, 1))
local w = coroutine.wrap(function() end)
print(debug.getupvalue(w, 1) == "", type(select(2, debug.getupvalue(w, 1))))
`, `x	1
y	2
0	x	10
true	false
userdata	nil	nil
2	2
false	bad argument #2 to 'debug.upvaluejoin' (invalid upvalue index)
false	bad argument #4 to 'debug.upvaluejoin' (invalid upvalue index)
true	thread
`)
}
