//go:build unix

package luv

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"panto/runtime"
	"panto/runtime/stdlib"
)

// newLoop returns a state with the standard libraries and a loop; stderr
// goes to the returned buffer.
func newLoop(t *testing.T) (*Loop, *bytes.Buffer) {
	t.Helper()
	L := runtime.NewState()
	var out bytes.Buffer
	L.SetOutput(&out, &out)
	stdlib.OpenAll(L)
	lp := New(L)
	t.Cleanup(lp.Close)
	return lp, &out
}

// fn evaluates a chunk that returns a function.
func fn(t *testing.T, lp *Loop, src string) runtime.Value {
	t.Helper()
	res, err := lp.L.DoString(src, "=test")
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	if len(res) == 0 || !res[0].IsFunction() {
		t.Fatalf("chunk did not return a function")
	}
	return res[0]
}

func str(v runtime.Value) string {
	if v.IsString() {
		return v.AsString()
	}
	return "<" + v.TypeName() + ">"
}

func table(kv map[string]string) runtime.Value {
	t := runtime.NewTable(0, len(kv))
	for k, v := range kv {
		t.SetStr(k, runtime.String(v))
	}
	return runtime.TableValue(t)
}

// The spec's example, as written, called from a tool handler.
const awaitStat = `
local uv = require("luv")
local function await_stat(path)
  local co = assert(coroutine.running())
  local result
  uv.fs_stat(path, function(err, stat)
    result = { err, stat }
    assert(coroutine.resume(co))
  end)
  coroutine.yield()
  return table.unpack(result)
end
`

