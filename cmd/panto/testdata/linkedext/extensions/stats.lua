-- A command that counts words with a metatable, a coroutine that
-- yields them one by one, and a pcall'd error: the parts of Lua whose
-- native code must behave as interpreted.
local counter_mt = {
  __index = function() return 0 end,
  __tostring = function(t)
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
      if t[a] ~= t[b] then return t[a] > t[b] end
      return a < b
    end)
    local parts = {}
    for _, k in ipairs(keys) do parts[#parts + 1] = k .. "=" .. t[k] end
    return table.concat(parts, " ")
  end,
}

local function words(text)
  return coroutine.wrap(function()
    for w in text:gmatch("%S+") do
      coroutine.yield(w:lower())
    end
  end)
end

return {
  name = "stats",
  activate = function()
    require("panto").ext.register_command {
      name = "stats",
      description = "Count the words of the arguments.",
      handler = function(args)
        local counts = setmetatable({}, counter_mt)
        for w in words(args) do
          counts[w] = counts[w] + 1
        end
        local ok, err = pcall(function() return counts.x.y end)
        return tostring(counts) .. " | " .. tostring(ok) .. ": " .. tostring(err)
      end,
    }
  end,
}
