package luv

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"panto/internal/childproc"
	"panto/runtime"
)

// process is uv_process_t. The child is waited for on a goroutine, which
// posts the exit; the handle is active until then.
type process struct {
	handle
	cmd     *exec.Cmd
	launch  *childproc.Launch
	pid     int
	exited  bool
	onExit  runtime.Value
	exitRef int64
}

func (p *process) release() {
	p.lp.unref(p.exitRef)
	p.exitRef = 0
	p.onExit = runtime.Nil
}

// kill is abandonment: an entrypoint that is cancelled or fails, or the
// loop closing, takes its children down with it. A child that leads its
// own process group (detached, or started through panto's process
// helper) is killed with its whole group, even after it exited while
// something it started in the background is still there.
func (p *process) kill() {
	p.launch.Kill(p.cmd)
}

func checkProcess(L *runtime.State, n int) *process {
	if ud := L.Arg(n).AsUserdata(); ud != nil {
		if p, ok := ud.Value.(*process); ok {
			return p
		}
	}
	L.TypeError(n, "uv_process_t")
	return nil
}

// stringList reads an array of strings from an options field.
func stringList(L *runtime.State, opts *runtime.Table, field string) ([]string, bool) {
	v := opts.GetStr(field)
	if v.IsNil() {
		return nil, false
	}
	t := v.AsTable()
	if t == nil {
		L.Errorf("bad option '%s' to 'spawn' (table expected, got %s)", field, v.TypeName())
	}
	var out []string
	for i := int64(1); ; i++ {
		s := t.GetInt(i)
		if s.IsNil() {
			break
		}
		if !s.IsString() && !s.IsNumber() {
			L.Errorf("bad option '%s' to 'spawn' (strings expected, got %s at %d)", field, s.TypeName(), i)
		}
		out = append(out, L.ToString(s))
	}
	return out, true
}

func (lp *Loop) uvSpawn(L *runtime.State) int {
	path := L.CheckString(1)
	opts := L.CheckTable(2)
	onExit := optCallable(L, 3)

	args, _ := stringList(L, opts, "args")
	env, hasEnv := stringList(L, opts, "env")
	cwd := ""
	if v := opts.GetStr("cwd"); !v.IsNil() {
		if !v.IsString() {
			L.Errorf("bad option 'cwd' to 'spawn' (string expected, got %s)", v.TypeName())
		}
		cwd = v.AsString()
	}
	detached := opts.GetStr("detached").Truthy()

	// stdio: pipes, inherited descriptors or nil, one per child fd.
	var stdio []runtime.Value
	if v := opts.GetStr("stdio"); !v.IsNil() {
		t := v.AsTable()
		if t == nil {
			L.Errorf("bad option 'stdio' to 'spawn' (table expected, got %s)", v.TypeName())
		}
		n := 0
		for i := 1; i <= 64; i++ {
			if !t.GetInt(int64(i)).IsNil() {
				n = i
			}
		}
		for i := 1; i <= n; i++ {
			stdio = append(stdio, t.GetInt(int64(i)))
		}
	}

	var (
		files      = make([]*os.File, len(stdio))
		childEnds  []*os.File // closed in the parent once the child has them
		opened     []*pipe
		parentEnds []*os.File
		childOf    = map[*pipe]*os.File{} // a pipe given twice (stdout and stderr)
	)
	fail := func(err error) int {
		for _, f := range childEnds {
			f.Close()
		}
		for _, f := range parentEnds {
			f.Close()
		}
		for _, p := range opened {
			p.r, p.w, p.readable, p.writable = nil, nil, false, false
		}
		var se *childproc.StartError
		if errors.As(err, &se) {
			return pushFail(L, uvError{Name: "EPERM", Msg: se.Msg})
		}
		return pushFail(L, toUVError(err))
	}
	for i, v := range stdio {
		switch {
		case v.IsNil():
		case v.IsNumber():
			fd, ok := v.ToInteger()
			if !ok || fd < 0 {
				L.Errorf("bad stdio entry %d to 'spawn' (invalid file descriptor)", i+1)
			}
			files[i] = lp.fileForFd(int(fd))
		default:
			var p *pipe
			if ud := v.AsUserdata(); ud != nil {
				p, _ = ud.Value.(*pipe)
			}
			if p == nil {
				L.Errorf("bad stdio entry %d to 'spawn' (uv_pipe_t, integer or nil expected, got %s)", i+1, L.ToString(v))
			}
			if p.closing {
				return fail(syscall.EINVAL)
			}
			if f := childOf[p]; f != nil {
				files[i] = f
				continue
			}
			if p.r != nil || p.w != nil {
				// An open stream is inherited as it is.
				if p.w != nil {
					files[i] = p.w
				} else {
					files[i] = p.r
				}
				continue
			}
			r, w, err := os.Pipe()
			if err != nil {
				return fail(err)
			}
			if i == 0 {
				files[i] = r
				p.w, p.writable = w, true
				childEnds = append(childEnds, r)
				parentEnds = append(parentEnds, w)
			} else {
				files[i] = w
				p.r, p.readable = r, true
				childEnds = append(childEnds, w)
				parentEnds = append(parentEnds, r)
			}
			childOf[p] = files[i]
			opened = append(opened, p)
		}
	}

	resolved, err := findProgram(path, cwd, env, hasEnv)
	if err != nil {
		return fail(err)
	}
	cmd := &exec.Cmd{Path: resolved, Args: append([]string{path}, args...), Dir: cwd}
	if hasEnv {
		cmd.Env = append([]string{}, env...)
	}
	// Assign only non-nil files: a nil *os.File in an io.Reader is not
	// a nil interface.
	if len(files) > 0 && files[0] != nil {
		cmd.Stdin = files[0]
	}
	if len(files) > 1 && files[1] != nil {
		cmd.Stdout = files[1]
	}
	if len(files) > 2 && files[2] != nil {
		cmd.Stderr = files[2]
	}
	if len(files) > 3 {
		cmd.ExtraFiles = files[3:]
	}
	var sandbox *childproc.Sandbox
	if opts.GetStr("sandbox").Truthy() {
		sandbox = lp.sandbox
	}
	launch, err := childproc.Prepare(cmd, childproc.Options{Detached: detached, Sandbox: sandbox})
	if err != nil {
		return fail(err)
	}
	if err := cmd.Start(); err != nil {
		launch.Abort()
		return fail(err)
	}
	for _, f := range childEnds {
		f.Close()
	}
	if err := launch.Started(cmd); err != nil {
		return fail(err)
	}

	proc := &process{cmd: cmd, launch: launch, pid: cmd.Process.Pid, onExit: onExit}
	ud := lp.newHandle("process", "uv_process_t", proc)
	proc.exitRef = lp.ref(onExit)
	proc.setActive(true)
	// The pipes serve this child: if its entrypoint is abandoned they
	// are closed with it.
	for _, p := range opened {
		p.setOwner(lp.cur)
	}
	go func() {
		code, sig := launch.Wait(cmd)
		lp.Post(func() { proc.exit(code, sig) })
	}()
	L.Push(runtime.UserdataValue(ud), runtime.Int(int64(proc.pid)))
	return 2
}

