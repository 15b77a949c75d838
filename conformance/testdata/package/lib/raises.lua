-- module that raises an error while loading
error("module failed to load")
