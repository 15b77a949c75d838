-- checks __mode "k" lets collected keys disappear after a full collection (deterministic count)
local cache = setmetatable({}, {__mode = "k"})
local keep = {}
cache[keep] = "kept"
do
  for i = 1, 10 do cache[{}] = i end
end
collectgarbage()
collectgarbage()
local n = 0
for k, v in pairs(cache) do n = n + 1 end
print(n, cache[keep])
local vals = setmetatable({}, {__mode = "v"})
vals[1] = {}
vals[2] = keep
collectgarbage()
print(vals[1], vals[2] == keep)
