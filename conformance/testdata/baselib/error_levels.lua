-- error with levels 0, 1 (default) and 2 adds (or omits) position information
local function lvl0() error("zero", 0) end
local function lvl1() error("one") end
local function lvl1b() error("one explicit", 1) end
local function lvl2() error("two", 2) end
local function caller() lvl2() end
local function lvl3inner() error("three", 3) end
local function lvl3mid() lvl3inner() end
local function lvl3outer() lvl3mid() end
print(pcall(lvl0))
print(pcall(lvl1))
print(pcall(lvl1b))
print(pcall(caller))
print(pcall(lvl3outer))
print(pcall(error))
print(pcall(error, "direct"))
print(pcall(error, "direct level 2", 2))
