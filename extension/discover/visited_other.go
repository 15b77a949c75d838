//go:build !unix

package discover

import "io/fs"

// dirIdentity is the folder's path: this system gives no inode.
func dirIdentity(fsys fs.FS, p string) any { return pathIdentity(p) }
