-- modules returning nothing, false, or values
print(require("retnil"), retnil_ran)
print(package.loaded.retnil)
print(require("retnil"), retnil_ran)
print(require("retfalse"))
print(package.loaded.retfalse)
print(require("retnumber"))
print(require("setsloaded"))
