//go:build !unix

package luv

import (
	"errors"
	"os"
)

func unlink(path string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return &os.PathError{Op: "unlink", Path: path, Err: errors.New("is a directory")}
	}
	return os.Remove(path)
}

func rmdir(path string) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return &os.PathError{Op: "rmdir", Path: path, Err: errors.New("not a directory")}
	}
	return os.Remove(path)
}

func access(path string, mode uint32) error {
	_, err := os.Stat(path)
	return err
}
