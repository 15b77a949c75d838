-- helper chunk reading and writing globals of its environment
counter = (counter or 0) + 1
return greeting, counter
