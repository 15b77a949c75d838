-- checks malformed numerals such as 3..2, 0xg, 1e and 3x report errors
for _, src in ipairs{"return 3..2", "return 0xg", "return 1e", "return 3x",
                      "return 1.2.3", "return 0x", "return 1e+", "return 08"} do
  local f, err = load(src)
  if f then print(src, "ok", f()) else print(src, err) end
end
print(load("return 3 .. 2")())
