-- error level 2 inside a tail-called function: the caller frame is gone
local function check(v) if not v then error("check failed", 2) end return v end
local function tail_user() return check(false) end
local function normal_user() local r = check(false); return r end
print(pcall(tail_user))
print(pcall(normal_user))
print(pcall(function() return check(nil) end))
print(pcall(function() check(nil) end))
