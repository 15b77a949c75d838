//go:build !unix

package luv

import (
	"os"
	"sync"
	"syscall"
)

func killPid(pid int, sig syscall.Signal) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Signal(sig)
}

var signalNames = sync.OnceValue(func() map[string]syscall.Signal {
	return map[string]syscall.Signal{
		"sighup":  syscall.SIGHUP,
		"sigint":  syscall.SIGINT,
		"sigquit": syscall.SIGQUIT,
		"sigkill": syscall.SIGKILL,
		"sigterm": syscall.SIGTERM,
	}
})
