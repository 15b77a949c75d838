package luv

import (
	"fmt"
	"os"
	"strings"
	"time"

	"panto/runtime"
)

// The luv module: require("luv") returns one table per loop, built on
// first use. Functions have luv's names and argument orders, and most
// handle functions also exist as methods (uv.timer_start(t, ...) and
// t:start(...)). What exists is listed in docs/luv.md.

// libuvVersion is the libuv release whose behaviour this subset follows
// (the one the reference host vendors).
const (
	libuvVersion       = 1<<16 | 52<<8 | 1
	libuvVersionString = "1.52.1"
)

type luaFn = func(L *runtime.State) int

func (lp *Loop) luvModule() *runtime.Table {
	if lp.module != nil {
		return lp.module
	}
	handleMethods := map[string]luaFn{
		"close":      lp.uvClose,
		"is_active":  lp.uvIsActive,
		"is_closing": lp.uvIsClosing,
		"ref":        lp.uvRef,
		"unref":      lp.uvUnref,
		"has_ref":    lp.uvHasRef,
		"get_type":   lp.uvHandleGetType,
	}
	timerMethods := map[string]luaFn{
		"start":      lp.uvTimerStart,
		"stop":       lp.uvTimerStop,
		"again":      lp.uvTimerAgain,
		"set_repeat": lp.uvTimerSetRepeat,
		"get_repeat": lp.uvTimerGetRepeat,
		"get_due_in": lp.uvTimerGetDueIn,
	}
	streamMethods := map[string]luaFn{
		"read_start":           lp.uvReadStart,
		"read_stop":            lp.uvReadStop,
		"write":                lp.uvWrite,
		"shutdown":             lp.uvShutdown,
		"is_readable":          lp.uvIsReadable,
		"is_writable":          lp.uvIsWritable,
		"get_write_queue_size": lp.uvWriteQueueSize,
		"open":                 lp.uvPipeOpen,
	}
	processMethods := map[string]luaFn{
		"kill":    lp.uvProcessKill,
		"get_pid": lp.uvProcessGetPid,
	}
	lp.newMeta("uv_timer_t", handleMethods, timerMethods)
	lp.newMeta("uv_pipe_t", handleMethods, streamMethods)
	lp.newMeta("uv_process_t", handleMethods, processMethods)
	lp.newMeta("uv_fs_t", nil)
	lp.newMeta("uv_write_t", nil)
	lp.newMeta("uv_shutdown_t", nil)

	fns := map[string]luaFn{
		// loop
		"run":         lp.uvRun,
		"stop":        lp.uvStop,
		"loop_alive":  lp.uvLoopAlive,
		"now":         lp.uvNow,
		"update_time": lp.uvUpdateTime,
		"hrtime":      uvHrtime,
		"sleep":       lp.uvSleep,
		// handles
		"close":           lp.uvClose,
		"is_active":       lp.uvIsActive,
		"is_closing":      lp.uvIsClosing,
		"ref":             lp.uvRef,
		"unref":           lp.uvUnref,
		"has_ref":         lp.uvHasRef,
		"handle_get_type": lp.uvHandleGetType,
		// timers
		"new_timer":        lp.uvNewTimer,
		"timer_start":      lp.uvTimerStart,
		"timer_stop":       lp.uvTimerStop,
		"timer_again":      lp.uvTimerAgain,
		"timer_set_repeat": lp.uvTimerSetRepeat,
		"timer_get_repeat": lp.uvTimerGetRepeat,
		"timer_get_due_in": lp.uvTimerGetDueIn,
		// streams and pipes
		"new_pipe":                    lp.uvNewPipe,
		"pipe":                        lp.uvPipe,
		"pipe_open":                   lp.uvPipeOpen,
		"read_start":                  lp.uvReadStart,
		"read_stop":                   lp.uvReadStop,
		"write":                       lp.uvWrite,
		"shutdown":                    lp.uvShutdown,
		"is_readable":                 lp.uvIsReadable,
		"is_writable":                 lp.uvIsWritable,
		"stream_get_write_queue_size": lp.uvWriteQueueSize,
		// processes
		"spawn":           lp.uvSpawn,
		"process_kill":    lp.uvProcessKill,
		"process_get_pid": lp.uvProcessGetPid,
		"kill":            uvKill,
		// file system
		"fs_stat":         lp.fsStat,
		"fs_lstat":        lp.fsLstat,
		"fs_fstat":        lp.fsFstat,
		"fs_open":         lp.fsOpen,
		"fs_read":         lp.fsRead,
		"fs_write":        lp.fsWrite,
		"fs_close":        lp.fsClose,
		"fs_ftruncate":    lp.fsFtruncate,
		"fs_fsync":        lp.fsFsync,
		"fs_unlink":       lp.fsUnlink,
		"fs_mkdir":        lp.fsMkdir,
		"fs_mkdtemp":      lp.fsMkdtemp,
		"fs_rmdir":        lp.fsRmdir,
		"fs_scandir":      lp.fsScandir,
		"fs_scandir_next": lp.fsScandirNext,
		"fs_rename":       lp.fsRename,
		"fs_readlink":     lp.fsReadlink,
		"fs_realpath":     lp.fsRealpath,
		"fs_access":       lp.fsAccess,
		"fs_chmod":        lp.fsChmod,
		"fs_copyfile":     lp.fsCopyfile,
		// system
		"os_getenv":      uvOsGetenv,
		"os_homedir":     uvOsHomedir,
		"os_tmpdir":      uvOsTmpdir,
		"os_getpid":      uvOsGetpid,
		"cwd":            uvCwd,
		"version":        func(L *runtime.State) int { L.Push(runtime.Int(libuvVersion)); return 1 },
		"version_string": func(L *runtime.State) int { L.PushString(libuvVersionString); return 1 },
	}
	m := runtime.NewTable(0, len(fns)+1)
	for name, fn := range fns {
		m.SetStr(name, runtime.NewFunction(name, fn))
	}
	consts := runtime.NewTable(0, len(signalNames()))
	for name, sig := range signalNames() {
		consts.SetStr(strings.ToUpper(name), runtime.Int(int64(sig)))
	}
	m.SetStr("constants", runtime.TableValue(consts))
	lp.module = m
	return m
}

