-- checks the "a and b or c" idiom including its pitfall when b is false
local function pick(c, a, b) return c and a or b end
print(pick(true, "yes", "no"), pick(false, "yes", "no"))
print(pick(true, false, "fallback"), pick(true, nil, "fallback"))
local x = 5
print(x > 3 and "big" or "small", x > 10 and "big" or "small")
