-- tail calls through method calls (self:method) are proper tail calls
local Counter = {}
Counter.__index = Counter
function Counter.new() return setmetatable({hits = 0}, Counter) end
function Counter:run(n)
  if n == 0 then return self.hits end
  self.hits = self.hits + 1
  return self:run(n - 1)
end
print(Counter.new():run(2000000))
local obj = {step = function(self, n) if n == 0 then return "done" end return self.step(self, n - 1) end}
print(obj:step(2000000))
