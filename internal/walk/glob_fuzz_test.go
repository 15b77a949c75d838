package walk

import "testing"

// FuzzCompileGlob: any pattern compiles or is refused with an error,
// never a panic, and a compiled one can be matched against any path.
func FuzzCompileGlob(f *testing.F) {
	for _, s := range []string{"*.go", "src/**/*.{ts,tsx}", "[!a-c]?", `\{x}`, "{a,{b,c}}", "[]]", "**"} {
		f.Add(s, "src/a/b.ts")
	}
	f.Fuzz(func(t *testing.T, pattern, rel string) {
		g, err := CompileGlob(pattern)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		g.Match(rel, SplitRel(rel))
	})
}
