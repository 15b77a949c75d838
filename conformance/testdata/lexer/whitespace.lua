-- checks form feed, vertical tab, tab and semicolons as separators
local a=1;local b=2;;;print(a+b)
print(	1	,	2	)
;
print("done")
print(1,	2)
