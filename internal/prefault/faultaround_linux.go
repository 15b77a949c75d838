package prefault

import (
	"runtime"
	"syscall"
	"unsafe"
)

// Fault-around off for the executable's code and read-only data.
//
// When a process touches a page of a file mapping that is in the page
// cache, Linux maps the 64 KB around it too (fault-around), to save the
// faults of its neighbours. In a 38 MB executable whose start-up and run
// touch a few places in each of many windows, that maps several times
// what is used: `panto lua -e ''` held 12.9 MB of the executable's pages,
// and after the first collection gives them back (ReleaseExecutable,
// release_linux.go) a program maps 6-8 MB of them again, 64 KB at a
// time, where the lean engine's whole binary is 6 MB (docs/benchmarks.md,
// "What luacheck's peak holds of the executable"). MADV_RANDOM does not
// turn fault-around off, and the knob that does (fault_around_bytes) is
// the whole machine's, in debugfs. One thing per mapping does: the kernel
// does not fault around in a range registered with a userfaultfd for
// write-protection. Registered in asynchronous mode (Linux 6.7), write
// faults are resolved by the kernel without a handler, and there are
// none here anyway: the segments are read-only. So the registration's
// only effect is that a read fault maps the one page it needs.
//
// The userfaultfd stays open for the life of the process (closing it
// would undo the registration); it is close-on-exec, and a fork's child
// does not inherit the registration. Where the kernel refuses (before
// 6.7, no userfaultfd, a seccomp filter that forbids it) nothing changes.
// PANTO_FAULT_AROUND=1 in the environment keeps the kernel's behaviour.

const (
	uffdUserModeOnly     = 1       // UFFD_USER_MODE_ONLY: allowed unprivileged
	uffdAPI              = 0xAA    // UFFD_API
	uffdFeatureWPAsync   = 1 << 15 // UFFD_FEATURE_WP_ASYNC, Linux 6.7
	uffdioAPI            = 0xC018AA3F
	uffdioRegister       = 0xC020AA00
	uffdioRegisterModeWP = 1 << 1
	atPHDR               = 3 // auxiliary vector: the program headers' address
	atPHNUM              = 5 // and their number
	ptLoad               = 1
	ptPHDR               = 6
	pfW                  = 2
)

// sysUserfaultfd is the system call's number, 0 where it is not known
// (the ioctl numbers above are those of the generic encoding, which these
// architectures use).
func sysUserfaultfd() uintptr {
	switch runtime.GOARCH {
	case "amd64":
		return 323
	case "arm64", "riscv64", "loong64":
		return 282
	}
	return 0
}

// uffd is the userfaultfd that keeps the registration, -1 if none.
var uffd = -1

// segment is a page-aligned address range.
type segment struct{ start, end uintptr }

// elfProg is an ELF64 program header.
type elfProg struct {
	typ, flags                       uint32
	off, vaddr, paddr, filesz, memsz uint64
	align                            uint64
}

// readOnlySegments returns the executable's loadable segments that are
// not writable, page-aligned, without any page shared with a writable
// one. It reads the program headers from memory, where the auxiliary
// vector says the loader put them, so it needs no ELF parser (and this
// package's init stays early).
func readOnlySegments() []segment {
	var buf [1024]byte
	n := readProc("/proc/self/auxv", buf[:])
	var phdr, phnum uintptr
	for i := 0; i+16 <= n; i += 16 {
		v := uintptr(*(*uint64)(unsafe.Pointer(&buf[i+8])))
		switch *(*uint64)(unsafe.Pointer(&buf[i])) {
		case atPHDR:
			phdr = v
		case atPHNUM:
			phnum = v
		}
	}
	if phdr == 0 || phnum == 0 || phnum > 64 {
		return nil
	}
	// The headers lie in the executable's mapping, outside Go's heap: the
	// address is read as a pointer through memory, which vet accepts.
	progs := unsafe.Slice(*(**elfProg)(unsafe.Pointer(&phdr)), phnum)
	return readOnly(progs, phdr, uintptr(syscall.Getpagesize()))
}

