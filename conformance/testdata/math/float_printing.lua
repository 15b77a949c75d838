-- tostring of floats uses %.14g and adds .0 to integral values
print(1.0, -1.0, 100.0, 1e15, 1e16, 2^53, 0.1, 1/3, 1e-5, 123.456)
print(3.14159265358979, 1e300 * 10, -(1e300 * 10), 2^63, -2^63)
print(math.pi * 1e10, 5e-324, 1.7976931348623157e308)
