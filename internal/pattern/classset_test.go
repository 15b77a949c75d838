package pattern

import (
	"fmt"
	"testing"
)

// Compiled bracket classes (classSets) are shared by every matcher and
// found by their text: each class must match exactly the bytes its text
// names, whether it was compiled, found compiled, or left uncompiled
// because its slot holds another class. Hundreds of classes fill the
// 64 slots, and every class is tried twice against every byte.
func TestCompiledClassesMatchTheirText(t *testing.T) {
	var classes []string
	for i := 0; i < 300; i++ {
		lo := byte(i % 200)
		classes = append(classes,
			fmt.Sprintf("[%c-%c%%d]", lo, lo+byte(i%37)),
			fmt.Sprintf("[^%c%%s]", byte(i%250)+1),
		)
	}
	classes = append(classes, "[]]", "[^]]", "[%]]", "[a-]", "[%a_]", "[^%c\"\\]")
	for round := 0; round < 2; round++ {
		for _, cl := range classes {
			for c := 0; c < 256; c++ {
				subject := string([]byte{byte(c)})
				_, got, err := Find(subject, cl, 0)
				if err != nil {
					t.Fatalf("%q: %v", cl, err)
				}
				ms := &state{src: subject, pat: cl}
				if ms.classEnd(0) != len(cl) {
					break // a ']' inside made a shorter class and a literal
				}
				want := ms.inBracketClass(byte(c), 0, len(cl)-1)
				if got != want {
					t.Fatalf("round %d: %q against byte %d: matched %v, want %v", round, cl, c, got, want)
				}
			}
		}
	}
}
