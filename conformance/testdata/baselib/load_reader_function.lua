-- load with a reader function: pieces are concatenated until nil or ""
local pieces = {"return ", "'hel", "lo'", " .. ", "' world'"}
local i = 0
local f = load(function() i = i + 1; return pieces[i] end)
print(f())
print("reader calls", i)
-- an empty string also ends the chunk
local parts = {"return 1", "", "+ 100"}
local j = 0
local g = load(function() j = j + 1; return parts[j] end)
print(g(), j)
-- a reader that returns one character at a time
local src = "local t = {} for k = 1, 3 do t[k] = k * 2 end return table.concat(t, ',')"
local pos = 0
local h = load(function()
  pos = pos + 1
  if pos <= #src then return src:sub(pos, pos) end
end)
print(h())
