-- checks # on strings ignores __len in the string metatable
local mt = getmetatable("")
mt.__len = function() return 99 end
print(#"abc", rawlen("abc"))
mt.__len = nil
print(#"abcd")
