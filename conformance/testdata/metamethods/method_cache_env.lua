-- Globals read through an environment whose __index falls back to other
-- tables (a sandbox): each read at the same instruction must see the
-- tables as they are now (the lookups are cached per instruction).

local G = _G
local base = { greet = "hello" }
local mid = setmetatable({}, { __index = base })
local env = setmetatable({}, { __index = mid })

local function run(chunk)
  return G.load(chunk, "=sandbox", "t", env)
end

local read = run("return function() return greet, missing, print ~= nil end")()
local out = {}
local function note() local a, b, c = read(); out[#out + 1] = G.tostring(a) .. "/" .. G.tostring(b) .. "/" .. G.tostring(c) end

note(); note()
mid.greet = "hi"; note()
env.greet = "own"; note()
env.greet = nil; mid.greet = nil; note()
base.missing = "found"; note()
G.setmetatable(mid, { __index = { greet = "other" } }); note()
G.getmetatable(env).__index = G; note()
G.getmetatable(env).__index = function(_, k) return "fn:" .. k end; note()
G.setmetatable(env, nil); note()
G.print(G.table.concat(out, "\n"))

-- the same in a loop, with the environment changing under it
local count = run([[
  local n = 0
  for i = 1, 6 do
    if step then n = n + step end
    if i == 2 then set("step", 10) end
    if i == 4 then set("step", nil) end
  end
  return n
]])
G.setmetatable(env, { __index = mid })
env.set = function(k, v) mid[k] = v end
G.print(count())