func TestAwaitStatFromToolHandler(t *testing.T) {
	lp, _ := newLoop(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	handler := fn(t, lp, awaitStat+`
return function(input, context)
  local err, stat = await_stat(input.path)
  if err then return context.tool_name .. ": " .. err end
  return context.tool_name .. ": " .. stat.type .. " " .. stat.size
end`)
	ctxTable := table(map[string]string{"tool_name": "stat", "tool_call_id": "1"})
	res, err := lp.CallCoroutine(context.Background(), handler, table(map[string]string{"path": file}), ctxTable)
	if err != nil {
		t.Fatal(err)
	}
	if got := str(res[0]); got != "stat: file 5" {
		t.Errorf("got %q", got)
	}
	missing := filepath.Join(dir, "missing")
	res, err = lp.CallCoroutine(context.Background(), handler, table(map[string]string{"path": missing}), ctxTable)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := str(res[0]), "stat: ENOENT: no such file or directory: "+missing; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSyncFsFailTriple(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function(p) return uv.fs_stat(p) end`)
	res, err := lp.CallSync(context.Background(), f, runtime.String("/nonexistent/x"))
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 3 || !res[0].IsNil() || str(res[1]) != "ENOENT: no such file or directory: /nonexistent/x" || str(res[2]) != "ENOENT" {
		t.Errorf("got %v", res)
	}
}

func TestTimersFireInOrder(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function()
  local co = coroutine.running()
  local order = {}
  local function note(name)
    order[#order + 1] = name
    if #order == 8 then coroutine.resume(co) end
  end
  local function at(ms, name)
    local tm = uv.new_timer()
    tm:start(ms, 0, function()
      tm:close()
      note(name)
    end)
  end
  at(30, "c")
  at(10, "a1")
  at(20, "b")
  at(10, "a2")   -- same due time: start order
  at(0, "zero")
  local n = 0
  local rep = uv.new_timer()
  rep:start(5, 5, function()
    n = n + 1
    if n == 3 then rep:stop(); rep:close() end
    note("r" .. n)
  end)
  coroutine.yield()
  return table.concat(order, " ")
end`)
	res, err := lp.CallCoroutine(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	got := str(res[0])
	// r1..r3 fire at 5, 10, 15 ms: interleaved with a1/a2 at 10, so only
	// check the relative orders that are fixed.
	idx := func(s string) int { return strings.Index(" "+got+" ", " "+s+" ") }
	for _, pair := range [][2]string{{"zero", "a1"}, {"a1", "a2"}, {"a2", "b"}, {"b", "c"}, {"r1", "r2"}, {"r2", "r3"}, {"r1", "b"}} {
		if idx(pair[0]) < 0 || idx(pair[1]) < 0 || idx(pair[0]) > idx(pair[1]) {
			t.Errorf("order %q: want %s before %s", got, pair[0], pair[1])
		}
	}
	if strings.Count(" "+got, " r") != 3 {
		t.Errorf("repeat fired %q", got)
	}
}

const spawnLib = `
local uv = require("luv")
-- run(cmd, args, input) -> code, signal, stdout, stderr
local function run(cmd, args, input)
  local co = coroutine.running()
  local stdin, stdout, stderr = uv.new_pipe(), uv.new_pipe(), uv.new_pipe()
  local out, err = {}, {}
  local pending = 3
  local code, sig
  local function step()
    pending = pending - 1
    if pending == 0 then coroutine.resume(co) end
  end
  local proc, pid = uv.spawn(cmd, { args = args, stdio = { stdin, stdout, stderr } },
    function(c, s) code, sig = c, s; step() end)
  if not proc then error(pid) end
  assert(type(pid) == "number" and pid == proc:get_pid() and pid == uv.process_get_pid(proc))
  stdout:read_start(function(e, data)
    assert(not e, e)
    if data then out[#out + 1] = data else stdout:close(); step() end
  end)
  stderr:read_start(function(e, data)
    assert(not e, e)
    if data then err[#err + 1] = data else stderr:close(); step() end
  end)
  if input then stdin:write(input) end
  stdin:shutdown(function() stdin:close() end)
  coroutine.yield()
  proc:close()
  return code, sig, table.concat(out), table.concat(err)
end
`

func TestSpawnWithPipes(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, spawnLib+`
return function()
  local c1, s1, o1 = run("echo", { "hello", "world" })
  local c2, s2, o2 = run("cat", {}, "from stdin")
  local c3, s3, o3, e3 = run("sh", { "-c", "echo oops >&2; exit 3" })
  return string.format("%d %d [%s] | %d %d [%s] | %d %d [%s] [%s]",
    c1, s1, o1, c2, s2, o2, c3, s3, o3, e3)
end`)
	res, err := lp.CallCoroutine(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	want := "0 0 [hello world\n] | 0 0 [from stdin] | 3 0 [] [oops\n]"
	if got := str(res[0]); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestSpawnErrors(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function()
  local p, err, name = uv.spawn("definitely-not-a-program-xyz", {}, function() end)
  return p, err, name
end`)
	res, err := lp.CallSync(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	if !res[0].IsNil() || str(res[1]) != "ENOENT: no such file or directory" || str(res[2]) != "ENOENT" {
		t.Errorf("got %v %q %q", res[0], str(res[1]), str(res[2]))
	}
}

func TestSpawnKillSignal(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function()
  local co = coroutine.running()
  local proc
  proc = uv.spawn("sleep", { args = { "10" } }, function(code, sig)
    proc:close()
    coroutine.resume(co, code, sig)
  end)
  assert(proc:is_active())
  assert(proc:kill("sigterm") == 0)
  return coroutine.yield()
end`)
	res, err := lp.CallCoroutine(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].AsInt() != 0 || res[1].AsInt() != int64(syscall.SIGTERM) {
		t.Errorf("got code %v signal %v", res[0], res[1])
	}
}

// await turns any async luv call into a sequential one.
const awaitLib = `
local uv = require("luv")
local function await(f, ...)
  local co = coroutine.running()
  local args = table.pack(...)
  local res
  args[args.n + 1] = function(...) res = table.pack(...); assert(coroutine.resume(co)) end
  args.n = args.n + 1
  f(table.unpack(args, 1, args.n))
  coroutine.yield()
  return table.unpack(res, 1, res.n)
end
`

func TestAsyncFsRoundTrip(t *testing.T) {
	lp, _ := newLoop(t)
	dir := t.TempDir()
	f := fn(t, lp, awaitLib+`
return function(dir)
  local log = {}
  local function ok(err, ...) assert(not err, err); return ... end
  local sub = dir .. "/sub"
  assert(ok(await(uv.fs_mkdir, sub, tonumber("755", 8))) == true)
  local fd = ok(await(uv.fs_open, sub .. "/a.txt", "w", tonumber("644", 8)))
  assert(math.type(fd) == "integer")
  assert(ok(await(uv.fs_write, fd, { "hello ", "world" }, -1)) == 11)
  assert(ok(await(uv.fs_close, fd)) == true)
  local st = ok(await(uv.fs_stat, sub .. "/a.txt"))
  log[#log + 1] = st.type .. ":" .. st.size
  fd = ok(await(uv.fs_open, sub .. "/a.txt", "r", 0))
  log[#log + 1] = ok(await(uv.fs_read, fd, 100, 0))
  log[#log + 1] = ok(await(uv.fs_read, fd, 5, 6))
  assert(ok(await(uv.fs_close, fd)))
  assert(ok(await(uv.fs_rename, sub .. "/a.txt", sub .. "/b.txt")))
  local req = ok(await(uv.fs_scandir, sub))
  local name, typ = uv.fs_scandir_next(req)
  log[#log + 1] = name .. ":" .. typ
  assert(uv.fs_scandir_next(req) == nil)
  log[#log + 1] = tostring(ok(await(uv.fs_access, sub .. "/b.txt", "rw")))
  log[#log + 1] = tostring(select(2, await(uv.fs_access, sub .. "/nope", "r")))
  log[#log + 1] = ok(await(uv.fs_realpath, sub .. "/../sub/b.txt"))
  assert(ok(await(uv.fs_unlink, sub .. "/b.txt")))
  local err = await(uv.fs_unlink, sub .. "/b.txt")
  log[#log + 1] = err
  assert(ok(await(uv.fs_rmdir, sub)))
  return table.concat(log, "|")
end`)
	res, err := lp.CallCoroutine(context.Background(), f, runtime.String(dir))
	if err != nil {
		t.Fatal(err)
	}
	real, _ := filepath.EvalSymlinks(dir)
	want := strings.Join([]string{"file:11", "hello world", "world", "b.txt:file", "true", "false",
		real + "/sub/b.txt", "ENOENT: no such file or directory: " + dir + "/sub/b.txt"}, "|")
	if got := str(res[0]); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestSyncFsRoundTrip(t *testing.T) {
	lp, _ := newLoop(t)
	dir := t.TempDir()
	f := fn(t, lp, `local uv = require("luv")
return function(dir)
  local p = dir .. "/x"
  local fd = assert(uv.fs_open(p, "w", 420))
  assert(uv.fs_write(fd, "abc") == 3)
  assert(uv.fs_close(fd))
  fd = assert(uv.fs_open(p, "a"))
  assert(uv.fs_write(fd, "def", 0) == 3)  -- appends anyway
  assert(uv.fs_close(fd))
  local ok, err, name = uv.fs_close(fd)
  assert(ok == nil and name == "EBADF", err)
  fd = assert(uv.fs_open(p, "r"))
  local st = assert(uv.fs_fstat(fd))
  local data = assert(uv.fs_read(fd, st.size, 0))
  assert(uv.fs_read(fd, 10) == "abcdef" and uv.fs_read(fd, 10) == "")
  uv.fs_close(fd)
  local tmp = assert(uv.fs_mkdtemp(dir .. "/tmpXXXXXX"))
  assert(tmp:sub(1, #dir + 4) == dir .. "/tmp" and #tmp == #dir + 10 and uv.fs_stat(tmp).type == "directory", tmp)
  assert(uv.fs_rmdir(tmp))
  local _, e2, n2 = uv.fs_rename(p, dir .. "/nodir/y")
  return data, e2, n2, uv.fs_lstat(p).type, uv.fs_mkdir(dir .. "/d"), select(3, uv.fs_mkdir(dir .. "/d"))
end`)
	res, err := lp.CallSync(context.Background(), f, runtime.String(dir))
	if err != nil {
		t.Fatal(err)
	}
	got := []string{str(res[0]), str(res[1]), str(res[2]), str(res[3]), res[4].TypeName(), str(res[5])}
	want := []string{"abcdef", "ENOENT: no such file or directory: " + dir + "/x -> " + dir + "/nodir/y", "ENOENT", "file", "boolean", "EEXIST"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("result %d: got %q want %q", i+1, got[i], want[i])
		}
	}
}

func TestCallSyncRefusesYield(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function()
  local t = uv.new_timer()
  t:start(10, 0, function() error("must never run") end)
  coroutine.yield()
  return "unreachable"
end`)
	_, err := lp.CallSync(context.Background(), f)
	if err == nil || err.Error() != "yielded, but this entrypoint must not await; its caller needs the result now" {
		t.Fatalf("got %v", err)
	}
	if !errors.Is(err, ErrMustNotAwait) {
		t.Errorf("not ErrMustNotAwait")
	}
	// The refused call's timer was released with it.
	g := fn(t, lp, `local uv = require("luv")
return function()
  -- Inner coroutines may yield freely in a synchronous entrypoint.
  local co = coroutine.wrap(function() coroutine.yield(1); return 2 end)
  return co() + co(), uv.loop_alive()
end`)
	res, err := lp.CallSync(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].AsInt() != 3 || res[1].AsBool() {
		t.Errorf("got %v %v", res[0], res[1])
	}
}

const endless = `return function() local n = 0; while true do n = n + 1 end end`

func checkUsable(t *testing.T, lp *Loop) {
	t.Helper()
	f := fn(t, lp, `return function(a, b)
  local s = 0
  for i = 1, 10000 do s = s + i end
  return a + b + s
end`)
	res, err := lp.CallSync(context.Background(), f, runtime.Int(1), runtime.Int(2))
	if err != nil || res[0].AsInt() != 50005003 {
		t.Fatalf("state not usable: %v %v", res, err)
	}
	res, err = lp.CallCoroutine(context.Background(), f, runtime.Int(1), runtime.Int(2))
	if err != nil || res[0].AsInt() != 50005003 {
		t.Fatalf("state not usable: %v %v", res, err)
	}
}

func TestCancelEndlessLoopByContext(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, endless)
	for _, call := range []func(context.Context, runtime.Value, ...runtime.Value) ([]runtime.Value, error){
		lp.CallCoroutine, lp.CallSync, lp.CallDriven,
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		_, err := call(ctx, f)
		cancel()
		if err == nil {
			t.Fatal("endless loop returned")
		}
		if !errors.Is(err, runtime.ErrInterrupted) || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("error %v: not interrupted by the deadline", err)
		}
		if !strings.HasPrefix(err.Error(), "test:1: interrupted") {
			t.Errorf("message %q lacks the position", err.Error())
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("took %v", d)
		}
		checkUsable(t, lp)
	}
}

func TestCancelEndlessLoopByBudget(t *testing.T) {
	lp, _ := newLoop(t)
	lp.SetBudget(1_000_000)
	_, err := lp.CallCoroutine(context.Background(), fn(t, lp, endless))
	if !errors.Is(err, runtime.ErrInterrupted) || !strings.Contains(err.Error(), "budget") {
		t.Fatalf("got %v", err)
	}
	checkUsable(t, lp)
	// An endless loop inside pcall cannot swallow the interruption.
	_, err = lp.CallSync(context.Background(), fn(t, lp, `return function()
  while true do pcall(function() while true do end end) end
end`))
	if !errors.Is(err, runtime.ErrInterrupted) {
		t.Fatalf("got %v", err)
	}
	checkUsable(t, lp)
	// An endless loop in a callback fails the handler that set it up.
	_, err = lp.CallCoroutine(context.Background(), fn(t, lp, `local uv = require("luv")
return function()
  local t = uv.new_timer()
  t:start(1, 0, function() while true do end end)
  coroutine.yield()
end`))
	if !errors.Is(err, runtime.ErrInterrupted) {
		t.Fatalf("got %v", err)
	}
	lp.SetBudget(0)
	checkUsable(t, lp)
}

func TestCancelWhileAwaitingTimer(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function()
  local co = coroutine.running()
  local t = uv.new_timer()
  t:start(10000, 0, function() assert(coroutine.resume(co)) end)
  _G.leftover = t
  coroutine.yield()
  return "woke"
end`)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := lp.CallCoroutine(ctx, f)
	if err == nil || !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, runtime.ErrInterrupted) {
		t.Fatalf("got %v", err)
	}
	if err.Error() != "interrupted: context deadline exceeded" {
		t.Errorf("message %q", err.Error())
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
	g := fn(t, lp, `local uv = require("luv")
return function() return uv.loop_alive(), leftover:is_closing(), leftover:is_active() end`)
	res, err := lp.CallSync(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].AsBool() || !res[1].AsBool() || res[2].AsBool() {
		t.Errorf("timer not released: alive=%v closing=%v active=%v", res[0], res[1], res[2])
	}
}

func TestCloseKillsChild(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function()
  local out = uv.new_pipe()
  local proc, pid = uv.spawn("sleep", { args = { "30" }, stdio = { nil, out, nil } }, function() end)
  out:read_start(function() end)
  return pid
end`)
	res, err := lp.CallDriven(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	pid := int(res[0].AsInt())
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("child not running: %v", err)
	}
	lp.Close()
	deadline := time.Now().Add(5 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("child %d still running after Close", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := lp.CallSync(context.Background(), f); !errors.Is(err, ErrClosed) {
		t.Errorf("call after Close: %v", err)
	}
}

func TestCancelKillsChild(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, spawnLib+`
return function() return run("sleep", { "30" }) end`)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := lp.CallCoroutine(ctx, f)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
	if len(lp.handles) != 0 || len(lp.reqs) != 0 || lp.activeAll != 0 {
		t.Errorf("leftovers: %d handles, %d requests, %d active", len(lp.handles), len(lp.reqs), lp.activeAll)
	}
}

func TestErrorCarriesPosition(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function()
  local co = coroutine.running()
  local t = uv.new_timer()
  t:start(1, 0, function() t:close(); coroutine.resume(co) end)
  coroutine.yield()
  local x = nil
  return x.field
end`)
	_, err := lp.CallCoroutine(context.Background(), f)
	var le *Error
	if !errors.As(err, &le) {
		t.Fatalf("got %v", err)
	}
	if le.Message != "test:8: attempt to index a nil value (local 'x')" {
		t.Errorf("message %q", le.Message)
	}
	if !strings.Contains(le.Traceback, "stack traceback:") || !strings.Contains(le.Traceback, "test:8:") {
		t.Errorf("traceback %q", le.Traceback)
	}
}

