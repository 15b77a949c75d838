-- checks errors are caught by the innermost pcall and execution continues normally
local function risky(n)
  if n == 0 then error("bottom", 0) end
  local ok, err = pcall(risky, n - 1)
  return "level " .. n .. " caught: " .. tostring(err)
end
print(risky(2))
print(pcall(risky, 0))
