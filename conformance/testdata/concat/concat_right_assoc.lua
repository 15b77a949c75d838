-- checks .. is right associative: a metamethod in the middle sees the already-joined right part
-- (the metamethod only returns constants: lua5.4.4 misbehaves when a __concat handler in a
-- longer chain itself concatenates strings)
local mt = {__concat = function(a, b)
  if type(a) == "table" then
    if b == "c" then return "T.c" elseif b == "bc" then return "T.bc" else return "T.?" end
  else
    return "?.T"
  end
end}
local T = setmetatable({}, mt)
print("x" .. T .. "c")   -- T .. "c" first, giving "T.c", then "x" .. "T.c"
print(T .. "b" .. "c")   -- "b" .. "c" first, then T .. "bc"
print("a" .. "b" .. T)   -- "b" .. T first, giving "?.T", then "a" .. "?.T"
print(("x" .. T) .. "c") -- explicit left grouping