// newMeta creates the metatable of a userdata type: __index holds the
// methods, __name the type name (used in argument errors), __tostring
// prints "uv_timer_t: 0x...".
func (lp *Loop) newMeta(name string, methodSets ...map[string]luaFn) {
	methods := runtime.NewTable(0, 16)
	for _, set := range methodSets {
		for n, fn := range set {
			methods.SetStr(n, runtime.NewFunction(n, fn))
		}
	}
	mt := runtime.NewTable(0, 4)
	mt.SetStr("__name", runtime.String(name))
	mt.SetStr("__index", runtime.TableValue(methods))
	mt.SetStr("__tostring", runtime.NewFunction("tostring", func(L *runtime.State) int {
		L.PushString(fmt.Sprintf("%s: %p", name, L.Arg(1).AsUserdata()))
		return 1
	}))
	lp.metas[name] = mt
}

func (lp *Loop) newUserdata(typ string, v any) *runtime.Userdata {
	lp.luvModule()
	return runtime.NewUserdata(v, lp.metas[typ])
}

// ---------------------------------------------------------------------------
// Handles

// handle is what every handle type shares: liveness accounting,
// ownership and closing.
type handle struct {
	lp       *Loop
	typ      string // "timer", "pipe", "process" (handle_get_type)
	ud       *runtime.Userdata
	udRef    int64
	owner    *call
	active   bool
	refd     bool
	closing  bool
	closeCb  runtime.Value
	closeRef int64
	impl     handleImpl
}

// handleImpl is the type-specific part of a handle.
type handleImpl interface {
	base() *handle
	// release stops the handle's activity and frees what it holds, with
	// no callback; it runs once, when the handle is closed.
	release()
	// kill is what abandonment adds to closing (a child process is
	// killed: closing a process handle alone leaves the child running).
	kill()
}

