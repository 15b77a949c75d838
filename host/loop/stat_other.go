//go:build !linux

package loop

import "io/fs"

func statOf(fi fs.FileInfo) *statInfo { return genericStat(fi) }
