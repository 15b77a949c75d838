-- many conversions in one format string
print(string.format("%s=%d (%5.2f%%) [%x] %q %c%c", "ratio", 3, 45.678, 255, "q\n", 79, 75))
print(string.format("%-5s|%5s|%05.1f|%+i|%e", "ab", "cd", 3.14159, 7, 0.00012))
print(string.format("%s", string.format("%d", 12)))