func (lp *Loop) newHandle(typ, udType string, impl handleImpl) *runtime.Userdata {
	h := impl.base()
	h.lp = lp
	h.typ = typ
	h.impl = impl
	h.refd = true
	h.setOwner(lp.cur)
	h.ud = lp.newUserdata(udType, impl)
	h.udRef = lp.ref(runtime.UserdataValue(h.ud))
	lp.handles[h] = struct{}{}
	return h.ud
}

func (h *handle) base() *handle { return h }

func (h *handle) setOwner(c *call) {
	if h.owner != nil {
		h.owner.owned--
	}
	h.owner = c
	if c != nil {
		c.owned++
	}
}

// setActive maintains the loop's liveness counters.
func (h *handle) setActive(on bool) {
	if h.active == on {
		return
	}
	h.active = on
	d := 1
	if !on {
		d = -1
	}
	h.lp.activeAll += d
	if h.refd {
		h.lp.activeRefd += d
	}
}

func (h *handle) setRef(on bool) {
	if h.refd == on {
		return
	}
	h.refd = on
	if h.active {
		if on {
			h.lp.activeRefd++
		} else {
			h.lp.activeRefd--
		}
	}
}

// close starts closing: the handle stops at once, and its close callback
// (if any) runs on a later iteration.
func (h *handle) close(cb runtime.Value) {
	h.closing = true
	h.impl.release()
	h.setActive(false)
	if !cb.IsNil() {
		h.closeCb = cb
		h.closeRef = h.lp.ref(cb)
	}
	h.lp.closing = append(h.lp.closing, h)
}

// abandon closes the handle at once, without a callback, killing a child
// process: its entrypoint is gone, so nothing is left to run for it, and
// the handle stops counting as alive right away.
func (h *handle) abandon() {
	h.impl.kill()
	if !h.closing {
		h.closing = true
		h.impl.release()
		h.setActive(false)
	}
	lp := h.lp
	for i, c := range lp.closing {
		if c == h {
			lp.closing = append(lp.closing[:i], lp.closing[i+1:]...)
			break
		}
	}
	lp.dropHandle(h)
}

// dropHandle removes a closed handle from the loop.
func (lp *Loop) dropHandle(h *handle) {
	if _, ok := lp.handles[h]; !ok {
		return
	}
	delete(lp.handles, h)
	h.setOwner(nil)
	lp.unref(h.udRef)
	lp.unref(h.closeRef)
	h.closeRef, h.udRef = 0, 0
	h.closeCb = runtime.Nil
}

// checkHandle returns argument n as any handle.
func checkHandle(L *runtime.State, n int) *handle {
	if ud := L.Arg(n).AsUserdata(); ud != nil {
		if impl, ok := ud.Value.(handleImpl); ok {
			return impl.base()
		}
	}
	L.TypeError(n, "uv_handle_t")
	return nil
}

func (lp *Loop) uvClose(L *runtime.State) int {
	h := checkHandle(L, 1)
	cb := optCallable(L, 2)
	if h.closing {
		L.Errorf("handle %p is already closing", h.ud)
	}
	h.close(cb)
	return 0
}

func (lp *Loop) uvIsActive(L *runtime.State) int {
	L.Push(runtime.Bool(checkHandle(L, 1).active))
	return 1
}

func (lp *Loop) uvIsClosing(L *runtime.State) int {
	L.Push(runtime.Bool(checkHandle(L, 1).closing))
	return 1
}

func (lp *Loop) uvRef(L *runtime.State) int {
	checkHandle(L, 1).setRef(true)
	return 0
}

func (lp *Loop) uvUnref(L *runtime.State) int {
	checkHandle(L, 1).setRef(false)
	return 0
}

func (lp *Loop) uvHasRef(L *runtime.State) int {
	L.Push(runtime.Bool(checkHandle(L, 1).refd))
	return 1
}

// handleTypes are libuv's uv_handle_type numbers, returned with the name.
var handleTypes = map[string]int64{"pipe": 7, "process": 8, "timer": 13}

func (lp *Loop) uvHandleGetType(L *runtime.State) int {
	h := checkHandle(L, 1)
	L.Push(runtime.String(h.typ), runtime.Int(handleTypes[h.typ]))
	return 2
}

