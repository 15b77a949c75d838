-- fannkuch-redux: every permutation of 1..n in a fixed order, flipping
-- each one's prefix until 1 comes first. Measures integer-keyed array
-- reads and writes, multiple assignment and integer loops.
-- Checksum: the alternating flip checksum and the maximum flip count.
-- The size is arg[1] (default 9); the whole run repeats arg[2] times
-- (default 3) so that the default lasts long enough to time.
-- bench: quick=7
local n = tonumber(arg and arg[1]) or 9

local reps = tonumber(arg and arg[2]) or 3

local function fannkuch(n)
  local perm, perm1, count = {}, {}, {}
  for i = 1, n do
    perm1[i] = i
    perm[i] = i
    count[i] = 0
  end

  local maxFlips, checksum, permIndex = 0, 0, 0
  local r = n
  local done = false
  while not done do
    while r ~= 1 do
      count[r] = r
      r = r - 1
    end

    for i = 1, n do
      perm[i] = perm1[i]
    end
    local flips = 0
    local k = perm[1]
    while k ~= 1 do
      local i, j = 1, k
      while i < j do
        perm[i], perm[j] = perm[j], perm[i]
        i = i + 1
        j = j - 1
      end
      flips = flips + 1
      k = perm[1]
    end
    if flips > maxFlips then
      maxFlips = flips
    end
    if permIndex % 2 == 0 then
      checksum = checksum + flips
    else
      checksum = checksum - flips
    end

    -- advance to the next permutation
    while true do
      if r == n then
        done = true
        break
      end
      local first = perm1[1]
      for i = 1, r do
        perm1[i] = perm1[i + 1]
      end
      perm1[r + 1] = first
      count[r + 1] = count[r + 1] - 1
      if count[r + 1] > 0 then
        break
      end
      r = r + 1
    end
    permIndex = permIndex + 1
  end
  return checksum, maxFlips
end

local checksum, maxFlips = 0, 0
for _ = 1, reps do
  checksum, maxFlips = fannkuch(n)
end

print(string.format("%d Pfannkuchen(%d) = %d", checksum, n, maxFlips))
