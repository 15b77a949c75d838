package runtime_test

import (
	"fmt"
	"sync"
	"testing"

	bc "panto/bytecode"
	"panto/compiler"
	"panto/runtime"
)

// TestMethodCacheSharedByStates runs GETFIELD and SELF through one
// method lookup cache per instruction, as generated code's package
// variables are, in States running at once on their own goroutines, each
// with classes of its own that it keeps changing: every lookup must give
// what the State's own tables hold (the caches are keyed by metatable and
// epoch, and read and written atomically; -race checks the latter).
func TestMethodCacheSharedByStates(t *testing.T) {
	const name = "=method_cache_states"
	const src = "return function(o) return o.name end, function(o) return o:name() end"
	p, err := compiler.Compile(name, src)
	if err != nil {
		t.Fatal(err)
	}
	if n := bc.CountProtos(p); n != 3 {
		t.Fatalf("%d prototypes", n)
	}
	get, self := p.Protos[0].Code[0], p.Protos[1].Code[0]
	if get.Op() != bc.OpGetField || self.Op() != bc.OpSelf || !self.K() {
		t.Fatalf("instructions %v, %v", get.Op(), self.Op())
	}
	var getCache, selfCache runtime.MethodCache
	// Each native function runs its first instruction through the cache
	// and hands the frame to the interpreter for the rest.
	native := func(i bc.Instruction, c *runtime.MethodCache, run func(*runtime.Frame) bool) runtime.NativeFunc {
		return func(L *runtime.State, ci *runtime.CallInfo) int {
			var f runtime.Frame
			f.Enter(L, ci)
			if f.PC() == 0 && run(&f) {
				return f.Exit(1)
			}
			return f.Exit(f.PC())
		}
	}
	main := func(L *runtime.State, ci *runtime.CallInfo) int {
		var f runtime.Frame
		f.Enter(L, ci)
		return f.Exit(f.PC())
	}
	runtime.RegisterNative(&runtime.NativeChunk{Name: name, Digest: bc.Digest(p), Funcs: []runtime.NativeFunc{
		main,
		native(get, &getCache, func(f *runtime.Frame) bool { return f.GetFieldC(get.A(), get.B(), get.C(), &getCache) }),
		native(self, &selfCache, func(f *runtime.Frame) bool { return f.SelfC(self.A(), self.B(), self.C(), &selfCache) }),
	}})

	const prog = `
local id, get, call = ...
local Base = {}; Base.__index = Base
local Mid = setmetatable({}, { __index = Base }); Mid.__index = Mid
local Other = {}; Other.__index = Other
local o = setmetatable({}, Mid)
for i = 1, 3000 do
  if i % 7 == 0 then
    local v = id .. ":" .. i // 7
    Base.name = function() return v end
  end
  if i % 11 == 0 then
    setmetatable(o, Other)
    Other.name = function() return "other " .. id .. i end
  elseif i % 11 == 3 then
    setmetatable(o, Mid)
  elseif i % 13 == 0 then
    Mid.name = function() return "mid" end
  elseif i % 13 == 5 then
    Mid.name = nil
  end
  local c = getmetatable(o)
  local want = c == Other and Other.name() or rawget(Mid, "name") and Mid.name() or Base.name and Base.name()
  local f = get(o)
  local got = f and f()
  if got ~= want then error("iteration " .. i .. ": get gave " .. tostring(got) .. ", want " .. tostring(want)) end
  if want ~= nil and call(o) ~= want then error("iteration " .. i .. ": self gave " .. tostring(call(o)) .. ", want " .. tostring(want)) end
end
return "done"
`
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for g := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			L := runtime.NewState()
			fn, err := L.Load(src, name, "t")
			if err != nil {
				errs[g] = err
				return
			}
			if !runtime.HasNative(fn) {
				errs[g] = fmt.Errorf("no native twin")
				return
			}
			fns, err := L.PCall(fn)
			if err != nil {
				errs[g] = err
				return
			}
			body, err := L.Load(prog, "=prog", "t")
			if err != nil {
				errs[g] = err
				return
			}
			res, err := L.PCall(body, runtime.String(fmt.Sprint(g)), fns[0], fns[1])
			if err == nil && (len(res) != 1 || !res[0].IsString() || res[0].AsString() != "done") {
				err = fmt.Errorf("results %v", res)
			}
			errs[g] = err
		}()
	}
	wg.Wait()
	for g, err := range errs {
		if err != nil {
			t.Errorf("State %d: %v", g, err)
		}
	}
}
