-- debug.traceback with a message, without, and with a level
local function inner() return debug.traceback("msg here") end
local function outer() return inner() .. "" end
print(outer())
print(debug.traceback())
local function lvl() return debug.traceback("at level 2", 2) end
local function caller() return lvl() .. "" end
print(caller())
