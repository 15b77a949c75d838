-- a script with a syntax error is reported without a traceback
print("this never runs")
local function f()
  return 1
end
local x = = 1
