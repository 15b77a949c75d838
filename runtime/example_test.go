package runtime_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"panto/runtime"
	"panto/runtime/stdlib"
)

// A host creates a state, registers Go functions, loads a chunk and calls
// into it.
func Example() {
	L := runtime.NewState() // base and coroutine libraries
	stdlib.OpenAll(L)       // string, table, math, io, os...
	L.SetOutput(os.Stdout, os.Stderr)

	// A Go function: arguments come in by position, results are pushed.
	L.Register("greet", func(L *runtime.State) int {
		name := L.CheckString(1)
		L.PushString("hello, " + name)
		return 1
	})

	fn, err := L.Load(`
		local who = ...
		print(greet(who))
		return #who, who:len() == #who
	`, "=example", "t")
	if err != nil {
		fmt.Println("compile error:", err)
		return
	}
	results, err := L.PCall(fn, runtime.String("world"))
	if err != nil {
		fmt.Println("runtime error:", err)
		return
	}
	fmt.Println(runtime.FormatNumber(results[0]))
	// Output:
	// hello, world
	// 5
}

// Errors raised by Lua code come back as *runtime.Error with the message
// and a traceback.
func ExampleState_PCall() {
	L := runtime.NewState()
	fn, _ := L.Load(`local t = nil; return t.field`, "=demo", "t")
	_, err := L.PCall(fn)
	var lerr *runtime.Error
	if errors.As(err, &lerr) {
		fmt.Println(lerr.Value.AsString())
	}
	// Output:
	// demo:1: attempt to index a nil value (local 't')
}

// Userdata carries Go values into Lua, with a metatable for methods.
func ExampleNewUserdata() {
	L := runtime.NewState()
	type counter struct{ n int }
	methods := runtime.NewTable(0, 1)
	methods.SetStr("inc", runtime.NewFunction("inc", func(L *runtime.State) int {
		c := L.Arg(1).AsUserdata().Value.(*counter)
		c.n++
		L.Push(runtime.Int(int64(c.n)))
		return 1
	}))
	mt := runtime.NewTable(0, 2)
	mt.SetStr("__index", runtime.TableValue(methods))
	mt.SetStr("__name", runtime.String("counter"))
	L.SetGlobal("c", runtime.UserdataValue(runtime.NewUserdata(&counter{}, mt)))

	res, _ := L.DoString(`c:inc(); c:inc(); return c:inc()`, "=counter")
	fmt.Println(runtime.FormatNumber(res[0]))
	// Output:
	// 3
}

// A context stops running Lua code, even a loop without calls.
func ExampleState_SetContext() {
	L := runtime.NewState()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	L.SetContext(ctx)
	_, err := L.DoString(`while true do end`, "=spin")
	fmt.Println(errors.Is(L.Interrupted(), runtime.ErrInterrupted), err != nil)
	// Output:
	// true true
}