// ---------------------------------------------------------------------------
// Callables and results

// isCallable reports whether v is a function or has __call, luv's
// "callable".
func isCallable(L *runtime.State, v runtime.Value) bool {
	if v.IsFunction() {
		return true
	}
	if v.Type() == runtime.TypeTable || v.Type() == runtime.TypeUserdata {
		if mt := L.Metatable(v); mt != nil && !mt.GetStr("__call").IsNil() {
			return true
		}
	}
	return false
}

func checkCallable(L *runtime.State, n int) runtime.Value {
	v := L.Arg(n)
	if !isCallable(L, v) {
		L.TypeError(n, "callable")
	}
	return v
}

// optCallable returns argument n if it is callable, nil if it is nil or
// absent, and raises an error otherwise.
func optCallable(L *runtime.State, n int) runtime.Value {
	if L.Arg(n).IsNil() {
		return runtime.Nil
	}
	return checkCallable(L, n)
}

// pushFail pushes luv's fail triple: nil, "NAME: message", "NAME".
func pushFail(L *runtime.State, e uvError) int {
	L.Push(runtime.Nil, runtime.String(e.String()), runtime.String(e.Name))
	return 3
}

func pushOK(L *runtime.State) int {
	L.Push(runtime.Int(0))
	return 1
}

// ---------------------------------------------------------------------------
// Loop functions

func (lp *Loop) uvRun(L *runtime.State) int {
	modes := []string{"default", "once", "nowait"}
	mode := []runMode{runDefault, runOnce, runNoWait}[L.CheckOption(1, "default", modes)]
	L.Push(runtime.Bool(lp.run(mode)))
	return 1
}

func (lp *Loop) uvStop(L *runtime.State) int {
	lp.stopFlag = true
	return 0
}

func (lp *Loop) uvLoopAlive(L *runtime.State) int {
	L.Push(runtime.Bool(lp.alive()))
	return 1
}

func (lp *Loop) uvNow(L *runtime.State) int {
	L.Push(runtime.Int(lp.now))
	return 1
}

func (lp *Loop) uvUpdateTime(L *runtime.State) int {
	lp.updateTime()
	return 0
}

// processStart is the origin of uv.hrtime: monotonic, arbitrary.
var processStart = time.Now()

func uvHrtime(L *runtime.State) int {
	L.Push(runtime.Int(int64(time.Since(processStart))))
	return 1
}

// uvSleep blocks the loop owner, as luv's does, but wakes early when the
// running entrypoint's context ends (the interrupt check then stops the
// code).
func (lp *Loop) uvSleep(L *runtime.State) int {
	ms := L.CheckInteger(1)
	if ms <= 0 {
		return 0
	}
	t := time.NewTimer(time.Duration(ms) * time.Millisecond)
	defer t.Stop()
	var done <-chan struct{}
	if lp.runCtx != nil {
		done = lp.runCtx.Done()
	}
	select {
	case <-t.C:
	case <-done:
	}
	return 0
}

// ---------------------------------------------------------------------------
// System

func uvOsGetenv(L *runtime.State) int {
	v, ok := os.LookupEnv(L.CheckString(1))
	if !ok {
		return pushFail(L, uvErrorOf("ENOENT"))
	}
	L.PushString(v)
	return 1
}

func uvOsHomedir(L *runtime.State) int {
	d, err := os.UserHomeDir()
	if err != nil {
		return pushFail(L, toUVError(err))
	}
	L.PushString(d)
	return 1
}

func uvOsTmpdir(L *runtime.State) int {
	d := os.TempDir()
	if len(d) > 1 {
		d = strings.TrimSuffix(d, "/")
	}
	L.PushString(d)
	return 1
}

func uvOsGetpid(L *runtime.State) int {
	L.Push(runtime.Int(int64(os.Getpid())))
	return 1
}

func uvCwd(L *runtime.State) int {
	d, err := os.Getwd()
	if err != nil {
		return pushFail(L, toUVError(err))
	}
	L.PushString(d)
	return 1
}
