-- helper chunk: returns its varargs count plus fixed values
return "first", 2, select('#', ...)
