-- checks tostring of floats uses %.14g and adds ".0" to integral values
print(0.1, 1/3, 2/3, 100.0, 1e15, 1e16)
print(123456789012345.0, 1234567890123456.0)
print(1e100, 1e-100, 1.5e300, 2^-1074)
print(3.14159265358979, 0.1 + 0.2)
print(-1.5, -100.0, 1e14, 1e-5, 0.0001)
print(2^24, 2^53, 2^63, 2^64)
print(12345678901234567890.0)
