-- the # operator on strings ignores a __len in the string metatable
local mt = getmetatable("")
mt.__len = function() return 99 end
print(#"abc", string.len("abc"))
mt.__len = nil
print(#"abc")
