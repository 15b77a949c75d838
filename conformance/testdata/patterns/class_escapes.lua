-- '%' followed by a non-alphanumeric character matches that character literally
print(("a.b"):find("%."), ("a%b"):find("%%"), ("(x)"):match("%((.)%)"))
print(("a+b"):match("%+"), ("a-b"):match("%-"), ("[x]"):match("%[(.)%]"))
print(("a^b$c"):match("%^(.)%$"), ("x*y?"):match("%*(.)%?"))
print(("a b"):match("%a% %a"), ("<>"):match("%<%>"))
print(("1.5"):gsub("%.", ","))