func TestCallbackErrorFailsOwner(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function()
  local t = uv.new_timer()
  t:start(1, 0, function() error("in callback") end)
  coroutine.yield()
end`)
	_, err := lp.CallCoroutine(context.Background(), f)
	if err == nil || err.Error() != "test:4: in callback" {
		t.Fatalf("got %v", err)
	}
}

func TestStalled(t *testing.T) {
	lp, _ := newLoop(t)
	_, err := lp.CallCoroutine(context.Background(), fn(t, lp, `return function() coroutine.yield() end`))
	if !errors.Is(err, ErrStalled) {
		t.Fatalf("got %v", err)
	}
}

func TestUvRunFromLua(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function()
  local log = {}
  local t = uv.new_timer()
  t:start(5, 0, function() log[#log + 1] = "fired"; t:close(function() log[#log + 1] = "closed" end) end)
  local u = uv.new_timer()
  u:start(100000, 0, function() log[#log + 1] = "unref fired" end)
  u:unref()
  local r = uv.run()  -- (not log[#log + 1] = ...: the key is computed first)
  log[#log + 1] = tostring(r)
  log[#log + 1] = tostring(uv.loop_alive())
  u:close()
  local s = uv.new_timer()
  s:start(1, 1, function() uv.stop() end)
  r = uv.run("default")
  log[#log + 1] = tostring(r)
  s:close()
  r = uv.run("nowait")
  log[#log + 1] = tostring(r)
  return table.concat(log, " ")
end`)
	for _, call := range []func(context.Context, runtime.Value, ...runtime.Value) ([]runtime.Value, error){lp.CallSync, lp.CallCoroutine} {
		res, err := call(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := str(res[0]), "fired closed false false true false"; got != want {
			t.Errorf("got %q want %q", got, want)
		}
	}
}

