local function outer(a)
  local function inner(b)
    return a +
      b, function(c)
        return c
          * a
      end
  end
  return inner(
    a)
end
local x = outer(1)(2)
  (3)
local o = {}
function o.m(self,
  v)
  return self
    [v]
end
function o:n()
  return self:m(
    1)
end
print(x, o:n())
