-- Constructors (list, hash, mixed, multiple results, more than one
-- SETLIST batch), indexing with every key kind, methods.
local x = ...
local list = {1, 2, 3, "four", 5.5}
local hash = {name = "n", [1] = "one", [x] = true, ["with space"] = 0}
local mixed = {x, y = x, f(), ...}
local big = {
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
  21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
  41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53,
}
hash.name = list[2] .. hash["with space"]
hash[x] = list[#list]
list[300] = mixed.y
local obj = {n = 0}
function obj:add(k) self.n = self.n + k return self end
obj:add(1):add(2)
return list, hash, mixed, big, obj.n
