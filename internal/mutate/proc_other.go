//go:build !unix

package mutate

import "os/exec"

// ownGroup leaves the default (kill the go command only) where process
// groups do not exist.
func ownGroup(cmd *exec.Cmd) {}
