package runtime

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"strings"
	"testing"
	"time"

	"panto/bytecode"
	"panto/compiler"
)

// Fuzzing the binary loader end to end: whatever the bytes, L.Load either
// refuses them with a "bad binary format" error or returns a function that
// runs to a Lua error or to completion. A Go panic, a hang or a crash of
// the process is a bug, in the verifier (bytecode/verify.go) or in the VM.
//
// Two targets share the harness. FuzzLoadAndRun mutates raw chunk bytes,
// which mostly exercises the decoder. FuzzMutateAndRun applies operand
// and header edits to a decoded seed prototype and re-encodes it, so that
// nearly every input is well-formed and the verifier and the VM get the
// mutations that matter.

// fuzzPrograms seed both targets: short, terminating programs that between
// them use every opcode (the seed test checks that).
var fuzzPrograms = []string{
	`local a, b = 1, 2.5 local c = a + b * 3 - a // 2 % 3 ^ 2 / 1 return c, -a, a & 3 | 4 ~ 5 << 1 >> 1, ~a, not b, #"xy"`,
	`local function f(a, b, c) return a * b, a % b, a ^ c, a / b, a // b, a & c, a | c, a ~ c, a << c, a >> c, a + 1.5, a ^ 2, a ~ 6, a >> 2, 1 << a, a[b] end X = 1 return pcall(f, 7, 2, 3)`,
	`local t = {1, 2, 3, x = 1, ["y"] = 2, [10] = 3} t.z = t.x t[1] = t[2] t[t] = 4 local n = #t return t.x + t[3], n`,
	`local s = 0 for i = 1, 10 do s = s + i end for i = 10, 1, -2 do s = s - i end for i = 1.0, 3.5, 0.5 do s = s + i end return s`,
	`local t = {} for k, v in next, {a = 1, b = 2} do t[#t + 1] = k end for i, v in ipairs({4, 5, 6}) do t[i] = v end return #t`,
	`local function f(...) local a, b = ... local t = {...} return select('#', ...), a, b, #t, ... end return f(1, nil, 3)`,
	`local function count() local n = 0 return function() n = n + 1 return n end end local c = count() c() c() return c()`,
	`local o = {v = 1} function o:get(x) return self.v + x end local mt = {__index = function(t, k) return k end} setmetatable(o, mt) return o:get(2), o.missing`,
	`local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end return fib(10)`,
	`local function tail(n, acc) if n == 0 then return acc end return tail(n - 1, acc + n) end return tail(50, 0)`,
	`local x = 0 while x < 20 do x = x + 3 if x == 9 then goto skip end x = x - 1 ::skip:: end repeat x = x - 1 until x <= 0 return x`,
	`local ok, err = pcall(error, {code = 1}) local ok2, e2 = pcall(function() local t = nil return t.x end) return ok, err.code, ok2, e2`,
	`local co = coroutine.create(function(a) local b = coroutine.yield(a + 1) return b * 2 end) local _, x = coroutine.resume(co, 1) local _, y = coroutine.resume(co, x) return x, y, coroutine.status(co)`,
	`local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end) return gen() + gen() + gen()`,
	`do local x <close> = setmetatable({}, {__close = function() end}) local y <const> = 5 end local s = "a" .. 1 .. 2.5 .. "b" return s`,
	`local a = {} for i = 1, 120 do a[i] = i end local b = {#a, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55} return #a + #b`,
	`local mt = {__add = function(a, b) return 7 end, __eq = function() return true end, __lt = function() return false end, __le = function() return true end, __concat = function() return "c" end, __len = function() return 3 end, __call = function(self, x) return x end, __unm = function() return 0 end} local a, b = setmetatable({}, mt), setmetatable({}, mt) return a + b, a == b, a < b, a <= b, a .. "x", #a, a(4), -a, a > 1, 2 >= a`,
	`local x, y = 3, 3.0 return x == 3, x ~= 4, x < 10, x <= 3, x > 1, x >= 3, y == 3, 1 < x, "a" < "b", x == "3", math and 1, x ~= nil and y or false`,
	`local t = setmetatable({}, {__index = {a = 1}, __newindex = function(t, k, v) rawset(t, k, v * 2) end}) t.b = 2 t[1] = 3 return t.a, t.b, t[1], rawget(t, "a"), rawequal(t, t), rawlen({1, 2})`,
	`local n = 0 local function f(...) n = n + select("#", ...) return ... end f(f(1, 2), f(3)) print(f()) return n, tostring(nil), tonumber("0x10"), type(f)`,
	`local t = {} local big = {} for i = 1, 300 do big[i] = i end t = {1, 2, 3, nil, 5, big and 6, (function() return 7, 8, 9 end)()} return #big, select("#", big and 0), t[9] == 9 or t[7]`,
	`local x = 2^53 local i = math and 1 or 7 // 0.0 local ok = pcall(function() return 1 // 0 end) local j = 5 % -3 local k = -5 // 2 local f = 5.5 % 2 return x, i, ok, j, k, f, 3 & 5.0, 1 << 63, 255 >> 4`,
	`local up = 1 local function a() local function b() up = up + 1 return up end return b() end local t = {} for i = 1, 3 do t[i] = function() return i + up end end return a(), t[1](), t[3]()`,
	`local a <const> = 10 local s = "" for _, w in ipairs({"x", "y"}) do s = s .. w end local r = {n = 0} function r.add(self, v) self.n = self.n + v end r:add(a) return s, r.n`,
}

