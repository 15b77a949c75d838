-- debug.getregistry returns a table containing the main thread and globals
local r = debug.getregistry()
print(type(r))
print(r[2] == _G, type(r[1]))
print(type(r._LOADED), r._LOADED == package.loaded)
