package runtime_test

// Benchmarks of the engine's hot paths. Most run a small Lua snippet that
// is compiled once: the snippet returns a function of n that performs the
// operation under test n times, and the benchmark calls it once with b.N,
// so ns/op and allocs/op are per Lua-level operation (loop overhead
// included; BenchmarkForLoopEmpty measures that overhead alone). The
// others time a focused Go-level operation through the public API.
//
//	go test -run '^$' -bench . -benchmem ./runtime

import (
	"fmt"
	"strconv"
	"testing"

	"panto/runtime"
)

// loopFn compiles src in a fresh state (base and coroutine libraries) and
// returns the state and the function the chunk returns.
func loopFn(b *testing.B, src string) (*runtime.State, runtime.Value) {
	b.Helper()
	L := runtime.NewState()
	chunk, err := L.Load(src, "=bench", "t")
	if err != nil {
		b.Fatalf("compile: %v", err)
	}
	res, err := L.PCall(chunk)
	if err != nil {
		b.Fatalf("setup: %v", err)
	}
	if len(res) == 0 || !res[0].IsFunction() {
		b.Fatalf("the snippet must return a function")
	}
	return L, res[0]
}

// runLoop times fn(b.N). The function's first result, if any, must equal
// want(b.N) when want is not nil: a cheap check that the loop really ran.
func runLoop(b *testing.B, src string, want func(n int64) int64) {
	b.Helper()
	L, fn := loopFn(b, src)
	b.ReportAllocs()
	b.ResetTimer()
	res, err := L.PCall(fn, runtime.Int(int64(b.N)))
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	if want != nil {
		if len(res) == 0 {
			b.Fatal("no result")
		}
		got, ok := res[0].ToInteger()
		if w := want(int64(b.N)); !ok || got != w {
			b.Fatalf("result %s, want %d", runtime.FormatNumber(res[0]), w)
		}
	}
}

func identity(n int64) int64 { return n }

// ---------------------------------------------------------------------------
// Loops

func BenchmarkForLoopEmpty(b *testing.B) {
	runLoop(b, `return function(n)
		for i = 1, n do end
		return n
	end`, identity)
}

func BenchmarkForLoopIntArith(b *testing.B) {
	runLoop(b, `return function(n)
		local s = 0
		for i = 1, n do s = s + i % 7 end
		return n
	end`, identity)
}

func BenchmarkForLoopFloatArith(b *testing.B) {
	runLoop(b, `return function(n)
		local s = 0.0
		for i = 1, n do s = s * 0.5 + i / 3 end
		return n
	end`, identity)
}

func BenchmarkForLoopFloatStep(b *testing.B) {
	runLoop(b, `return function(n)
		local c = 0
		for x = 0.5, n, 1.0 do c = c + 1 end
		return c
	end`, identity)
}

func BenchmarkWhileLoop(b *testing.B) {
	runLoop(b, `return function(n)
		local i = 0
		while i < n do i = i + 1 end
		return i
	end`, identity)
}

// ---------------------------------------------------------------------------
// Calls

func BenchmarkCallLuaToLua(b *testing.B) {
	runLoop(b, `local function inc(x) return x + 1 end
	return function(n)
		local x = 0
		for i = 1, n do x = inc(x) end
		return x
	end`, identity)
}

func BenchmarkCallLuaToLuaArgs3(b *testing.B) {
	runLoop(b, `local function f(a, b, c) return a + b - c, c end
	return function(n)
		local x, y = 0, 0
		for i = 1, n do x, y = f(x, 2, 1) end
		return x
	end`, identity)
}

func BenchmarkCallLuaRecursive(b *testing.B) {
	// one op = one call of fib
	runLoop(b, `local function fib(k) if k < 2 then return k end return fib(k-1) + fib(k-2) end
	return function(n)
		local calls = 0
		while calls < n do
			fib(20) -- 21891 calls
			calls = calls + 21891
		end
		return n
	end`, identity)
}

func BenchmarkCallLuaVararg(b *testing.B) {
	runLoop(b, `local function count(...) return select('#', ...) end
	return function(n)
		local s = 0
		for i = 1, n do s = s + count(i, i, i) end
		return s // 3
	end`, identity)
}