// fuzzChunks compiles the seed programs and encodes each, with and without
// debug information.
func fuzzChunks(tb testing.TB) [][]byte {
	var chunks [][]byte
	for i, src := range fuzzPrograms {
		p, err := compiler.Compile(fmt.Sprintf("=seed%d", i), src)
		if err != nil {
			tb.Fatalf("seed %d does not compile: %v", i, err)
		}
		chunks = append(chunks, bytecode.Encode(p, false), bytecode.Encode(p, true))
	}
	p := loadKXSeed(tb)
	return append(chunks, bytecode.Encode(p, false), bytecode.Encode(p, true))
}

// loadKXSeed is a chunk that loads a constant with LOADKX and EXTRAARG,
// which the compiler emits only past 2^17 constants (a seed that large
// would slow every fuzz run): the program's one LOADK, rewritten in
// place. It has no jumps, so inserting the EXTRAARG moves nothing else.
func loadKXSeed(tb testing.TB) *bytecode.Proto {
	p, err := compiler.Compile("=loadkx", `local s = "loadkx" return s, #s`)
	if err != nil {
		tb.Fatal(err)
	}
	for pc, ins := range p.Code {
		if ins.Op() != bytecode.OpLoadK {
			continue
		}
		p.Code = append(p.Code[:pc+1], p.Code[pc:]...)
		p.Code[pc] = bytecode.ABx(bytecode.OpLoadKX, ins.A(), 0)
		p.Code[pc+1] = bytecode.AxOp(bytecode.OpExtraArg, ins.Bx())
		p.LineInfo = append(p.LineInfo[:pc+1], p.LineInfo[pc:]...)
		for i := range p.LocVars {
			if int(p.LocVars[i].StartPC) > pc {
				p.LocVars[i].StartPC++
			}
			if int(p.LocVars[i].EndPC) > pc {
				p.LocVars[i].EndPC++
			}
		}
		return p
	}
	tb.Fatal("the LOADKX seed program has no LOADK to rewrite")
	return nil
}

// fuzzState is the interpreter a fuzzed chunk runs in: the base, coroutine
// and debug libraries, with output discarded and nothing that could wait
// for input.
func fuzzState() *State {
	L := NewState()
	OpenDebug(L)
	L.SetOutput(io.Discard, io.Discard)
	L.SetInput(strings.NewReader(""))
	if dbg := L.GetGlobal("debug"); dbg.t == tagTable {
		t := dbg.table()
		t.SetStr("debug", Nil) // reads commands from stdin
		// debug.setlocal can put any value in a numeric for loop's
		// control registers, which FORLOOP then updates in place as
		// integers (vm.go): see the VM notes in docs/bytecode.md.
		t.SetStr("setlocal", Nil)
	}
	return L
}

