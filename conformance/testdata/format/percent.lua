-- %% produces a literal percent sign and takes no argument
print(string.format("%%"))
print(string.format("100%% of %d", 5))
print(string.format("%%%d%%", 1))
print(string.format("%%s"))
print(select('#', string.format("%%")))
