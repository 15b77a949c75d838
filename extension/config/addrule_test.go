package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAddRule(t *testing.T) {
	cases := []struct {
		name, before, list, rule, after string
	}{
		{"no file", "", "allow", "shell(ls*)", "[permissions]\nallow = [\"shell(ls*)\"]\n"},
		{"no table", "[ui]\ntheme = \"x\"\n", "allow", "shell(ls*)", "[ui]\ntheme = \"x\"\n\n[permissions]\nallow = [\"shell(ls*)\"]\n"},
		{"no trailing newline", "[ui]\ntheme = \"x\"", "deny", "read(.env)", "[ui]\ntheme = \"x\"\n\n[permissions]\ndeny = [\"read(.env)\"]\n"},
		{"table without key", "# mine\n[permissions]\nmode = \"plan\"\n\n[ui]\ntheme = \"x\"\n", "allow", "write(src/**)",
			"# mine\n[permissions]\nallow = [\"write(src/**)\"]\nmode = \"plan\"\n\n[ui]\ntheme = \"x\"\n"},
		{"key with items", "[permissions]\nallow = [\"shell(git status*)\"] # kept\nmode = \"default\"\n", "allow", "shell(go test ./...)",
			"[permissions]\nallow = [\"shell(git status*)\", \"shell(go test ./...)\"] # kept\nmode = \"default\"\n"},
		{"multi-line array", "[permissions]\nallow = [\n  \"a\", # one\n  'b]',\n]\ndeny = [\"x\"]\n", "allow", "c",
			"[permissions]\nallow = [\"a\", \"b]\", \"c\"]\ndeny = [\"x\"]\n"},
		{"other list's key", "[permissions]\ndeny = [\"x\"]\n", "allow", "y", "[permissions]\nallow = [\"y\"]\ndeny = [\"x\"]\n"},
		{"already there", "[permissions]\nallow = [\"y\"]\n", "allow", "y", "[permissions]\nallow = [\"y\"]\n"},
		{"quotes in the rule", "", "allow", `shell(echo "hi")`, "[permissions]\nallow = [\"shell(echo \\\"hi\\\")\"]\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "sub", "config.toml")
			if c.before != "" {
				os.MkdirAll(filepath.Dir(path), 0o755)
				if err := os.WriteFile(path, []byte(c.before), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := AddRule(path, c.list, c.rule); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if string(got) != c.after {
				t.Fatalf("got\n%s\nwant\n%s", got, c.after)
			}
			f, warns, err := Read(path)
			if err != nil || len(warns) > 0 {
				t.Fatalf("the result does not read cleanly: %v %v", err, warns)
			}
			if l := listOf(f.Permissions, c.list); len(l) == 0 || l[len(l)-1] != c.rule {
				t.Fatalf("%s is %q", c.list, l)
			}
		})
	}
}

func TestAddRuleRefuses(t *testing.T) {
	for _, c := range []struct{ name, before, want string }{
		{"broken file", "[permissions\n", "left as it is"},
		{"multi-line string", "[permissions]\nallow = [\"\"\"a\"\"\"]\n", "by hand"},
		{"inline table form", "permissions = { allow = [\"a\"] }\n", "by hand"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			os.WriteFile(path, []byte(c.before), 0o644)
			err := AddRule(path, "allow", "b")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
			if got, _ := os.ReadFile(path); string(got) != c.before {
				t.Fatalf("the file changed:\n%s", got)
			}
		})
	}
}

func FuzzAddRule(f *testing.F) {
	f.Add("[permissions]\nallow = [\"a\"]\n", "b")
	f.Add("[ui]\n", "x(y)")
	f.Add("[permissions]\nallow = [\n'a', # c\n]\n", "z")
	f.Fuzz(func(t *testing.T, before, rule string) {
		path := filepath.Join(t.TempDir(), "config.toml")
		os.WriteFile(path, []byte(before), 0o644)
		if err := AddRule(path, "allow", rule); err != nil {
			return
		}
		fl, _, err := Read(path)
		if err != nil {
			t.Fatalf("AddRule wrote a file that does not parse: %v", err)
		}
		if l := fl.Permissions.Allow; len(l) == 0 || !contains(l, rule) {
			t.Fatalf("the rule is not in allow: %q", l)
		}
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
