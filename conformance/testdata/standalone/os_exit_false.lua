-- os.exit(false) exits with status 1 and prints nothing to stderr
print("exiting with false")
if true then
  os.exit(false)
end
print("not reached")
