-- module returning a number and an extra value
return 42, "ignored"
