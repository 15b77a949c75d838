-- module returning false
return false
