-- escape sequences in string literals produce the expected bytes
print(("\a\b\f\n\r\t\v\\\"\'"):byte(1, -1))
print(("\x41\x7a\65\0651\z
       end"):byte(1, -1))
print("\u{48}\u{49}", #"\u{7FF}", #"\u{FFFF}", #"\u{10FFFF}", #"\u{7FFFFFFF}")
print(("\u{E9}"):byte(1, -1))
print([[
first line
second]])
print([==[a]]b]=]c]==])
print(#"\z
      ")
