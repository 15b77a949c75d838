//go:build !linux

package childproc

import "errors"

// Available reports that no sandbox can be applied here: panto's sandbox
// is Landlock, which only Linux has.
func Available() (bool, string) {
	return false, "the sandbox uses Linux's Landlock, which this system does not have"
}

// NetworkAvailable reports false: see Available.
func NetworkAvailable() bool { return false }

func (s *Sandbox) apply() error { return errors.New("no sandbox on this system") }
