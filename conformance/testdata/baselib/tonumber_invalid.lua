-- tonumber returns nil (fail) for strings and values that are not numerals
local inputs = {"", " ", "abc", "10 1", "1e", "1e+", "--1", "1..2", "0b101",
  "inf", "nan", "-inf", "1_000", "1,5", "0x1.2.3", "\0001", "1\0"}
for _, s in ipairs(inputs) do
  print(string.format("%q", s), tonumber(s))
end
print(tonumber({}), tonumber(true), tonumber(false), tonumber(print))
print(tonumber(nil))
print(select('#', tonumber("x")))
print(pcall(tonumber))
