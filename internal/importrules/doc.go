// Package importrules holds the test that keeps the module's imports in
// the directions docs/imports.md allows. The rules are the table in that
// file: the test reads it, so the document and the check cannot drift
// apart. There is no code here besides the test.
package importrules
