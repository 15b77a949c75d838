//go:build !linux

package luv

import "io/fs"

func statOf(fi fs.FileInfo) *statInfo { return genericStat(fi) }
