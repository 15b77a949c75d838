-- checks unary minus and length apply before .., and .. before comparison
print(-1 .. -2, #"ab" .. #"cde")
print("x" .. -2 ^ 2)
print(1 .. 2 == "12" and "yes" or "no")
