-- string.reverse including empty string, embedded zeros and numbers
print(string.reverse("hello"))
print(string.reverse("") == "")
print(string.reverse("a"))
print(string.reverse("a\0b"):byte(1, -1))
print(string.reverse(12345))
print(("racecar"):reverse() == "racecar")
print(pcall(string.reverse))
