-- utf8.codes iterates positions and code points
for p, c in utf8.codes("aé€😀") do print(p, c) end
for p, c in utf8.codes("") do print("never", p, c) end
local n = 0
for _ in utf8.codes(string.rep("ab", 10)) do n = n + 1 end
print(n)