func BenchmarkCallLuaToGo(b *testing.B) {
	L := runtime.NewState()
	L.Register("gofn", func(L *runtime.State) int {
		L.Push(runtime.Int(L.CheckInteger(1) + 1))
		return 1
	})
	chunk, err := L.Load(`return function(n)
		local x = 0
		for i = 1, n do x = gofn(x) end
		return x
	end`, "=bench", "t")
	if err != nil {
		b.Fatal(err)
	}
	res, err := L.PCall(chunk)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	res, err = L.PCall(res[0], runtime.Int(int64(b.N)))
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	if got := res[0].AsInt(); got != int64(b.N) {
		b.Fatalf("got %d", got)
	}
}

func BenchmarkCallLuaToBuiltin(b *testing.B) {
	runLoop(b, `local type = type
	return function(n)
		local c = 0
		for i = 1, n do if type(i) == "number" then c = c + 1 end end
		return c
	end`, identity)
}

// BenchmarkCallGoToLua is the host calling a Lua function with PCall.
func BenchmarkCallGoToLua(b *testing.B) {
	L, fn := loopFn(b, `return function(x) return x + 1 end`)
	arg := runtime.Int(41)
	b.ReportAllocs()
	for b.Loop() {
		res, err := L.PCall(fn, arg)
		if err != nil || res[0].AsInt() != 42 {
			b.Fatal(err)
		}
	}
}

// ---------------------------------------------------------------------------
// Tables

func BenchmarkTableSetInt(b *testing.B) {
	runLoop(b, `return function(n)
		local t = {}
		for i = 1, n do t[i] = i end
		return #t
	end`, identity)
}

func BenchmarkTableGetInt(b *testing.B) {
	runLoop(b, `local t = {}
	for i = 1, 1024 do t[i] = i end
	return function(n)
		local s = 0
		for i = 1, n do s = s + t[i % 1024 + 1] end
		return n
	end`, identity)
}

func BenchmarkTableGetSetStringKeys(b *testing.B) {
	runLoop(b, `local keys = {}
	for i = 1, 64 do keys[i] = "key" .. i end
	local t = {}
	for i = 1, 64 do t[keys[i]] = 0 end
	return function(n)
		for i = 1, n do
			local k = keys[i % 64 + 1]
			t[k] = t[k] + 1
		end
		local s = 0
		for i = 1, 64 do s = s + t[keys[i]] end
		return s
	end`, identity)
}

func BenchmarkTableFieldConst(b *testing.B) {
	runLoop(b, `local p = {x = 0, y = 0, z = 0}
	return function(n)
		for i = 1, n do
			p.x = p.x + 1
			p.y = p.y + p.x
		end
		return p.x
	end`, identity)
}

func BenchmarkTableGlobalAccess(b *testing.B) {
	runLoop(b, `counter = 0
	return function(n)
		for i = 1, n do counter = counter + 1 end
		return counter
	end`, identity)
}

func BenchmarkTableConstructor(b *testing.B) {
	runLoop(b, `return function(n)
		local last
		for i = 1, n do last = {i, i, x = i} end
		return last.x
	end`, identity)
}

func BenchmarkTableLen(b *testing.B) {
	runLoop(b, `local t = {}
	for i = 1, 100 do t[i] = i end
	return function(n)
		local s = 0
		for i = 1, n do s = s + #t end
		return s // 100
	end`, identity)
}

// BenchmarkTableGoGetInt and the next ones call the Go API directly.
func BenchmarkTableGoGetInt(b *testing.B) {
	t := runtime.NewTable(1024, 0)
	for i := int64(1); i <= 1024; i++ {
		t.SetInt(i, runtime.Int(i))
	}
	b.ReportAllocs()
	var s int64
	i := int64(0)
	for b.Loop() {
		s += t.GetInt(i&1023 + 1).AsInt()
		i++
	}
	if s == 0 {
		b.Fatal("no sum")
	}
}

func BenchmarkTableGoGetStr(b *testing.B) {
	t := runtime.NewTable(0, 64)
	keys := make([]runtime.Value, 64)
	for i := range keys {
		keys[i] = runtime.String("key" + strconv.Itoa(i))
		t.Set(keys[i], runtime.Int(int64(i)))
	}
	b.ReportAllocs()
	var s int64
	i := 0
	for b.Loop() {
		s += t.Get(keys[i&63]).AsInt()
		i++
	}
	_ = s
}

