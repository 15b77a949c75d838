-- the exact %q text for selected bytes
for _, i in ipairs({0, 1, 7, 8, 9, 10, 11, 12, 13, 26, 31, 34, 39, 92, 126, 127, 128, 200, 255}) do
  print(i, string.format("%q", string.char(i)), string.format("%q", string.char(i) .. "0"))
end
