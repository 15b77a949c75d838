package discover

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// shortErr drops the path an *os.PathError repeats, since messages name
// the path already.
func shortErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
