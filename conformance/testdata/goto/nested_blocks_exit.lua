-- checks goto can leave nested blocks and loops to an enclosing label
for i = 1, 3 do
  for j = 1, 3 do
    if i * j == 4 then goto done end
    io.write(i, "*", j, " ")
  end
end
::done::
print()
print("out")
