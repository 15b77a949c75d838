-- checks every reserved keyword cannot be used as a name
local kws = {"and", "break", "do", "else", "elseif", "end", "false", "for",
  "function", "goto", "if", "in", "local", "nil", "not", "or", "repeat",
  "return", "then", "true", "until", "while"}
for _, k in ipairs(kws) do
  local f, err = load("local " .. k .. " = 1")
  print(k, f == nil, err)
end
