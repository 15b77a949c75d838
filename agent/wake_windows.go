package agent

import "syscall"

// writeWake writes a job's wake byte to the handle the extension gave.
func writeWake(fd int) { syscall.Write(syscall.Handle(fd), []byte{1}) }
