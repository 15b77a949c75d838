-- mandelbrot: the Mandelbrot set on an n-by-n grid, 50 iterations per
-- point, packed eight points to a byte as the PBM output would be (with
-- arithmetic instead of bit operators, so Lua 5.1 runs it too). Measures
-- float arithmetic and comparisons in local variables.
-- Checksum: a hash of the bitmap bytes and the number of points inside.
-- bench: quick=64
local N = tonumber(arg and arg[1]) or 1200
local iterations = 50

local hash, inside = 0, 0
for y = 0, N - 1 do
  local ci = 2 * y / N - 1
  local byte, nbits = 0, 0
  for x = 0, N - 1 do
    local cr = 2 * x / N - 1.5
    local zr, zi, zr2, zi2 = 0.0, 0.0, 0.0, 0.0
    local escaped = false
    for _ = 1, iterations do
      zi = 2 * zr * zi + ci
      zr = zr2 - zi2 + cr
      zr2 = zr * zr
      zi2 = zi * zi
      if zr2 + zi2 > 4 then
        escaped = true
        break
      end
    end
    if escaped then
      byte = byte * 2
    else
      byte = byte * 2 + 1
      inside = inside + 1
    end
    nbits = nbits + 1
    if nbits == 8 or x == N - 1 then
      while nbits < 8 do
        byte = byte * 2
        nbits = nbits + 1
      end
      hash = (hash * 31 + byte) % 1000000007
      byte, nbits = 0, 0
    end
  end
end

print(string.format("%d %d", hash, inside))