func TestParallelTasks(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `local uv = require("luv")
return function(ms, name)
  local co = coroutine.running()
  local t = uv.new_timer()
  t:start(ms, 0, function() t:close(); coroutine.resume(co) end)
  coroutine.yield()
  return name, uv.now()
end`)
	start := time.Now()
	slow := lp.Start(context.Background(), f, runtime.Int(80), runtime.String("slow"))
	fast := lp.Start(context.Background(), f, runtime.Int(40), runtime.String("fast"))
	res, err := slow.Wait()
	if err != nil || str(res[0]) != "slow" {
		t.Fatalf("slow: %v %v", res, err)
	}
	if !fast.Done() {
		t.Errorf("fast task did not progress while waiting for the slow one")
	}
	res, err = fast.Wait()
	if err != nil || str(res[0]) != "fast" {
		t.Fatalf("fast: %v %v", res, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestHandlesSurviveSuccessfulActivation(t *testing.T) {
	lp, _ := newLoop(t)
	activate := fn(t, lp, `local uv = require("luv")
return function()
  _G.ticks = 0
  _G.ticker = uv.new_timer()
  ticker:start(1, 1, function() ticks = ticks + 1 end)
end`)
	if _, err := lp.CallDriven(context.Background(), activate); err != nil {
		t.Fatal(err)
	}
	wait := fn(t, lp, `local uv = require("luv")
return function()
  local co = coroutine.running()
  local t = uv.new_timer()
  t:start(5, 5, function()
    if ticks >= 5 then t:close(); coroutine.resume(co) end
  end)
  coroutine.yield()
  ticker:close()
  return ticks
end`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := lp.CallCoroutine(ctx, wait)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].AsInt() < 5 {
		t.Errorf("ticker fired %d times", res[0].AsInt())
	}
}

func TestAwaitGoWork(t *testing.T) {
	lp, _ := newLoop(t)
	lp.L.SetGlobal("slow_double", runtime.NewFunction("slow_double", func(L *runtime.State) int {
		n := L.CheckInteger(1)
		return lp.Await(L, func() (func() []runtime.Value, error) {
			time.Sleep(10 * time.Millisecond)
			if n < 0 {
				return nil, errors.New("negative")
			}
			return func() []runtime.Value { return []runtime.Value{runtime.Int(2 * n)} }, nil
		})
	}))
	f := fn(t, lp, `return function(n) return slow_double(n) + 1 end`)
	res, err := lp.CallCoroutine(context.Background(), f, runtime.Int(20))
	if err != nil || res[0].AsInt() != 41 {
		t.Fatalf("got %v %v", res, err)
	}
	// Synchronously, it blocks instead of awaiting.
	res, err = lp.CallSync(context.Background(), f, runtime.Int(1))
	if err != nil || res[0].AsInt() != 3 {
		t.Fatalf("sync: got %v %v", res, err)
	}
	_, err = lp.CallCoroutine(context.Background(), f, runtime.Int(-1))
	if err == nil || err.Error() != "test:1: negative" {
		t.Fatalf("got %v", err)
	}
}

func TestMiscFunctions(t *testing.T) {
	lp, _ := newLoop(t)
	t.Setenv("PANTO_LOOP_TEST", "yes")
	f := fn(t, lp, `local uv = require("luv")
return function()
  assert(require("luv") == uv)
  local t1 = uv.hrtime(); local n1 = uv.now()
  uv.sleep(5); uv.update_time()
  assert(uv.hrtime() - t1 >= 5e6 and uv.now() - n1 >= 5)
  local missing = select(3, uv.os_getenv("PANTO_LOOP_TEST_MISSING"))
  local tm = uv.new_timer()
  local ty = tm:get_type()
  local s = tostring(tm):match("^uv_timer_t: ") ~= nil
  tm:close()
  local ok, e = pcall(tm.close, tm)
  return uv.os_getenv("PANTO_LOOP_TEST"), missing, uv.cwd(), uv.os_homedir() ~= nil, ty, s, e,
    uv.constants.SIGTERM, uv.version_string()
end`)
	res, err := lp.CallSync(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	got := []string{str(res[0]), str(res[1]), str(res[2]), res[3].TypeName(), str(res[4]), res[5].TypeName(), str(res[6])}
	if got[0] != "yes" || got[1] != "ENOENT" || got[2] != wd || !res[3].AsBool() || got[4] != "timer" || !res[5].AsBool() ||
		!strings.Contains(got[6], "already closing") || res[7].AsInt() != int64(syscall.SIGTERM) || str(res[8]) != libuvVersionString {
		t.Errorf("got %v", got)
	}
}

func TestGoWork(t *testing.T) {
	lp, _ := newLoop(t)
	lp.L.SetGlobal("later", runtime.NewFunction("later", func(L *runtime.State) int {
		cb := L.Arg(1)
		lp.Go(func() func() {
			time.Sleep(5 * time.Millisecond)
			return func() { lp.L.Call(cb, runtime.String("done")) }
		})
		return 0
	}))
	f := fn(t, lp, `return function()
  local co = coroutine.running()
  later(function(v) coroutine.resume(co, v) end)
  return coroutine.yield()
end`)
	res, err := lp.CallCoroutine(context.Background(), f)
	if err != nil || str(res[0]) != "done" {
		t.Fatalf("got %v %v", res, err)
	}
}

func BenchmarkCallSync(b *testing.B) {
	L := runtime.NewState()
	stdlib.OpenAll(L)
	lp := New(L)
	defer lp.Close()
	res, _ := L.DoString("return function(a) return a + 1 end", "=bench")
	f := res[0]
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := lp.CallSync(ctx, f, runtime.Int(1)); err != nil {
			b.Fatal(err)
		}
	}
}

func TestAwaitInsidePcall(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, awaitStat+`
return function(path)
  local ok, err, stat = pcall(await_stat, path)
  assert(ok and not err, err)
  local ok2, msg = pcall(function()
    await_stat(path)
    error("after await")
  end)
  return stat.type, ok2, msg
end`)
	res, err := lp.CallCoroutine(context.Background(), f, runtime.String(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	if str(res[0]) != "directory" || res[1].AsBool() || str(res[2]) != "test:19: after await" {
		t.Errorf("got %v %v %q", str(res[0]), res[1], str(res[2]))
	}
}

func TestLargeOutputThroughPipe(t *testing.T) {
	lp, _ := newLoop(t)
	file := filepath.Join(t.TempDir(), "big")
	data := bytes.Repeat([]byte("0123456789abcdef"), 1<<16) // 1 MiB
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f := fn(t, lp, spawnLib+`
return function(path)
  local code, sig, out = run("cat", { path })
  return code, #out, out:sub(1, 16)
end`)
	res, err := lp.CallCoroutine(context.Background(), f, runtime.String(file))
	if err != nil {
		t.Fatal(err)
	}
	if res[0].AsInt() != 0 || res[1].AsInt() != int64(len(data)) || str(res[2]) != "0123456789abcdef" {
		t.Errorf("got %v %v %q", res[0], res[1], str(res[2]))
	}
}
