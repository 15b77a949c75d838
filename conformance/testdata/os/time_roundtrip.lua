-- os.time and os.date("*t") round trip
for _, ts in ipairs({0, 86399, 951825600, 1700000000, 4102444800}) do
  local t = os.date("*t", ts)
  print(ts, os.time(t) == ts, t.year, t.yday)
end
