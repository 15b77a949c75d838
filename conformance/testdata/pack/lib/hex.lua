-- helper: hex dump of a string
return function(s)
  return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end