func BenchmarkTableGoSetNewKeys(b *testing.B) {
	keys := make([]runtime.Value, 1000)
	for i := range keys {
		keys[i] = runtime.String("k" + strconv.Itoa(i))
	}
	b.ReportAllocs()
	for b.Loop() {
		t := runtime.NewTable(0, 0)
		for _, k := range keys {
			t.Set(k, runtime.True)
		}
	}
}

// ---------------------------------------------------------------------------
// Strings

// BenchmarkStringMakeShort is making a Lua string value from a Go string:
// short strings are hashed when they are made.
func BenchmarkStringMakeShort(b *testing.B) {
	strs := make([]string, 256)
	for i := range strs {
		strs[i] = fmt.Sprintf("field_%d", i)
	}
	b.ReportAllocs()
	i := 0
	var v runtime.Value
	for b.Loop() {
		v = runtime.String(strs[i&255])
		i++
	}
	_ = v
}

func BenchmarkStringMakeLong(b *testing.B) {
	s := string(make([]byte, 200))
	b.ReportAllocs()
	var v runtime.Value
	for b.Loop() {
		v = runtime.String(s)
	}
	_ = v
}

// BenchmarkStringLookupFresh looks up a key made from a Go string each
// time, so the hash is computed on every lookup (GetStr, as Go libraries
// do).
func BenchmarkStringLookupFresh(b *testing.B) {
	t := runtime.NewTable(0, 64)
	names := make([]string, 64)
	for i := range names {
		names[i] = "name" + strconv.Itoa(i)
		t.SetStr(names[i], runtime.Int(int64(i)))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if t.GetStr(names[i&63]).IsNil() {
			b.Fatal("missing")
		}
		i++
	}
}

// BenchmarkStringKeysBuilt builds a key with .. and indexes a table with
// it: the new string must be hashed and compared by content.
func BenchmarkStringKeysBuilt(b *testing.B) {
	runLoop(b, `local t = {}
	for i = 0, 99 do t["k" .. i] = 1 end
	return function(n)
		local s = 0
		for i = 1, n do s = s + t["k" .. i % 100] end
		return s
	end`, identity)
}

func BenchmarkConcatTwo(b *testing.B) {
	runLoop(b, `return function(n)
		local a, c = "hello", 0
		for i = 1, n do
			local s = a .. "world"
			c = c + 1
		end
		return c
	end`, identity)
}

func BenchmarkConcatNumbers(b *testing.B) {
	runLoop(b, `return function(n)
		local c = 0
		for i = 1, n do
			local s = "x" .. i .. "," .. 2.5
			c = c + 1
		end
		return c
	end`, identity)
}

// BenchmarkConcatGrow appends to a growing string (each step copies it),
// restarting every 100 steps.
func BenchmarkConcatGrow(b *testing.B) {
	runLoop(b, `return function(n)
		local s, c = "", 0
		for i = 1, n do
			if i % 100 == 0 then s = "" end
			s = s .. "abcdefgh"
			c = c + 1
		end
		return c
	end`, identity)
}

func BenchmarkConcatGoAPI(b *testing.B) {
	L := runtime.NewState()
	a, c := runtime.String("left"), runtime.Int(42)
	b.ReportAllocs()
	for b.Loop() {
		L.Concat(a, c, a)
	}
}

func BenchmarkStringEqual(b *testing.B) {
	runLoop(b, `local a, x = "some string", {}
	for i = 1, 10 do x[i] = "some " .. (i == 3 and "string" or "other") end
	return function(n)
		local c = 0
		for i = 1, n do if x[i % 10 + 1] == a then c = c + 10 end end
		return c
	end`, func(n int64) int64 {
		// x[3] matches: i % 10 == 2
		c := int64(0)
		for i := int64(1); i <= n; i++ {
			if i%10 == 2 {
				c += 10
			}
		}
		return c
	})
}

// ---------------------------------------------------------------------------
// Metamethods

func BenchmarkMetaIndexTable(b *testing.B) {
	runLoop(b, `local Base = {value = 1}
	local obj = setmetatable({}, {__index = Base})
	return function(n)
		local s = 0
		for i = 1, n do s = s + obj.value end
		return s
	end`, identity)
}

