-- checks generic for with a hand-written stateless iterator and state/control values
local function iter(state, ctl)
  if ctl < state then return ctl + 1, (ctl + 1) * (ctl + 1) end
end
for i, sq in iter, 4, 0 do io.write(i, ":", sq, " ") end print()
local function counter(n)
  local i = 0
  return function() i = i + 1; if i <= n then return i end end
end
for v in counter(3) do io.write(v, " ") end print()
for a, b, c in function(_, x) if not x then return 1, 2, 3 end end do print(a, b, c) end
