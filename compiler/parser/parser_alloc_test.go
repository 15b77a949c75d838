package parser

import (
	"fmt"
	"strings"
	"testing"
)

// Lists longer than the arena's current batch but within its size limit
// used to be cut from a batch too small for them.
func TestLongListsFromArena(t *testing.T) {
	for _, n := range []int{31, 33, 55, 64, 65} {
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("v%d", i)
		}
		src := "local " + strings.Join(names, ", ") + " = 1\nreturn {" + strings.Join(names, ", ") + "}"
		if _, err := Parse("=t", src); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
	}
}
