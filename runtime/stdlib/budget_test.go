package stdlib

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"panto/runtime"
)

// Every library loop and every callback from Go counts ticks, so a budget
// stops a program wherever it spends its time: in Lua code, in Go code on
// its behalf, or copying bytes. Each case runs under a budget far smaller
// than its work and checks that it was stopped, and where: within a few
// ticks past the budget. Work that is counted in one piece before it is
// done (a copy of n bytes counts n/1024 ticks) can take the count past
// the budget by that piece, though the work itself is then not done; the
// cases with such pieces say how large they are.
func TestBudgetStopsLibraryWork(t *testing.T) {
	const budget = 200000
	const slack = 4096
	cases := []struct {
		name, src string
		piece     int64 // the largest tick count of one piece of work
	}{
		{"sort with a Lua comparator", `local t = {} for i = 1, 1 << 18 do t[i] = (i * 7919) % 1000003 end
			table.sort(t, function(a, b) return a < b end)`, 0},
		{"sort of numbers", `local t = {} for i = 1, 1 << 20 do t[i] = (i * 7919) % 1000003 end
			table.sort(t)`, 0},
		{"gsub with a function", `string.gsub(string.rep("a", 1 << 22), "a", function() end)`, 0},
		{"gsub with a string", `string.gsub(string.rep("a", 1 << 22), "a", "bb")`, 0},
		{"table.move", `table.move({}, 1, 1 << 50, 1)`, 0},
		{"table.insert at the front", `local t = {} for i = 1, 1 << 16 do t[i] = i end for i = 1, 100 do table.insert(t, 1, i) end`, 0},
		{"catastrophic backtracking", `string.find(string.rep("a", 30) .. "b", string.rep("a*", 30) .. "c")`, 0},
		{"match backtracking", `string.match(string.rep("a", 40), string.rep("a?", 40) .. "b")`, 0},
		{"lazy backtracking", `string.find(string.rep("a", 30) .. "b", string.rep("a-", 30) .. "c")`, 0},
		{"backtracking through captures", `string.find(string.rep("a", 30) .. "b", string.rep("(a*)", 30) .. "c")`, 0},
		{"gsub with long replacements", `string.gsub(string.rep("a", 1 << 16), "a", string.rep("b", 1 << 12))`, 64},
		{"gmatch", `for w in string.gmatch(string.rep("ab ", 1 << 20), "%a+") do end`, 0},
		{"endless load reader", `load(function() return "-- comment\n" end)`, 0},
		{"concat of big strings", `local s = string.rep("x", 1 << 20) while true do local t = {s, s, s, s} local r = table.concat(t) end`, 0},
		{"string.rep", `string.rep("x", 1 << 30)`, 1 << 20},
		{"rep with a separator", `string.rep("ab", 1 << 28, ",")`, 3 << 18},
		{"concat operator", `local s = string.rep("x", 1 << 16) while true do s = s .. "x" end`, 0},
		{"string.format %s", `local s = string.rep("y", 1 << 24) for i = 1, 1000 do local r = string.format("%s%s", s, s) end`, 1 << 14},
		{"upper of a long string", `local s = string.rep("y", 1 << 24) for i = 1, 100 do local r = s:upper() end`, 1 << 14},
		{"table.concat of many items", `local t = {} for i = 1, 1 << 20 do t[i] = "z" end for i = 1, 100 do table.concat(t, ",") end`, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			L, _ := newTestState(t)
			L.SetMemoryLimit(0)
			fn, err := L.Load(c.src, "=budget", "t")
			if err != nil {
				t.Fatal(err)
			}
			L.SetBudget(budget)
			_, err = L.PCall(fn)
			used := L.TicksUsed()
			if err == nil || !strings.Contains(err.Error(), "interrupted: instruction budget exhausted") {
				t.Fatalf("not stopped by the budget: %v (ticks used %d)", err, used)
			}
			if max := budget + slack + c.piece; used < budget || used > max {
				t.Errorf("stopped after %d ticks, want within [%d, %d]", used, budget, max)
			}
		})
	}
}

// A read that waits for input and a child that does not exit are ended
// by an interruption that needs no ticks (Interrupt, a context, a
// deadline): the call returns with the error, the child killed.
func TestInterruptEndsBlockingCalls(t *testing.T) {
	// The command's sleep carries this process's id, so the check for a
	// child left running finds only this run's, not another test run's
	// on the same machine.
	sleepArg := fmt.Sprintf("31.%d", os.Getpid())
	cases := []struct {
		name  string
		setup func(t *testing.T, L *runtime.State)
		src   string
	}{
		{"read from a pipe", func(t *testing.T, L *runtime.State) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close(); w.Close() })
			L.SetInput(r)
		}, `return io.read("l")`},
		{"read a number from a pipe", func(t *testing.T, L *runtime.State) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close(); w.Close() })
			L.SetInput(r)
		}, `return io.read("n")`},
		{"os.execute", nil, `return os.execute("sleep ` + sleepArg + `; echo late")`},
		{"popen read", nil, `local f = io.popen("sleep 30; echo late") return f:read("a")`},
		{"popen close", nil, `local f = io.popen("sleep 30") return f:close()`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			L, _ := newTestState(t)
			if c.setup != nil {
				c.setup(t, L)
			}
			fn, err := L.Load(c.src, "=blocking", "t")
			if err != nil {
				t.Fatal(err)
			}
			// Interrupt once the call is waiting, or before: either way
			// the wait ends. The watchdog only turns a hang into a failure.
			stop := time.AfterFunc(50*time.Millisecond, func() { L.Interrupt("test") })
			defer stop.Stop()
			done := make(chan error, 1)
			go func() {
				_, err := L.PCall(fn)
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil || !errors.Is(L.Interrupted(), runtime.ErrInterrupted) || !strings.Contains(err.Error(), "interrupted: test") {
					t.Fatalf("got %v, want the interruption", err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the blocking call did not return after the interruption")
			}
			// The shell's own child was killed with it.
			if procs, _ := filepath.Glob("/proc/[0-9]*/cmdline"); len(procs) > 0 {
				for _, p := range procs {
					if b, _ := os.ReadFile(p); string(b) == "sleep\x00"+sleepArg+"\x00" {
						t.Errorf("the command's child is still running: %s", p)
					}
				}
			}
		})
	}
}

// Compiling a chunk in load counts as work too: a long and/or chain is
// quadratic to compile (as in the reference), and a budget stops it.
func TestBudgetStopsCompilation(t *testing.T) {
	L, _ := newTestState(t)
	fn, err := L.Load(`return load("return " .. string.rep("x and ", 200000) .. "1")`, "=compile", "t")
	if err != nil {
		t.Fatal(err)
	}
	L.SetBudget(100000)
	_, err = L.PCall(fn)
	if err == nil || !strings.Contains(err.Error(), "budget exhausted") {
		t.Fatalf("got %v", err)
	}
	if used := L.TicksUsed(); used > 100000+4096 {
		t.Errorf("stopped after %d ticks", used)
	}
}
