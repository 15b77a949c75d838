-- A tool that computes: the primes up to n (a sieve), their count, the
-- last one and a checksum. panto build --binary's test runs it from the
-- bundle and from a binary with this layer linked in, and compares.
local function sieve(n)
  local composite = {}
  local primes = {}
  for i = 2, n do
    if not composite[i] then
      primes[#primes + 1] = i
      for j = i * i, n, i do
        composite[j] = true
      end
    end
  end
  return primes
end

return {
  name = "sieve",
  description = "Count the primes up to n.",
  schema = {
    type = "object",
    properties = { n = { type = "integer", description = "The upper bound." } },
    required = { "n" },
  },
  handler = function(input)
    if input.n < 2 then
      error("n must be at least 2, got " .. input.n)
    end
    local primes = sieve(input.n)
    local sum = 0
    for _, p in ipairs(primes) do
      sum = (sum * 31 + p) % 1000000007
    end
    return string.format("%d primes up to %d, the last %d, checksum %d, %.3f per hundred",
      #primes, input.n, primes[#primes], sum, #primes / input.n * 100)
  end,
}
