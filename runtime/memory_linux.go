//go:build linux

package runtime

import "syscall"

// detectMemoryCeiling reads the machine's memory and the address-space
// and data-segment limits (MemoryCeiling).
func detectMemoryCeiling() int64 {
	limit := int64(1) << 62
	var info syscall.Sysinfo_t
	if syscall.Sysinfo(&info) == nil && info.Totalram > 0 {
		limit = min(limit, int64(info.Totalram)*int64(info.Unit))
	}
	for _, res := range []int{syscall.RLIMIT_AS, syscall.RLIMIT_DATA} {
		var rl syscall.Rlimit
		if syscall.Getrlimit(res, &rl) == nil && rl.Cur < 1<<62 { // RLIM_INFINITY is all ones
			limit = min(limit, int64(rl.Cur))
		}
	}
	return limit
}
