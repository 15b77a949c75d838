//go:build unix

package stdlib

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// killTree kills process pid and every process descended from it: a
// command run by /bin/sh -c leaves its own children (sleep 30) running,
// holding the pipes and the terminal, when only the shell is killed. The
// children stay in panto's process group (a command may be interactive
// and read the terminal), so they are found through /proc; where there is
// no /proc only pid itself is killed.
func killTree(pid int) {
	children := map[int][]int{}
	if stats, _ := filepath.Glob("/proc/[0-9]*/stat"); len(stats) > 0 {
		for _, f := range stats {
			data, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			// "pid (comm) state ppid ...": comm may hold spaces and
			// parentheses, so read after the last ')'.
			s := string(data)
			i := strings.LastIndexByte(s, ')')
			if i < 0 {
				continue
			}
			fields := strings.Fields(s[i+1:])
			if len(fields) < 2 {
				continue
			}
			child, err1 := strconv.Atoi(strings.SplitN(s, " ", 2)[0])
			parent, err2 := strconv.Atoi(fields[1])
			if err1 == nil && err2 == nil {
				children[parent] = append(children[parent], child)
			}
		}
	}
	// Stop the tree first, so that nothing forks while it is killed.
	var tree []int
	var walk func(int)
	walk = func(p int) {
		if len(tree) > 10000 {
			return
		}
		tree = append(tree, p)
		syscall.Kill(p, syscall.SIGSTOP)
		for _, c := range children[p] {
			walk(c)
		}
	}
	walk(pid)
	for _, p := range tree {
		syscall.Kill(p, syscall.SIGKILL)
	}
}
