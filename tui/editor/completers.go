package editor

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
)

// Chain asks each completer in turn and returns the first non-empty
// completion: the app chains Commands and Paths.
func Chain(cs ...Completer) Completer {
	return func(text string, pos int) Completion {
		for _, c := range cs {
			if c == nil {
				continue
			}
			if got := c(text, pos); len(got.Items) > 0 {
				return got
			}
		}
		return Completion{}
	}
}

// Commands completes a slash command name typed at the very start of the
// prompt ("/mo" → "/model "). list is asked each time, so commands an
// extension registers later are offered too; each Item's Text is the
// name with its slash ("/model"), Description its description.
func Commands(list func() []Item) Completer {
	return func(text string, pos int) Completion {
		word := text[:pos]
		if !strings.HasPrefix(word, "/") || strings.ContainsAny(word, " \t\n") {
			return Completion{}
		}
		var items []Item
		for _, it := range list() {
			if strings.HasPrefix(it.Text, word) {
				it.Text += " "
				if it.Label == "" {
					it.Label = strings.TrimSuffix(it.Text, " ")
				}
				items = append(items, it)
			}
		}
		sort.SliceStable(items, func(i, j int) bool { return items[i].Text < items[j].Text })
		return Completion{From: 0, Items: items}
	}
}

// Paths completes "@path" words with the files and folders under root
// (the project): the part after the last slash is matched against the
// entries of the folder before it, case-insensitively by prefix. Folders
// complete with a trailing slash (so Tab goes on into them), files with a
// space. Dotfiles are offered only when the typed name starts with a dot.
// At most limit items are returned (50 if limit <= 0).
func Paths(root string, limit int) Completer {
	if limit <= 0 {
		limit = 50
	}
	return func(text string, pos int) Completion {
		start := pos
		for start > 0 && !unicode.IsSpace(rune(text[start-1])) {
			start--
		}
		word := text[start:pos]
		if !strings.HasPrefix(word, "@") {
			return Completion{}
		}
		typed := word[1:]
		dir, name := "", typed
		if i := strings.LastIndexByte(typed, '/'); i >= 0 {
			dir, name = typed[:i+1], typed[i+1:]
		}
		if strings.Contains(dir, "..") {
			return Completion{} // the project's files only
		}
		entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
		if err != nil {
			return Completion{}
		}
		var items []Item
		for _, e := range entries {
			n := e.Name()
			if strings.HasPrefix(n, ".") && !strings.HasPrefix(name, ".") {
				continue
			}
			if !strings.HasPrefix(strings.ToLower(n), strings.ToLower(name)) {
				continue
			}
			it := Item{Text: "@" + dir + n + " ", Label: dir + n}
			if e.IsDir() {
				it.Text, it.Label = "@"+dir+n+"/", dir+n+"/"
			}
			items = append(items, it)
			if len(items) == limit {
				break
			}
		}
		return Completion{From: start, Items: items}
	}
}
