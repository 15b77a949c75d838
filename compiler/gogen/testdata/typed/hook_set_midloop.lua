-- a call inside a typed loop sets a hook, another removes it: the calls
-- in between are seen by the hook, and the loop's results are the same
local calls = 0
local function f(x) return x * 0.5 end
local function control(i)
  if i == 4 then
    debug.sethook(function() calls = calls + 1 end, "c")
  elseif i == 8 then
    debug.sethook()
  end
end
local t = {}
for i = 1, 10 do t[i] = i + 0.5 end
local s = 0.0
for i = 1, 10 do
  control(i)
  s = s + f(t[i]) * i
end
print(s, calls)
-- a count hook set from inside a loop that keeps running
local ticks = 0
local u = 0
for i = 1, 2000 do
  if i == 1000 then debug.sethook(function() ticks = ticks + 1 end, "", 100) end
  u = u + (t[i % 10 + 1] // 1) * i
end
debug.sethook()
print(u, ticks > 0)
