package childproc

import (
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/landlock-lsm/go-landlock/landlock"
	llsys "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// devices are written by ordinary programs (2>/dev/null, a prompt on
// the terminal); a sandbox that refused them would break commands that
// change nothing.
var devices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/tty", "/dev/ptmx"}

// landlockABI is the kernel's Landlock ABI version (0: none), asked once.
var landlockABI = sync.OnceValue(func() int {
	v, err := llsys.LandlockGetABIVersion()
	if err != nil {
		return 0
	}
	return v
})

// Available reports whether a sandbox can be applied here, and when not,
// why, in words for the user.
func Available() (bool, string) {
	if helperPath == "" {
		return false, "this program does not run panto's process helper"
	}
	return availableKernel()
}

func availableKernel() (bool, string) {
	if landlockABI() < 1 {
		return false, "the kernel has no Landlock (Linux 5.13 or later with Landlock enabled, see /sys/kernel/security/lsm)"
	}
	return true, ""
}

// NetworkAvailable reports whether the kernel can deny TCP (Landlock ABI
// 4, Linux 6.7).
func NetworkAvailable() bool { return landlockABI() >= 4 }

// apply restricts this process and everything it starts afterwards: read
// and execute everywhere, write beneath the writable paths, and, with
// NoNetwork, no TCP bind or connect. Paths that do not exist are
// skipped (a temp folder the user has not created yet is not an error).
func (s *Sandbox) apply() error {
	if ok, why := availableKernel(); !ok {
		return errors.New(why)
	}
	if s.NoNetwork && !NetworkAvailable() {
		return fmt.Errorf("the kernel's Landlock (ABI %d) cannot turn the network off; it needs ABI 4 (Linux 6.7)", landlockABI())
	}
	var rw []string
	for _, p := range s.writable() {
		if _, err := os.Stat(p); err == nil {
			rw = append(rw, p)
		}
	}
	rules := []landlock.Rule{
		landlock.RODirs("/"),
		landlock.RWDirs(rw...),
		landlock.RWFiles(devices...).IgnoreIfMissing(),
	}
	cfg := landlock.V5.BestEffort()
	if s.NoNetwork {
		// Restrict handles the network rights too: with no port rule,
		// every TCP bind and connect is refused.
		return cfg.Restrict(rules...)
	}
	return cfg.RestrictPaths(rules...)
}
