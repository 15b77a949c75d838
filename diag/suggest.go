package diag

import "strings"

// Suggest returns the candidate closest to name when it is close enough
// to be a typo, or "": "did you mean" for misspelt events, fields,
// functions, commands and flags. Close enough is an edit distance of at
// most 2 (3 for names longer than 12 bytes), after both sides are put in
// snake_case, so registerTool finds register_tool. Ties go to the
// earliest candidate, so callers pass a stable order.
func Suggest(name string, candidates []string) string {
	if len(name) < 3 {
		return "" // every short name is close to every other
	}
	best, bestD := "", 3
	if len(name) > 12 {
		bestD = 4
	}
	n := SnakeCase(name)
	for _, c := range candidates {
		if c == name {
			continue
		}
		d := Distance(n, SnakeCase(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// SnakeCase turns camelCase into snake_case ("registerTool" ->
// "register_tool", "handleInput" -> "handle_input"), leaving other names
// alone.
func SnakeCase(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && s[i-1] != '_' {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// Distance is the edit distance over bytes where swapping two adjacent
// bytes counts as one edit (optimal string alignment): "strcit" is one
// edit from "strict", the typo people make most.
func Distance(a, b string) int {
	pprev := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], pprev[j-2]+1)
			}
		}
		pprev, prev, cur = prev, cur, pprev
	}
	return prev[len(b)]
}
