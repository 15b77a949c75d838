-- gmatch init argument (new in 5.4): positive, negative, beyond length
local function all(s, p, i)
  local t = {}
  for m in s:gmatch(p, i) do t[#t + 1] = m end
  return table.concat(t, ",")
end
print(all("one two three four", "%a+", 5))
print(all("one two three four", "%a+", -4))
print(all("one two three four", "%a+", -100))
print("[" .. all("abc", "%a+", 10) .. "]")
print("[" .. all("abc", "", 4) .. "]", "[" .. all("abc", "()", 3) .. "]")
print(all("abcabc", "^abc", 4))
print(all("1 2 3", "%d", 0))
