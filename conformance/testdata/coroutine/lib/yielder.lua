coroutine.yield("in dofile") return "dofile done"
