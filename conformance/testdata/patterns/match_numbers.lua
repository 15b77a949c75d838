-- matching numeric formats with patterns
local inputs = {"42", "-3.14", "+1e10", "0x1F", ".5", "abc", "1.2.3", ""}
for _, s in ipairs(inputs) do
  print(string.format("%q", s), s:match("^[+-]?%d+%.?%d*$") ~= nil, s:match("^[+-]?%d*%.?%d+[eE]?[+-]?%d*$") ~= nil, s:match("^0[xX]%x+$") ~= nil)
end
