-- backtracking of greedy quantifiers
print(("aaa"):match("a*a"), ("aaa"):match("a+a"), ("aaa"):match("(a*)(a)"))
print(("abcabc"):match("(.*)c"), ("abcabc"):match("(.-)c"))
print(("x=1,y=2"):match(".*=(%d)"), ("x=1,y=2"):match(".-=(%d)"))
print(("aaaa"):match("^(a-)(a+)$"))
print(("abcd"):match("^(.?)(.?)(.?)(.?)(.?)$"))
