//go:build unix

package luv

import "syscall"

func unlink(path string) error { return syscall.Unlink(path) }

func rmdir(path string) error { return syscall.Rmdir(path) }

func access(path string, mode uint32) error { return syscall.Access(path, mode) }
