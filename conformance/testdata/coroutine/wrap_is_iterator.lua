-- a wrap function used directly as a for iterator that yields key/value pairs in order
local function sorted_pairs(t)
  return coroutine.wrap(function()
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do coroutine.yield(k, t[k]) end
  end)
end
for k, v in sorted_pairs({banana = 3, apple = 1, cherry = 2}) do print(k, v) end
