-- checks if/elseif/else chains pick the first true branch
local function classify(n)
  if n < 0 then return "negative"
  elseif n == 0 then return "zero"
  elseif n < 10 then return "small"
  else return "large" end
end
for _, n in ipairs{-5, 0, 3, 10, 0.5} do print(n, classify(n)) end
if nil then print("no") elseif false then print("no") end
if 0 then print("0 is true") end
if "" then print("empty string is true") end
