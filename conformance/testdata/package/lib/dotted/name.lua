-- module reached as dotted.name
return "dotted module"
