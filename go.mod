module panto

go 1.26

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/clipperhouse/uax29/v2 v2.2.0
	github.com/fsnotify/fsnotify v1.10.1
	github.com/mattn/go-runewidth v0.0.31
	github.com/urfave/cli/v2 v2.27.7
)

require (
	github.com/cpuguy83/go-md2man/v2 v2.0.7 // indirect
	github.com/russross/blackfriday/v2 v2.1.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1 // indirect
	golang.org/x/sys v0.13.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