// exit runs on the owner when the child has exited.
func (p *process) exit(code, sig int) {
	p.exited = true
	if p.closing {
		return
	}
	p.setActive(false)
	if !p.onExit.IsNil() {
		p.lp.invoke(p.owner, p.onExit, runtime.Int(int64(code)), runtime.Int(int64(sig)))
	}
}

// fileForFd is the file a stdio integer entry refers to: the parent's
// standard streams, a descriptor opened with fs_open, or any other
// inherited descriptor.
func (lp *Loop) fileForFd(fd int) *os.File {
	switch fd {
	case 0:
		return os.Stdin
	case 1:
		return os.Stdout
	case 2:
		return os.Stderr
	}
	if e := lp.fds[fd]; e != nil {
		return e.f
	}
	return os.NewFile(uintptr(fd), "fd")
}

// findProgram resolves path as execvp would in the child: a name without
// a slash is searched in PATH (the child's, when env sets it); a relative
// path is relative to cwd.
func findProgram(path, cwd string, env []string, hasEnv bool) (string, error) {
	if strings.ContainsRune(path, os.PathSeparator) || strings.Contains(path, "/") {
		if !filepath.IsAbs(path) && cwd != "" {
			return filepath.Join(cwd, path), nil
		}
		return path, nil
	}
	pathVar := os.Getenv("PATH")
	if hasEnv {
		pathVar = ""
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, "PATH="); ok {
				pathVar = v
			}
		}
	}
	for _, dir := range filepath.SplitList(pathVar) {
		if dir == "" {
			dir = "."
		}
		if !filepath.IsAbs(dir) && cwd != "" {
			dir = filepath.Join(cwd, dir)
		}
		cand := filepath.Join(dir, path)
		if fi, err := os.Stat(cand); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return cand, nil
		}
	}
	return "", exec.ErrNotFound
}

// checkSignal reads a signal argument: nil (SIGTERM), a number, or a name
// such as "sigint" (case-insensitive).
func checkSignal(L *runtime.State, n int) syscall.Signal {
	v := L.Arg(n)
	switch {
	case v.IsNil():
		return syscall.SIGTERM
	case v.IsNumber():
		return syscall.Signal(L.CheckInteger(n))
	}
	name := strings.ToLower(L.CheckString(n))
	sig, ok := signalNames()[name]
	if !ok {
		L.ArgError(n, "unknown signal name '"+name+"'")
	}
	return sig
}

func (lp *Loop) uvProcessKill(L *runtime.State) int {
	p := checkProcess(L, 1)
	sig := checkSignal(L, 2)
	if p.exited {
		return pushFail(L, uvErrorOf("ESRCH"))
	}
	if err := p.launch.Signal(p.cmd, sig); err != nil {
		if err == os.ErrProcessDone {
			return pushFail(L, uvErrorOf("ESRCH"))
		}
		return pushFail(L, toUVError(err))
	}
	return pushOK(L)
}

func (lp *Loop) uvProcessGetPid(L *runtime.State) int {
	L.Push(runtime.Int(int64(checkProcess(L, 1).pid)))
	return 1
}

func uvKill(L *runtime.State) int {
	pid := int(L.CheckInteger(1))
	sig := checkSignal(L, 2)
	if err := killPid(pid, sig); err != nil {
		return pushFail(L, toUVError(err))
	}
	return pushOK(L)
}