// readOnly is readOnlySegments for the program headers progs, found at
// address phdr (which gives the load bias of a position-independent
// executable).
func readOnly(progs []elfProg, phdr, page uintptr) []segment {
	bias := uintptr(0)
	for _, p := range progs {
		if p.typ == ptPHDR {
			bias = phdr - uintptr(p.vaddr)
		}
	}
	span := func(p elfProg) segment {
		return segment{(bias + uintptr(p.vaddr)) &^ (page - 1), (bias + uintptr(p.vaddr+p.memsz) + page - 1) &^ (page - 1)}
	}
	var writable, out []segment
	for _, p := range progs {
		if p.typ == ptLoad && p.flags&pfW != 0 {
			writable = append(writable, span(p))
		}
	}
	for _, p := range progs {
		if p.typ != ptLoad || p.flags&pfW != 0 || p.memsz == 0 {
			continue
		}
		s := span(p)
		for _, w := range writable {
			if s.start < w.end && w.start < s.end { // overlap: keep the part below or above
				if w.start > s.start {
					s.end = w.start
				} else {
					s.start = w.end
				}
			}
		}
		if s.start < s.end {
			out = append(out, s)
		}
	}
	return out
}

// traced reports whether a debugger or another tracer is attached to
// the process (/proc/self/status's TracerPid). A debugger that started
// the process has already written its breakpoints into private copies of
// the code's pages; dropping the pages would put the file's code back
// and lose them silently (gdb's `break main.main` was never hit), so a
// traced process keeps the kernel's behaviour.
func traced() bool {
	var buf [4096]byte
	return tracerPid(buf[:readProc("/proc/self/status", buf[:])]) != 0
}

// readProc reads the start of a /proc file into buf with system calls
// alone (the package's init runs before os is initialised) and returns
// how many bytes it read, 0 when it could not.
func readProc(path string, buf []byte) int {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0
	}
	n, _ := syscall.Read(fd, buf)
	syscall.Close(fd)
	return max(n, 0)
}

// tracerPid returns the TracerPid field of a /proc/PID/status text, 0
// when it is absent.
func tracerPid(status []byte) int {
	const key = "\nTracerPid:"
	for i := 0; i+len(key) <= len(status); i++ {
		if string(status[i:i+len(key)]) != key {
			continue
		}
		rest := status[i+len(key):]
		for len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
			rest = rest[1:]
		}
		pid := 0
		for len(rest) > 0 && rest[0] >= '0' && rest[0] <= '9' {
			pid = pid*10 + int(rest[0]-'0')
			rest = rest[1:]
		}
		return pid
	}
	return 0
}

// faultAroundOff registers the executable's read-only segments with a
// userfaultfd (see above) and, when drop is set, unmaps what start-up has
// mapped of them so far, to be faulted back a page at a time as it is
// used. It reports whether the kernel took the registration.
func faultAroundOff(drop bool) bool {
	nr := sysUserfaultfd()
	if nr == 0 || uffd >= 0 || traced() {
		return false
	}
	segs := readOnlySegments()
	if len(segs) == 0 {
		return false
	}
	fd, _, e := syscall.RawSyscall(nr, syscall.O_CLOEXEC|syscall.O_NONBLOCK|uffdUserModeOnly, 0, 0)
	if e != 0 {
		return false
	}
	api := struct{ api, features, ioctls uint64 }{api: uffdAPI, features: uffdFeatureWPAsync}
	if _, _, e := syscall.RawSyscall(syscall.SYS_IOCTL, fd, uffdioAPI, uintptr(unsafe.Pointer(&api))); e != 0 {
		syscall.Close(int(fd))
		return false
	}
	ok := false
	for _, s := range segs {
		reg := struct{ start, len, mode, ioctls uint64 }{start: uint64(s.start), len: uint64(s.end - s.start), mode: uffdioRegisterModeWP}
		if _, _, e := syscall.RawSyscall(syscall.SYS_IOCTL, fd, uffdioRegister, uintptr(unsafe.Pointer(&reg))); e != 0 {
			continue
		}
		ok = true
		if drop {
			syscall.RawSyscall(syscall.SYS_MADVISE, s.start, s.end-s.start, syscall.MADV_DONTNEED)
		}
	}
	if !ok {
		syscall.Close(int(fd))
		return false
	}
	uffd = int(fd)
	return true
}
