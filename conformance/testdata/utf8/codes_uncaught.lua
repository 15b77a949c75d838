-- an uncaught utf8.codes error goes to stderr
for p, c in utf8.codes("ok\xfe") do print(p, c) end
