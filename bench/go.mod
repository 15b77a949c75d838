module panto/bench

go 1.26.0

require (
	github.com/yuin/gopher-lua v1.1.2
	panto v0.0.0-00010101000000-000000000000
)

replace panto => ../
