-- checks # on strings counts bytes, including zeros and multi-byte UTF-8
print(#"", #"a", #"hello", #"a\0b", #"\u{20AC}", #"\u{10FFFF}")
local s = string.rep("ab", 1000)
print(#s, #(s .. s))
print(#"\n\r\t")
