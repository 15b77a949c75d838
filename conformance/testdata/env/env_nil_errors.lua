-- checks errors when _ENV is nil or not a table, and how globals are named in messages
local function f()
  local _ENV = nil
  return x
end
print(pcall(f))
local function g()
  local _ENV = 5
  y = 1
end
print(pcall(g))
local function h()
  local _ENV = {}
  return undefined_fn()
end
print(pcall(h))
