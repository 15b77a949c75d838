-- checks forward goto skips statements in the same block
print("a")
goto skip
print("skipped")
::skip::
print("b")
do
  goto inner
  print("skipped inner")
  ::inner::
end
print("c")
