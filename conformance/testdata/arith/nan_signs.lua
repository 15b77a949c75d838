-- The sign of NaN results as the reference (glibc on x86-64) prints them.
local inf, nan, pnan = 1/0, 0/0, -(0/0)
local function show(...) local t = table.pack(...) for i = 1, t.n do t[i] = tostring(t[i]) end print(table.concat(t, " ")) end
show(nan, pnan, inf - inf, inf * 0, 0 * -inf, inf / inf)
show(inf % 2, -inf % 2, nan % 1, pnan % 1, 1 % nan, 1 % pnan, inf % inf, 5 % 0.0, -5 % 0.0)
show(inf // 1, nan // 1, pnan // 1, 1 // 0.0, 0 // 0.0, 0.0 // 0)
show(math.fmod(inf, 2), math.fmod(1, nan), math.fmod(1, pnan), math.fmod(nan, 1), math.fmod(pnan, 1), math.fmod(1, 0.0))
show(nan + 1, pnan + 1, 1 - nan, 1 - pnan, -nan, -pnan, nan ^ 1, pnan ^ 0, 0 ^ nan)
show(math.sqrt(-1), math.log(-1), math.acos(2), math.asin(2), math.sin(inf), math.cos(inf), math.tan(inf))
show(math.abs(nan), math.abs(pnan), math.max(nan, 1), math.min(1, nan), math.floor(2.5), math.fmod(-6, inf))
show(string.format("%f %g %e %a", nan, pnan, inf % 2, -(inf % 2)))
show(string.format("%.3f", 0/0), string.format("%5.1f|%-6g|", pnan, nan))
show(tostring(nan) == tostring(0/0), nan ~= nan, math.type(nan))
