//go:build unix

package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
)

// The peak RSS of a run is what GNU time reports for it (%M). wait4's own
// ru_maxrss cannot be used from here: os/exec starts the child as a
// vfork, sharing benchrun's memory until exec, and Linux keeps that
// high-water mark across exec, so every child would report at least
// benchrun's own RSS (about 11 MB, more than lua5.4 uses).

// timeCommand is GNU time, or "" when it is not installed (the peak RSS
// is then n/a).
var timeCommand = func() string {
	p, err := exec.LookPath("/usr/bin/time")
	if err != nil {
		return ""
	}
	return p
}()

// wrapForRSS rewrites argv to run under GNU time writing the peak RSS in
// kilobytes to out; it returns argv unchanged when GNU time is missing.
func wrapForRSS(argv []string, out string) []string {
	if timeCommand == "" {
		return argv
	}
	return append([]string{timeCommand, "-q", "-f", "%M", "-o", out}, argv...)
}

// readRSS reads what wrapForRSS's GNU time wrote, in bytes (0: unknown).
func readRSS(out string) int64 {
	data, err := os.ReadFile(out)
	if err != nil {
		return 0
	}
	lines := strings.Fields(strings.TrimSpace(string(data)))
	if len(lines) == 0 {
		return 0
	}
	kb, err := strconv.ParseInt(lines[len(lines)-1], 10, 64)
	if err != nil {
		return 0
	}
	return kb * 1024
}

// ownGroup puts the run in a process group of its own and makes a
// timeout kill the whole group, GNU time's child included.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
