-- checks an uncaught "attempt to index a nil value (global ...)" deep in calls, with traceback
local function level3() return settings.verbose end
local function level2() return level3() + 0 end
function level1() local r = level2(); return r end
level1()
