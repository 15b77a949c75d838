-- every character class and its complement: count and checksum of members
local classes = {"a", "c", "d", "g", "l", "p", "s", "u", "w", "x"}
for _, c in ipairs(classes) do
  for _, cls in ipairs({"%" .. c, "%" .. c:upper()}) do
    local n, sum, first, last = 0, 0, nil, nil
    for i = 0, 255 do
      if string.char(i):match(cls) then
        n = n + 1; sum = sum + i
        first = first or i; last = i
      end
    end
    print(cls, n, sum, first, last)
  end
end
