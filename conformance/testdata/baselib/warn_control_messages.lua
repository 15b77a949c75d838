-- unknown "@" control messages are ignored; only single-argument messages are controls
warn("@on")
warn("@unknown")
warn("@", "on")
warn("@off", " is not a control when split")
warn("@off")
warn("not shown")
print("done")
