-- checks closures capture the _ENV visible where they are defined, not where they are called
local function maker()
  local _ENV = {label = "inner env"}
  return function() return label end
end
local f = maker()
label = "global env"
print(f(), label)
local function caller(g) local _ENV = {label = "caller env"}; return g() end
print(caller(f))
