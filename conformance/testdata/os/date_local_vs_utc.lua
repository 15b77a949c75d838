-- with TZ=UTC local and UTC formatting agree
for _, t in ipairs({0, 1e9, 1700000000, 2^31}) do
  print(os.date("%Y-%m-%d %H:%M:%S %Z", t), os.date("!%Y-%m-%d %H:%M:%S", t), os.date("%z", t))
end
