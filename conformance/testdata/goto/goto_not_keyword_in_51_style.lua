-- checks goto is a reserved word in 5.4 and label syntax errors
print(load("local goto = 1"))
print(load("goto 1"))
print(load(":: l ::") ~= nil)
print(load("::l: :"))
print(load("::end::"))
