//go:build windows

package childproc

import (
	"os/exec"
	"unsafe"

	"golang.org/x/sys/windows"
)

// On Windows the kernel's job objects do what the helper does on unix:
// panto puts itself into a job that kills every process in it when its
// last handle closes. Children inherit the job, and so does everything
// they start, so when panto ends (an exit, a closed console, a kill
// from the task manager) the kernel closes panto's handle and ends them
// all. The handle is held, never closed, for the life of the process.
var job windows.Handle

// UseHelper puts panto into a kill-on-close job (exe is not needed
// here). When that fails (an older system that refuses nested jobs)
// children are started as before and can outlive panto.
func UseHelper(exe string) {
	if exe == "" || job != 0 {
		return
	}
	h, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(h, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(h)
		return
	}
	if err := windows.AssignProcessToJobObject(h, windows.CurrentProcess()); err != nil {
		windows.CloseHandle(h)
		return
	}
	job = h
}

// HelperInUse reports whether panto runs in its kill-on-close job.
func HelperInUse() bool { return job != 0 }

// RunHelperIfAsked does nothing here: there is no helper process.
func RunHelperIfAsked() {}

// Prepare starts the child directly; the job ends it with panto. A
// sandbox is not applied here: Available says so.
func Prepare(cmd *exec.Cmd, o Options) (*Launch, error) {
	return &Launch{Group: setGroup(cmd, o.Detached)}, nil
}
