-- checks a negative shift count shifts in the other direction
print(1 << -1, 2 << -1, 8 >> -2, 256 << -4)
print(-1 << -1, -1 >> -1)
print(1 >> -63, 1 >> -64, 1 << -64)
