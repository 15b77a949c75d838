-- checks integer printing, including negative zero for integers and large values
print(0, -0, 1, -1, 10, -10)
print(123456789012, -987654321098)
print(0x7fffffffffffffff, -0x7fffffffffffffff - 1)
print(1e15 // 1, 1e15 // 1 | 0)
print(tostring(42) == "42", tostring(42.0) == "42.0")
