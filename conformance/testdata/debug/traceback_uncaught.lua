-- the standalone interpreter's traceback for an error in nested functions
print("start")
local function level3() error("deep error") end
local function level2() level3() end
function level1() level2() end
level1()
