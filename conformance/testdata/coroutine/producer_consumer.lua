-- producer/consumer with a filter stage connected by coroutines
local function producer(items)
  return coroutine.create(function()
    for _, item in ipairs(items) do coroutine.yield(item) end
    return nil
  end)
end
local function receive(prod)
  local ok, value = coroutine.resume(prod)
  return value
end
local function filter(prod)
  return coroutine.create(function()
    local n = 1
    while true do
      local x = receive(prod)
      if x == nil then return nil end
      coroutine.yield(string.format("%3d: %s", n, x))
      n = n + 1
    end
  end)
end
local function consumer(prod)
  while true do
    local x = receive(prod)
    if x == nil then break end
    print(x)
  end
end
consumer(filter(producer({"alpha", "beta", "gamma", "delta"})))
