module panto

go 1.26
