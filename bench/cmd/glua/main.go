// Command glua runs a Lua file with gopher-lua (a Lua 5.1 implementation in
// Go), the way `lua file.lua args...` does: the global arg holds the script
// name at 0 and the arguments from 1, and the chunk receives the arguments
// as its varargs. benchrun builds it to time gopher-lua next to panto.
package main

import (
	"fmt"
	"os"
	"runtime/pprof"

	lua "github.com/yuin/gopher-lua"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: glua script.lua [args...]")
		os.Exit(2)
	}
	script, args := os.Args[1], os.Args[2:]

	// GLUA_CPUPROFILE=file writes a CPU profile of the run (go tool pprof).
	if path := os.Getenv("GLUA_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "glua:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "glua:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}

	// The data stack may grow: table.concat over a large buffer needs more
	// than the fixed default (it fails with "registry overflow"), and it grows
	// in big steps: small ones make it quadratic.
	L := lua.NewState(lua.Options{
		CallStackSize:    1024,
		RegistrySize:     1 << 16,
		RegistryGrowStep: 1 << 16,
		RegistryMaxSize:  1 << 24,
	})
	defer L.Close()

	argt := L.NewTable()
	argt.RawSetInt(0, lua.LString(script))
	for i, a := range args {
		argt.RawSetInt(i+1, lua.LString(a))
	}
	L.SetGlobal("arg", argt)

	fn, err := L.LoadFile(script)
	if err != nil {
		fmt.Fprintln(os.Stderr, "glua:", err)
		os.Exit(1)
	}
	L.Push(fn)
	for _, a := range args {
		L.Push(lua.LString(a))
	}
	if err := L.PCall(len(args), lua.MultRet, nil); err != nil {
		fmt.Fprintln(os.Stderr, "glua:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}
