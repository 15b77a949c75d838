//go:build !unix

package term

import (
	"context"
	"io"
	"os"
)

func interruptible(in *os.File) io.Reader { return in }

// Resizes never fires where there is no SIGWINCH; the UI can poll Size.
func Resizes(ctx context.Context) <-chan struct{} { return make(chan struct{}) }
