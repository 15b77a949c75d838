package main

import (
	"errors"

	"panto/extension/discover"
)

// setupError is the error of a command whose discovery failed. A broken
// config.toml prints the same for every command, "panto: config:
// FILE:LINE:COL: what", so the message leads with the file to fix; any
// other failure gets the command's own message (format and a).
func setupError(err error, format string, a ...any) error {
	var ce *discover.ConfigError
	if errors.As(err, &ce) {
		return userError("%v", ce)
	}
	return userError(format, a...)
}
