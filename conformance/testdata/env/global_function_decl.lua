-- checks "function name()" without local assigns to _ENV.name, even when _ENV is a local table
local env = {}
do
  local _ENV = env
  function greet() return "hi" end
end
print(env.greet(), rawget(_G, "greet"))
function topfn() return "top" end
print(_ENV.topfn(), _G.topfn == topfn)
