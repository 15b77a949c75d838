-- checks an uncaught call of a nil global with traceback
local function run()
  helper()
end
run()