func BenchmarkMetaIndexChain3(b *testing.B) {
	runLoop(b, `local A = {value = 1}
	local B = setmetatable({}, {__index = A})
	local C = setmetatable({}, {__index = B})
	local obj = setmetatable({}, {__index = C})
	return function(n)
		local s = 0
		for i = 1, n do s = s + obj.value end
		return s
	end`, identity)
}

func BenchmarkMetaIndexFunction(b *testing.B) {
	runLoop(b, `local obj = setmetatable({}, {__index = function(t, k) return 1 end})
	return function(n)
		local s = 0
		for i = 1, n do s = s + obj.value end
		return s
	end`, identity)
}

func BenchmarkMetaNewindexFunction(b *testing.B) {
	runLoop(b, `local c = 0
	local obj = setmetatable({}, {__newindex = function(t, k, v) c = c + v end})
	return function(n)
		for i = 1, n do obj.value = 1 end
		return c
	end`, identity)
}

func BenchmarkMetaMethodCall(b *testing.B) {
	runLoop(b, `local Class = {}
	Class.__index = Class
	function Class:get() return self.v end
	local obj = setmetatable({v = 1}, Class)
	return function(n)
		local s = 0
		for i = 1, n do s = s + obj:get() end
		return s
	end`, identity)
}

func BenchmarkMetaAdd(b *testing.B) {
	runLoop(b, `local mt = {}
	mt.__add = function(a, b) return a.v + b end
	local obj = setmetatable({v = 1}, mt)
	return function(n)
		local s = 0
		for i = 1, n do s = s + (obj + 0) end
		return s
	end`, identity)
}

func BenchmarkMetaEq(b *testing.B) {
	runLoop(b, `local mt = {__eq = function(a, b) return a.v == b.v end}
	local x, y = setmetatable({v = 1}, mt), setmetatable({v = 1}, mt)
	return function(n)
		local c = 0
		for i = 1, n do if x == y then c = c + 1 end end
		return c
	end`, identity)
}

func BenchmarkMetaCall(b *testing.B) {
	runLoop(b, `local callable = setmetatable({}, {__call = function(self, x) return x + 1 end})
	return function(n)
		local x = 0
		for i = 1, n do x = callable(x) end
		return x
	end`, identity)
}

// ---------------------------------------------------------------------------
// Closures and coroutines

func BenchmarkClosureCreate(b *testing.B) {
	runLoop(b, `return function(n)
		local c = 0
		for i = 1, n do
			local f = function() return i end
			c = c + 1
		end
		return c
	end`, identity)
}

func BenchmarkClosureUpvalue(b *testing.B) {
	runLoop(b, `local count = 0
	local function inc() count = count + 1 end
	return function(n)
		for i = 1, n do inc() end
		return count
	end`, identity)
}

// BenchmarkCoroutineResumeYield is one resume and one yield per op.
func BenchmarkCoroutineResumeYield(b *testing.B) {
	runLoop(b, `local yield, resume = coroutine.yield, coroutine.resume
	return function(n)
		local co = coroutine.create(function()
			local i = 0
			while true do i = i + 1; yield(i) end
		end)
		local v
		for i = 1, n do _, v = resume(co) end
		return v
	end`, identity)
}

func BenchmarkCoroutineWrap(b *testing.B) {
	runLoop(b, `return function(n)
		local gen = coroutine.wrap(function()
			for i = 1, n do coroutine.yield(i) end
		end)
		local last
		for i = 1, n do last = gen() end
		return last
	end`, identity)
}

// BenchmarkCoroutineCreate creates, runs to completion and drops a
// coroutine per op.
func BenchmarkCoroutineCreate(b *testing.B) {
	runLoop(b, `return function(n)
		local c = 0
		local body = function(x) return x + 1 end
		for i = 1, n do
			local co = coroutine.create(body)
			local _, v = coroutine.resume(co, 0)
			c = c + v
		end
		return c
	end`, identity)
}

// ---------------------------------------------------------------------------
// Compile and load

func BenchmarkLoadSmall(b *testing.B) {
	L := runtime.NewState()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := L.Load("local a, b = ... return a + b", "=small", "t"); err != nil {
			b.Fatal(err)
		}
	}
}
