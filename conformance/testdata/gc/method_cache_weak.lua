-- A method held only by a weak-valued class table, looked up through an
-- __index chain at the same instruction before and after a collection
-- clears it: the lookup must see the entry gone (the dispatch loop and
-- generated code cache the chain's answer per instruction).

local Class = setmetatable({}, { __mode = "v" })
Class.__index = Class
local keep = function() return "kept" end
Class.kept = keep
Class.lost = function() return "lost" end

local Derived = setmetatable({}, { __index = Class })
Derived.__index = Derived

local o = setmetatable({}, Derived)

local function probe(o)
  local a = o.lost
  local b = o.kept
  return (a and a() or "nil") .. " " .. (b and b() or "nil")
end

local function probeSelf(o)
  if o.lost then return o:lost() end
  return "no method"
end

for _ = 1, 3 do print(probe(o), probeSelf(o)) end
collectgarbage()
collectgarbage()
for _ = 1, 3 do print(probe(o), probeSelf(o)) end

-- the same with the weak table directly as the receiver's __index
local W = setmetatable({}, { __mode = "v" })
W.m = function() return "w" end
local p = setmetatable({}, { __index = W })
local function call(p) local f = p.m; return f and f() or "gone" end
print(call(p), call(p))
collectgarbage()
print(call(p), call(p))
