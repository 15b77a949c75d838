-- weekday and day-of-year fields for known dates
for _, d in ipairs({{2000, 1, 1}, {2000, 2, 29}, {2000, 12, 31}, {2023, 12, 31}, {2024, 3, 1}, {1999, 12, 31}}) do
  local ts = os.time({year = d[1], month = d[2], day = d[3], hour = 12})
  local t = os.date("!*t", ts)
  print(d[1], d[2], d[3], t.wday, t.yday, os.date("!%a %j %U %W %V %G", ts))
end
