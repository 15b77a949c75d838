-- checks the for control variable is local to the loop body
i = "global i"
for i = 1, 2 do end
print(i)
for k in pairs({x = 1}) do end
print(k)
