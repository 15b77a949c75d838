package runtime

import (
	"fmt"
	goruntime "runtime"
	"strings"
	"testing"
	"time"

	"panto/bytecode"
)

// FuzzMutateHooked is FuzzMutateAndRun with the rest of the VM switched
// on: the mutated chunk runs with a debug hook set (which sends every
// instruction through execSlow and the hook paths), inside a coroutine
// resumed until it dies, or both, and the hook calls every debug function
// on every frame it can see. Whatever operand a path reads, the verifier
// must have checked it; a Go panic or a hang is a bug.
//
// The input is FuzzMutateAndRun's (seed byte, then 8-byte edits) after a
// mode byte: bit 0 sets the hook, bit 1 runs in a coroutine, bits 2-3
// pick the hook's events.
func FuzzMutateHooked(f *testing.F) {
	chunks := fuzzChunks(f)
	for i := range chunks {
		for mode := byte(0); mode < 16; mode += 3 {
			f.Add([]byte{mode, byte(i)})
		}
		f.Add([]byte{1, byte(i), 0, 2, 1, 0, 127, 0, 0, 0})
		f.Add([]byte{3, byte(i), 0, 3, 2, 0, 200, 0, 0, 0})
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		mode := data[0]
		p, err := bytecode.Decode(chunks[int(data[1])%len(chunks)])
		if err != nil {
			t.Fatal(err)
		}
		mutate(p, data[2:])
		runHooked(t, bytecode.Encode(p, false), mode)
	})
}

// hookedDriver loads and runs the chunk as the mode says. The hook looks
// at up to four levels: names, sources, lines, the active lines, locals
// (varargs too), upvalues, and sets some locals to values of other types,
// which the VM must survive.
const hookedDriver = `
local chunk, mode = ...
local f, err = load(chunk, "=fuzz", "b")
if not f then return "load", err end
local getinfo, getlocal, setlocal, getupvalue = debug.getinfo, debug.getlocal, debug.setlocal, debug.getupvalue
local junk = {nil, true, 1, 2.5, "s", {}, print}
local n = 0
local function hook(ev, line)
  n = n + 1
  for level = 2, 5 do
    local info = getinfo(level, "nSltufrL")
    if not info then break end
    for i = 1, 260 do
      local name = getlocal(level, i)
      if not name then break end
      if n % 7 == 0 and i % 3 == 0 then setlocal(level, i, junk[n % #junk + 1]) end
    end
    getlocal(level, -1) getlocal(level, -2)
    if info.func then for i = 1, 4 do getupvalue(info.func, i) end getinfo(info.func, "SL") end
  end
  debug.traceback("t", 1)
end
local events = ({"l", "c", "r", "crl"})[(mode >> 2) % 4 + 1]
local function run()
  if mode & 1 ~= 0 then debug.sethook(hook, events, 7) end
  return f()
end
if mode & 2 ~= 0 then
  local co = coroutine.create(run)
  local ok, e
  for i = 1, 50 do
    ok, e = coroutine.resume(co, i)
    if coroutine.status(co) == "dead" then break end
  end
  debug.sethook(co)
  return "co", ok, e
end
local ok, e = pcall(run)
debug.sethook()
return "main", ok, e
`

func runHooked(t *testing.T, data []byte, mode byte) {
	L := fuzzState()
	// This target keeps debug.setlocal: the VM stores whole values in the
	// loop registers, so nothing it puts there can harm it.
	OpenDebug(L)
	L.GetGlobal("debug").AsTable().SetStr("debug", Nil)
	driver, err := L.Load(hookedDriver, "=driver", "t")
	if err != nil {
		t.Fatal(err)
	}
	watchdog := time.AfterFunc(fuzzWatchdog, func() {
		buf := make([]byte, 1<<20)
		buf = buf[:goruntime.Stack(buf, true)]
		panic(fmt.Sprintf("chunk still running after %v (hang): mode %d %q\n%s", fuzzWatchdog, mode, data, buf))
	})
	defer watchdog.Stop()
	L.SetBudget(4 * fuzzBudget)
	res, err := L.PCall(driver, String(string(data)), Int(int64(mode)))
	if err != nil {
		if _, ok := err.(*Error); !ok {
			t.Fatalf("run error of the wrong kind: %T %v", err, err)
		}
		return
	}
	if len(res) >= 2 && res[0].AsString() == "load" {
		msg := res[1].AsString()
		if !strings.HasPrefix(msg, "fuzz: bad binary format (") {
			t.Fatalf("load error of the wrong kind: %v", msg)
		}
	}
}
