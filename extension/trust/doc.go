// Package trust decides whether a project's layer may run: a digest of
// what the project's .panto/ folder holds, the store of folders the user
// has trusted (keyed by the folder's real path and that digest), what a
// layer holds for a trust dialog, and Restrict, which takes an untrusted
// project layer's code and credential-bearing settings out of a
// discovered setup.
//
// A repository is untrusted input: cloning one must not be enough to run
// its extensions or to point the user's provider, and key, at a server of
// its choosing. The user layer and a folder or bundle named on the
// command line are the user's own choice and are not gated here; the
// project layer (<root>/.panto) and the local layer inside it
// (<root>/.panto/local) are, together, since both live in the project's
// tree. See docs/security.md.
package trust
