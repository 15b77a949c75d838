// Package layout holds the tests that keep the tree's shape: imports flow
// in the directions docs/imports.md allows (the tests read its table, so
// the document and the check cannot drift apart), and every package says
// what it is for in a doc comment. There is no code here besides the
// tests.
package layout
