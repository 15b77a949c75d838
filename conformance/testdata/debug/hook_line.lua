-- line hooks report each new line executed
local lines = {}
local function hook(ev, line) lines[#lines + 1] = ev .. ":" .. line end
local function work()
  local a = 1
  local b = 2
  return a + b
end
debug.sethook(hook, "l")
work()
debug.sethook()
print(table.concat(lines, " "))
