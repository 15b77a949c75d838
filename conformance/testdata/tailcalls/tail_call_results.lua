-- a tail call returns exactly the callee's results (all of them)
local function three() return 1, 2, 3 end
local function none() end
local function t1() return three() end
local function t2() return none() end
local function t3() return (three()) end
print(t1())
print(select('#', t2()))
print(t3())
local function tc_c() return string.byte("abc", 1, -1) end
print(tc_c())
local function tc_select(...) return select(2, ...) end
print(tc_select("a", "b", "c"))
