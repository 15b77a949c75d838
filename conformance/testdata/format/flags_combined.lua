-- combinations of flags on numeric conversions
local f = string.format
for _, fmt in ipairs({"%-+8d|", "%+-8d|", "%0-8d|", "% +d|", "%+ d|", "%#-10x|", "%-#10o|", "%+08.2f|", "%- 8.2e|", "%#+g|"}) do
  local ok, r = pcall(f, fmt, fmt:find("[def]") and 3 or 255)
  print(fmt, ok, r)
end
