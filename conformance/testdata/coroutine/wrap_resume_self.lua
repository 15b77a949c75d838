-- a wrapped coroutine calling its own wrap function gets "cannot resume non-suspended coroutine"
local self_call
self_call = coroutine.wrap(function()
  local ok, e = pcall(self_call)
  print("inner pcall:", ok, e)
  return "outer finished"
end)
print(self_call())
