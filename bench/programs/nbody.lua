-- n-body: floating-point arithmetic on fields of a few small tables (a
-- Jovian planets simulation, advanced by a fixed time step). Measures
-- field get/set with constant string keys and float arithmetic.
-- Checksum: the system's energy before and after, to 9 decimals.
-- bench: quick=1000
local steps = tonumber(arg and arg[1]) or 500000

local pi = 3.141592653589793
local solarMass = 4 * pi * pi
local daysPerYear = 365.24

local function body(x, y, z, vx, vy, vz, mass)
  return {
    x = x, y = y, z = z,
    vx = vx * daysPerYear, vy = vy * daysPerYear, vz = vz * daysPerYear,
    mass = mass * solarMass,
  }
end

local bodies = {
  body(0, 0, 0, 0, 0, 0, 1), -- sun
  body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
    1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05,
    9.54791938424326609e-04), -- jupiter
  body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
    -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05,
    2.85885980666130812e-04), -- saturn
  body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
    2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05,
    4.36624404335156298e-05), -- uranus
  body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
    2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05,
    5.15138902046611451e-05), -- neptune
}

local function offsetMomentum(b)
  local px, py, pz = 0, 0, 0
  for i = 1, #b do
    local bi = b[i]
    px = px + bi.vx * bi.mass
    py = py + bi.vy * bi.mass
    pz = pz + bi.vz * bi.mass
  end
  b[1].vx = -px / solarMass
  b[1].vy = -py / solarMass
  b[1].vz = -pz / solarMass
end

local function advance(b, nb, dt)
  for i = 1, nb do
    local bi = b[i]
    local bix, biy, biz, bimass = bi.x, bi.y, bi.z, bi.mass
    local bivx, bivy, bivz = bi.vx, bi.vy, bi.vz
    for j = i + 1, nb do
      local bj = b[j]
      local dx, dy, dz = bix - bj.x, biy - bj.y, biz - bj.z
      local d2 = dx * dx + dy * dy + dz * dz
      local mag = dt / (d2 * math.sqrt(d2))
      local bm = bj.mass * mag
      bivx = bivx - dx * bm
      bivy = bivy - dy * bm
      bivz = bivz - dz * bm
      bm = bimass * mag
      bj.vx = bj.vx + dx * bm
      bj.vy = bj.vy + dy * bm
      bj.vz = bj.vz + dz * bm
    end
    bi.vx, bi.vy, bi.vz = bivx, bivy, bivz
    bi.x = bix + dt * bivx
    bi.y = biy + dt * bivy
    bi.z = biz + dt * bivz
  end
end

local function energy(b, nb)
  local e = 0
  for i = 1, nb do
    local bi = b[i]
    local vx, vy, vz, bim = bi.vx, bi.vy, bi.vz, bi.mass
    e = e + 0.5 * bim * (vx * vx + vy * vy + vz * vz)
    for j = i + 1, nb do
      local bj = b[j]
      local dx, dy, dz = bi.x - bj.x, bi.y - bj.y, bi.z - bj.z
      e = e - bim * bj.mass / math.sqrt(dx * dx + dy * dy + dz * dz)
    end
  end
  return e
end

local nb = #bodies
offsetMomentum(bodies)
local before = energy(bodies, nb)
for _ = 1, steps do
  advance(bodies, nb, 0.01)
end
print(string.format("%0.9f %0.9f", before, energy(bodies, nb)))
