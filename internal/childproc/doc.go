// Package childproc starts the child processes of tools so that they end
// with panto, whichever way panto ends: a normal exit, SIGTERM, SIGHUP
// (the terminal closed) or kill -9, which no handler in panto can see.
//
// On Linux a child does not start directly. panto re-executes itself as a
// small helper (the same binary, told by an environment variable to run
// RunHelper instead of main), and the helper starts the command:
//
//	panto ──(death signal)──▶ helper ──(SIGKILL on the helper's death)──▶ command
//	                          └ leads the process group the command and
//	                            everything it starts belong to; a child
//	                            subreaper, so orphaned descendants come back
//	                            to it rather than to PID 1
//
// The kernel sends the helper a signal when panto dies (PR_SET_PDEATHSIG);
// the helper then kills its whole process group, itself included. A
// signal from panto's own side (process:kill) is forwarded to the command
// instead: the helper tells the two apart by its parent pid, which the
// kernel changes before the death signal is delivered. When the command
// exits, the helper reports its status on a pipe at once (so a caller
// waiting for the exit is not held up by a daemon the command left behind)
// and stays until every descendant has ended, so a background job started
// by a tool is still taken down with panto.
//
// The helper is also where a sandbox (Landlock) is applied, before the
// command starts, so panto itself is never restricted (sandbox_linux.go).
//
// On the other unix systems (macOS, the BSDs) the lifeline helper does
// the same job with a pipe instead of the parent-death signal: the
// helper's read of panto's lifeline ends when panto does (lifeline_unix.go).
// On Windows panto runs in a kill-on-close job object that its children
// inherit (launch_windows.go).
//
// Files:
//
//	doc.go            this map
//	launch.go         Options, Launch: what a caller of Prepare gets back
//	spec.go           the helper's instructions, passed in the environment
//	launch_linux.go   Prepare through the helper; the helper itself
//	launch_bsd.go     Prepare through the lifeline helper (macOS, BSDs)
//	launch_windows.go Prepare on Windows: the job object
//	lifeline_unix.go  the lifeline helper, tested on Linux too
//	group_*.go        the process group of a child started directly
//	status_*.go       exit statuses and group kills per system
//	sandbox.go        Sandbox: the policy a sandboxed command runs under
//	sandbox_linux.go  the policy applied with Landlock
//	sandbox_other.go  no sandbox elsewhere, and why
package childproc
