-- checks an uncaught error after tail calls shows "(...tail calls...)" in the traceback
local function inner() error("inner failed") end
local function middle() return inner() end
local function outer() return middle() end
outer()
