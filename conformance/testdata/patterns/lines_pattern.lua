-- iterating lines of text with patterns
local text = "line one\nline two\n\nlast line"
local n = 0
for line in (text .. "\n"):gmatch("(.-)\n") do n = n + 1; print(n, "[" .. line .. "]") end
for a, b in text:gmatch("(%a+) (%a+)") do io.write(a, "/", b, " ") end
print()
print(text:match("[^\n]*$"))
