-- checks error() levels add position information of the right function
local function lvl1() error("level1") end
local function lvl2() error("level2", 2) end
local function lvl0() error("level0", 0) end
local function caller() lvl2() end
print(pcall(lvl1))
print(pcall(caller))
print(pcall(lvl0))
print(pcall(error))
print(pcall(error, nil))
