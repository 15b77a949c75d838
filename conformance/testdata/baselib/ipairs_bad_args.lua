-- ipairs requires an argument but accepts any value; non-indexable values fail on iteration
print(pcall(ipairs))
local okn, fn, sn, in_ = pcall(ipairs, nil)
print(okn, type(fn), sn, in_)
local f, s, i = ipairs(5)
print(type(f), s, i)
print(pcall(function() for _ in ipairs(5) do end end))
local ok = pcall(function() for _ in ipairs("abc") do end end)
print(ok)
