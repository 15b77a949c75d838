package runtime_test

import (
	"testing"

	bc "panto/bytecode"
	"panto/compiler"
	"panto/runtime"
	"panto/runtime/stdlib"
)

// TestMethodCacheStrings runs SELF on string receivers through a method
// lookup cache, as generated code does (s:byte(i)): the string metatable
// stands for the receiver's class. Every call must give what the tables
// hold at that moment, through replaced methods, a replaced __index
// table, an __index function, a replaced string metatable and a method
// that is missing.
func TestMethodCacheStrings(t *testing.T) {
	const name = "=method_cache_strings"
	const src = "return function(s) return s:m() end"
	p, err := compiler.Compile(name, src)
	if err != nil {
		t.Fatal(err)
	}
	self := p.Protos[0].Code[0]
	if self.Op() != bc.OpSelf || !self.K() {
		t.Fatalf("instruction %v", self.Op())
	}
	var cache runtime.MethodCache
	hits := 0
	runtime.RegisterNative(&runtime.NativeChunk{Name: name, Digest: bc.Digest(p), Funcs: []runtime.NativeFunc{
		func(L *runtime.State, ci *runtime.CallInfo) int {
			var f runtime.Frame
			f.Enter(L, ci)
			return f.Exit(f.PC())
		},
		func(L *runtime.State, ci *runtime.CallInfo) int {
			var f runtime.Frame
			f.Enter(L, ci)
			if f.PC() == 0 && f.SelfC(self.A(), self.B(), self.C(), &cache) {
				hits++
				return f.Exit(1)
			}
			return f.Exit(f.PC())
		},
	}})
	const prog = `
local call = ...
local mt = getmetatable("")
local function check(i, want)
  local ok, got = pcall(call, "s")
  if not ok then got = "error: " .. got end
  if got ~= want then error("step " .. i .. ": got " .. tostring(got) .. ", want " .. tostring(want), 0) end
end
for i = 1, 200 do
  local k = i % 6
  if k == 0 then
    string.m = function(s) return "a" .. s .. i end
    check(i, "as" .. i)
    check(i, "as" .. i)
  elseif k == 1 then
    string.m = nil
    check(i, "error: method_cache_strings:1: attempt to call a nil value (method 'm')")
  elseif k == 2 then
    mt.__index = { m = function(s) return "other" .. s end }
    check(i, "others")
    mt.__index.m = function(s) return "changed" .. s end
    check(i, "changeds")
    mt.__index = string
  elseif k == 3 then
    mt.__index = setmetatable({}, { __index = { m = function() return "deep" .. i end } })
    check(i, "deep" .. i)
    mt.__index = string
  elseif k == 4 then
    mt.__index = function(s, key) return function() return "fn" .. key end end
    check(i, "fnm")
    mt.__index = string
  else
    debug.setmetatable("", { __index = { m = function() return "new" .. i end } })
    check(i, "new" .. i)
    debug.setmetatable("", mt)
  end
end
return "done"
`
	L := runtime.NewState()
	stdlib.OpenAll(L)
	fn, err := L.Load(src, name, "t")
	if err != nil {
		t.Fatal(err)
	}
	if !runtime.HasNative(fn) {
		t.Fatal("no native twin")
	}
	fns, err := L.PCall(fn)
	if err != nil {
		t.Fatal(err)
	}
	body, err := L.Load(prog, "=prog", "t")
	if err != nil {
		t.Fatal(err)
	}
	res, err := L.PCall(body, fns[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || !res[0].IsString() || res[0].AsString() != "done" {
		t.Fatalf("results %v", res)
	}
	// The fast path, not the interpreter, answered the calls it could.
	if hits < 100 {
		t.Errorf("SelfC answered %d calls", hits)
	}
}
