//go:build !linux

package main

// releaseExecutablePages is Linux's (exepages_linux.go); elsewhere the
// executable's pages stay as the system mapped them.
func releaseExecutablePages() int { return 0 }
