package ignore

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// Env is what finding the global excludes file depends on, so tests can
// give their own: $HOME, $XDG_CONFIG_HOME, and the repository's git dir
// (whose config may set core.excludesFile too).
type Env struct {
	Home, XDGConfigHome string
}

// EnvFromOS reads Env from the process environment.
func EnvFromOS() Env {
	home, _ := os.UserHomeDir()
	return Env{Home: home, XDGConfigHome: os.Getenv("XDG_CONFIG_HOME")}
}

// GlobalExcludesFile returns the file git reads as core.excludesFile:
// the value set in the repository's config (gitDir/config), else in the
// user's (~/.gitconfig, then $XDG_CONFIG_HOME/git/config, the later
// winning as in git), else $XDG_CONFIG_HOME/git/ignore, else
// ~/.config/git/ignore. "" when none can be named.
func (e Env) GlobalExcludesFile(gitDir string) string {
	xdg := e.XDGConfigHome
	if xdg == "" && e.Home != "" {
		xdg = filepath.Join(e.Home, ".config")
	}
	var configs []string
	if xdg != "" {
		configs = append(configs, filepath.Join(xdg, "git", "config"))
	}
	if e.Home != "" {
		configs = append(configs, filepath.Join(e.Home, ".gitconfig"))
	}
	if gitDir != "" {
		configs = append(configs, filepath.Join(gitDir, "config"))
	}
	value := ""
	for _, c := range configs {
		if v, ok := configValue(c, "core", "excludesfile"); ok {
			value = v
		}
	}
	if value != "" {
		if strings.HasPrefix(value, "~/") && e.Home != "" {
			value = filepath.Join(e.Home, value[2:])
		}
		return value
	}
	if xdg != "" {
		return filepath.Join(xdg, "git", "ignore")
	}
	return ""
}

// configValue reads one key of a git config file: "[section]" headers,
// "key = value" lines (key case-insensitive), values optionally quoted,
// "#" and ";" comments. Includes and subsections are not followed: the
// key read here lives in [core].
func configValue(file, section, key string) (string, bool) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", false
	}
	cur := ""
	value, found := "", false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				continue
			}
			cur = strings.ToLower(strings.TrimSpace(line[1:end]))
			line = strings.TrimSpace(line[end+1:])
			if line == "" {
				continue
			}
		}
		if cur != section {
			continue
		}
		k, v, _ := strings.Cut(line, "=")
		if strings.ToLower(strings.TrimSpace(k)) != key {
			continue
		}
		value, found = unquote(strings.TrimSpace(v)), true
	}
	return value, found
}

// unquote removes a value's double quotes and a trailing comment.
func unquote(v string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '"':
			quoted = !quoted
		case c == '\\' && i+1 < len(v):
			i++
			switch v[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(v[i])
			}
		case (c == '#' || c == ';') && !quoted:
			return strings.TrimSpace(b.String())
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}
