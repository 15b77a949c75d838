-- checks upvalues through several nesting levels refer to the same variable
local x = 1
local function l1()
  local function l2()
    local function l3() x = x + 1; return x end
    return l3
  end
  return l2()
end
local f = l1()
print(f(), f(), x)
x = 100
print(f())