const (
	fuzzBudget   = 20000            // ticks: calls and backward jumps
	fuzzWatchdog = 20 * time.Second // a run this long is a hang
)

// runChunk loads data as a binary chunk and runs it in protected mode.
// Every outcome but a load error, a Lua error or success fails the test;
// panics reach the fuzzer by themselves.
func runChunk(t *testing.T, data []byte) {
	L := fuzzState()
	fn, err := L.Load(string(data), "=fuzz", "b")
	if err != nil {
		e, ok := err.(*Error)
		switch {
		case ok && e.Status == StatusSyntaxError && strings.HasPrefix(e.Message, "fuzz: bad binary format ("):
		case ok && e.Message == "attempt to load a text chunk (mode is 'b')":
		default:
			t.Fatalf("load error of the wrong kind: %T %v", err, err)
		}
		return
	}
	watchdog := time.AfterFunc(fuzzWatchdog, func() {
		// The stacks say where it hangs; the fuzzer saves the input.
		buf := make([]byte, 1<<20)
		buf = buf[:goruntime.Stack(buf, true)]
		panic(fmt.Sprintf("chunk still running after %v (hang): %q\n%s", fuzzWatchdog, data, buf))
	})
	defer watchdog.Stop()
	L.SetBudget(fuzzBudget)
	start := time.Now()
	_, err = L.PCall(fn)
	if dir := os.Getenv("PANTO_FUZZ_SLOW"); dir != "" && time.Since(start) > time.Second {
		// Where the fuzzer's throughput goes: keep slow inputs for study.
		name := fmt.Sprintf("%s/slow-%x", dir, sha256.Sum256(data))
		_ = os.WriteFile(name, data, 0o644)
	}
	if err != nil {
		if _, ok := err.(*Error); !ok {
			t.Fatalf("run error of the wrong kind: %T %v", err, err)
		}
	}
	// A dump of what was loaded must load again.
	if b, err := L.Dump(fn, false); err != nil {
		t.Fatalf("dump of a loaded chunk: %v", err)
	} else if _, err := L.Load(string(b), "=again", "b"); err != nil {
		t.Fatalf("reloading a dumped chunk: %v", err)
	}
}

func FuzzLoadAndRun(f *testing.F) {
	for _, c := range fuzzChunks(f) {
		f.Add(c)
		// A few cheap mutations of each seed, so the corpus starts
		// with some invalid chunks too: truncated, one flipped bit in
		// the code.
		f.Add(c[:len(c)/2])
		m := append([]byte(nil), c...)
		m[bytecode.HeaderSize+len(c)/3%(len(c)-bytecode.HeaderSize)] ^= 0x10
		f.Add(m)
	}
	f.Fuzz(runChunk)
}

// FuzzMutateAndRun edits a decoded seed prototype and runs the result. The
// input selects the seed (first byte) and then lists 8-byte edits:
// function, field, index (2 bytes), value (4 bytes).
func FuzzMutateAndRun(f *testing.F) {
	chunks := fuzzChunks(f)
	protos := make([]*bytecode.Proto, len(chunks))
	for i, c := range chunks {
		p, err := bytecode.Decode(c)
		if err != nil {
			f.Fatalf("seed %d: %v", i, err)
		}
		protos[i] = p
	}
	for i := range chunks {
		f.Add([]byte{byte(i)})
		f.Add([]byte{byte(i), 0, 2, 1, 0, 0, 0, 0, 0})
		f.Add([]byte{byte(i), 0, 3, 2, 0, 200, 0, 0, 0})
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		p, err := bytecode.Decode(chunks[int(data[0])%len(chunks)])
		if err != nil {
			t.Fatal(err)
		}
		mutate(p, data[1:])
		runChunk(t, bytecode.Encode(p, false))
	})
}

