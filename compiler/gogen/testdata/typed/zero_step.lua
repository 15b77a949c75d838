-- a zero step in an inner loop of a typed copy: the error is the
-- generic FORPREP's
local function run(from)
  local c = 0
  for i = from, 1, -1 do
    for j = 1, 2, i - 1 do c = c + j end
  end
  return c
end
print(pcall(run, 3))
print(pcall(run, 0))
