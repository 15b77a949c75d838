-- an uncaught error after tail calls shows "(...tail calls...)" in the traceback
local function final(x) error("failed at the end: " .. x) end
local function middle(x) return final(x) end
local function first(x) return middle(x) end
local function caller() local r = first("value"); return r end
caller()