// mutate applies the edits of data to p and its nested prototypes.
func mutate(p *bytecode.Proto, data []byte) {
	var all []*bytecode.Proto
	var walk func(*bytecode.Proto)
	walk = func(p *bytecode.Proto) {
		all = append(all, p)
		for _, sub := range p.Protos {
			walk(sub)
		}
	}
	walk(p)
	for ; len(data) >= 8; data = data[8:] {
		q := all[int(data[0])%len(all)]
		idx := int(binary.LittleEndian.Uint16(data[2:]))
		val := binary.LittleEndian.Uint32(data[4:])
		var ins *bytecode.Instruction
		if len(q.Code) > 0 {
			ins = &q.Code[idx%len(q.Code)]
		}
		switch field := data[1] % 14; field {
		case 0:
			*ins = bytecode.Instruction(val)
		case 1:
			*ins = *ins&^(1<<bytecode.SizeOp-1) | bytecode.Instruction(val%uint32(bytecode.NumOpcodes))
		case 2:
			*ins = ins.SetA(int(val & bytecode.MaxA))
		case 3:
			*ins = ins.SetB(int(val & bytecode.MaxB))
		case 4:
			*ins = ins.SetC(int(val & bytecode.MaxC))
		case 5:
			*ins = ins.SetBx(int(val & bytecode.MaxBx))
		case 6:
			*ins = ins.SetK(!ins.K())
		case 7:
			*ins = ins.SetSJ(int(int8(val)))
		case 8:
			q.MaxStackSize = byte(val)
		case 9:
			q.NumParams = byte(val)
		case 10:
			q.IsVararg = !q.IsVararg
		case 11:
			if len(q.Constants) > 0 {
				c := &q.Constants[idx%len(q.Constants)]
				c.Kind = bytecode.ConstKind(val % 6)
				c.Int = int64(val)
				c.Float = float64(val)
				c.Str = fmt.Sprint(val)
			}
		case 12:
			if len(q.Upvalues) > 0 {
				u := &q.Upvalues[idx%len(q.Upvalues)]
				u.InStack = val&0x100 != 0
				u.Index = byte(val)
			}
		case 13:
			// Swap two instructions, or insert one (shifting the rest).
			if len(q.Code) > 1 {
				j := int(val>>16) % len(q.Code)
				if val&1 == 0 {
					q.Code[idx%len(q.Code)], q.Code[j] = q.Code[j], q.Code[idx%len(q.Code)]
				} else {
					k := idx % len(q.Code)
					q.Code = append(q.Code[:k+1], q.Code[k:]...)
					q.Code[k] = bytecode.Instruction(val)
					if len(q.LineInfo) > 0 {
						q.LineInfo = append(q.LineInfo, 0)
					}
				}
			}
		}
	}
}

// TestFuzzSeedsRun runs every seed chunk: they must load and run without
// errors, or the fuzz targets start from broken inputs; and between them
// they must use every opcode, or the mutations never reach the VM code of
// the ones left out.
func TestFuzzSeedsRun(t *testing.T) {
	seen := make([]bool, bytecode.NumOpcodes)
	for i, c := range fuzzChunks(t) {
		L := fuzzState()
		fn, err := L.Load(string(c), "=seed", "b")
		if err != nil {
			t.Fatalf("seed chunk %d: %v", i, err)
		}
		if _, err := L.PCall(fn); err != nil {
			t.Errorf("seed chunk %d (program %d): %v", i, i/2, err)
		}
		var walk func(*bytecode.Proto)
		walk = func(p *bytecode.Proto) {
			for _, ins := range p.Code {
				seen[ins.Op()] = true
			}
			for _, sub := range p.Protos {
				walk(sub)
			}
		}
		walk(fn.closure().p.src)
	}
	for op, ok := range seen {
		if !ok {
			t.Errorf("no seed uses %s", bytecode.Opcode(op))
		}
	}
}
