-- A finalizer runs while the only reference to its object is a register
-- above the running function's live top: loops of every kind, and calls.
local function run(name, body)
  local f = load([[
    local done, n = false, 0
    setmetatable({}, {__gc = function() done = true end})
    ]] .. body .. [[
    return done, n]])
  local done = f()
  print(name, done)
end
run("repeat", "repeat local a = {}; n = n + 1 until done or n == 2e7")
run("while", "while not done and n < 2e7 do local a = {}; n = n + 1 end")
run("for", "for i = 1, 2e7 do local a = {}; n = i; if done then break end end")
run("generic for", "for i in function(_, i) if not done and i < 2e7 then return i + 1 end end, nil, 0 do local a = {} n = i end")
run("goto", "::top:: do local a = {}; n = n + 1 end if not done and n < 2e7 then goto top end")
run("calls", "local function f() return {} end while not done and n < 2e7 do f(); n = n + 1 end")
