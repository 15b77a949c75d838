-- getinfo "l": currentline for active functions, -1 for C and non-active
local function here() return debug.getinfo(1, "l").currentline end
print(here())
local function caller_line() return debug.getinfo(2, "l").currentline end
print(caller_line())
print(debug.getinfo(here, "l").currentline)
print(debug.getinfo(print, "l").currentline)
