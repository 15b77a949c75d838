//go:build !unix

package walk

import "io/fs"

// fileID has no inode to offer here, so a followed link to a folder
// cannot be told from a loop: such links are counted as loops and not
// entered.
func fileID(fi fs.FileInfo) any { return nil }
