-- getinfo "n": name and namewhat for locals, globals, methods, fields, metamethods
local function show() local i = debug.getinfo(2, "n"); return tostring(i.name) .. "/" .. i.namewhat end
local function loc() local r = show(); return r end
function glob() local r = show(); return r end
local obj = {}
function obj.field() local r = show(); return r end
function obj:method() local r = show(); return r end
print(loc())
print(glob())
print(obj.field())
print(obj:method())
print((function() local r = show(); return r end)())
local mt = setmetatable({}, {__index = function() local r = show(); return r end})
print(mt.x)
local add = setmetatable({}, {__add = function() local r = show(); return r end})
print(add + 1)
print(select(2, pcall(show)))
local function tail() return show() end
print(tail())
local up = loc
local function viaup() local r = up(); return r end
print(viaup())
for _, v in ipairs({1}) do print((function() local r = show(); return r end)()) end
