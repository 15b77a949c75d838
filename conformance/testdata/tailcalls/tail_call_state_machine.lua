-- a state machine where each state tail-calls the next one
local input = "aabbbabab"
local counts = {A = 0, B = 0}
local stateA, stateB
local function dispatch(i)
  local c = input:sub(i, i)
  if c == "" then return "end at " .. i end
  if c == "a" then return stateA(i) end
  return stateB(i)
end
function stateA(i) counts.A = counts.A + 1; return dispatch(i + 1) end
function stateB(i) counts.B = counts.B + 1; return dispatch(i + 1) end
print(dispatch(1), counts.A, counts.B)
input = string.rep("ab", 300000)
counts = {A = 0, B = 0}
print(dispatch(1), counts.A, counts.B)
