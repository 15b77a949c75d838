//go:build unix

package luv

import (
	"context"
	"errors"
	"testing"
	"time"

	"panto/runtime"
)

// TestRunUntilServesTimersAndPosts: while the owner waits for outside
// work, a Lua timer keeps firing and a coroutine awaiting it finishes.
func TestRunUntilServesTimersAndPosts(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `return function()
  local uv = require("luv")
  local co = coroutine.running()
  local t = uv.new_timer()
  t:start(5, 0, function() t:close(); coroutine.resume(co, "timer") end)
  return coroutine.yield()
end`)
	task := lp.Start(context.Background(), f)
	got := ""
	go func() {
		time.Sleep(20 * time.Millisecond)
		lp.Post(func() { got = "posted" })
	}()
	if err := lp.RunUntil(context.Background(), func() bool { return got != "" && task.Done() }); err != nil {
		t.Fatal(err)
	}
	res, err := task.Wait()
	if err != nil || len(res) != 1 || str(res[0]) != "timer" || got != "posted" {
		t.Fatalf("res %v err %v got %q", res, err, got)
	}
}

func TestRunUntilContext(t *testing.T) {
	lp, _ := newLoop(t)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(10 * time.Millisecond); cancel() }()
	err := lp.RunUntil(ctx, func() bool { return false })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

// TestTagFollowsNestedEntrypoints: a Go function called from a tagged
// coroutine, and from a synchronous entrypoint that coroutine starts,
// sees the tag; untagged code sees nil.
func TestTagFollowsNestedEntrypoints(t *testing.T) {
	lp, _ := newLoop(t)
	var seen []any
	lp.L.SetGlobal("probe", runtime.NewFunction("probe", func(L *runtime.State) int {
		seen = append(seen, lp.Tag())
		return 0
	}))
	inner := fn(t, lp, `return function() probe() end`)
	lp.L.SetGlobal("nested", runtime.NewFunction("nested", func(L *runtime.State) int {
		if _, err := lp.CallSync(context.Background(), inner); err != nil {
			L.Errorf("%v", err)
		}
		return 0
	}))
	outer := fn(t, lp, `return function() probe(); nested() end`)
	task := lp.StartTagged(context.Background(), "lane-1", outer)
	if _, err := task.Wait(); err != nil {
		t.Fatal(err)
	}
	if _, err := lp.CallCoroutine(context.Background(), inner); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 3 || seen[0] != "lane-1" || seen[1] != "lane-1" || seen[2] != nil {
		t.Fatalf("seen %v", seen)
	}
}

// TestPipeFDs: uv.pipe's ends work with pipe_open, so a coroutine can
// await a byte written to the write end by Go (a job's wake_fd).
func TestPipeFDs(t *testing.T) {
	lp, _ := newLoop(t)
	f := fn(t, lp, `return function()
  local uv = require("luv")
  local fds = uv.pipe()
  local r = uv.new_pipe()
  assert(r:open(fds.read) == 0)
  assert(r:is_readable() and not r:is_writable())
  local w = uv.new_pipe()
  assert(uv.pipe_open(w, fds.write) == 0)
  assert(w:is_writable())
  local co = coroutine.running()
  r:read_start(function(err, data) r:read_stop(); assert(coroutine.resume(co, data)) end)
  w:write("ping")
  local got = coroutine.yield()
  r:close(); w:close()
  assert(not pcall(function() assert(uv.new_pipe():open(fds.read) == 0) end), "an fd cannot be opened twice")
  return got
end`)
	res, err := lp.CallCoroutine(context.Background(), f)
	if err != nil || len(res) != 1 || str(res[0]) != "ping" {
		t.Fatalf("res %v err %v", res, err)
	}
}
