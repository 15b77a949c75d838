package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// AddRule adds a rule to the [permissions] list (allow, ask or deny) of
// the config file at path, creating the file, the table or the key as
// needed, and leaves the rest of the file as it was written: a user's
// comments and layout elsewhere survive. The key's array is rewritten on
// one line (comments inside it are lost). The result is parsed again
// before it replaces the file, so a file this cannot edit safely is
// reported and left alone. A rule already in the list is not added
// twice.
func AddRule(path, list, rule string) error {
	if list != "allow" && list != "ask" && list != "deny" {
		return fmt.Errorf("no [permissions] list %q (allow, ask or deny)", list)
	}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	f, _, err := Parse(path, data)
	if err != nil {
		return fmt.Errorf("%v (the file was left as it is)", err)
	}
	old := listOf(f.Permissions, list)
	if slices.Contains(old, rule) {
		return nil
	}
	want := append(slices.Clone(old), rule)
	out, err := setPermissionList(string(data), list, want)
	var check *File
	if err == nil {
		check, _, err = Parse(path, []byte(out))
	}
	if err != nil || !slices.Equal(listOf(check.Permissions, list), want) {
		return fmt.Errorf("cannot add the rule to %s safely (its [permissions] %s is written in a form this edit does not handle); add %q there by hand", path, list, rule)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(out), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func listOf(p Permissions, list string) []string {
	switch list {
	case "allow":
		return p.Allow
	case "ask":
		return p.Ask
	}
	return p.Deny
}

var headers struct {
	sync.Once
	table, perm *regexp.Regexp
}

func compileHeaders() {
	headers.table = regexp.MustCompile(`^\s*\[`)
	headers.perm = regexp.MustCompile(`^\s*\[\s*permissions\s*\]\s*(#.*)?$`)
}

func tableHeader() *regexp.Regexp { headers.Do(compileHeaders); return headers.table }
func permHeader() *regexp.Regexp  { headers.Do(compileHeaders); return headers.perm }

// setPermissionList rewrites text so that [permissions] <list> is items.
func setPermissionList(text, list string, items []string) (string, error) {
	quoted := make([]string, len(items))
	for i, it := range items {
		quoted[i] = strconv.Quote(it)
	}
	value := "[" + strings.Join(quoted, ", ") + "]"
	lines := strings.SplitAfter(text, "\n")
	start := -1
	for i, l := range lines {
		if permHeader().MatchString(strings.TrimRight(l, "\r\n")) {
			start = i
			break
		}
	}
	if start < 0 {
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		if text != "" {
			text += "\n"
		}
		return text + "[permissions]\n" + list + " = " + value + "\n", nil
	}
	key := regexp.MustCompile(`^\s*` + list + `\s*=`)
	for i := start + 1; i < len(lines); i++ {
		if tableHeader().MatchString(lines[i]) {
			break
		}
		if !key.MatchString(lines[i]) {
			continue
		}
		// The value runs from after '=' to the bracket closing the
		// array, possibly lines later.
		rest := strings.Join(lines[i:], "")
		eq := strings.IndexByte(rest, '=')
		end, ok := arrayEnd(rest, eq+1)
		if !ok {
			return "", fmt.Errorf("[permissions] %s is not an array this edit can read", list)
		}
		head := strings.Join(lines[:i], "")
		return head + rest[:eq+1] + " " + value + rest[end:], nil
	}
	head := strings.Join(lines[:start+1], "")
	if !strings.HasSuffix(head, "\n") {
		head += "\n"
	}
	return head + list + " = " + value + "\n" + strings.Join(lines[start+1:], ""), nil
}

// arrayEnd finds the end (just past ']') of the TOML array that starts
// after position from (spaces first), skipping strings and comments.
func arrayEnd(s string, from int) (int, bool) {
	i := from
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i >= len(s) || s[i] != '[' {
		return 0, false
	}
	depth := 0
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		case '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case '"', '\'':
			if strings.HasPrefix(s[i:], strings.Repeat(string(c), 3)) {
				return 0, false // multi-line strings: leave it to the user
			}
			for i++; i < len(s) && s[i] != c; i++ {
				if c == '"' && s[i] == '\\' {
					i++
					continue
				}
				if s[i] == '\n' {
					return 0, false
				}
			}
		}
	}
	return 0, false
}
