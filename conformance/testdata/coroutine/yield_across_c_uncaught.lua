-- an uncaught "attempt to yield across a C-call boundary" from a wrap
local w = coroutine.wrap(function()
  return string.gsub("ab", ".", function(c) coroutine.yield(c) end)
end)
w()
