-- checks an uncaught arithmetic-on-nil error naming a field, with traceback
local config = {width = 10}
local function area(c)
  return c.width * c.height
end
print(area(config))
