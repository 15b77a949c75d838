// Package permission is the one decision point every tool call passes
// before its handler runs: the terminal UI, headless runs, RPC clients and
// extension layers all ask this code, so a call is judged the same way
// whichever front end started the session.
//
// # What is decided
//
// A Call names the tool, what it does (its declared Effects: read, write,
// execute, network; a tool that declares none is judged as execute) and
// its subject: the path a file tool acts on or the command a shell tool
// runs, taken from the input field the tool's declaration names. The
// answer is a Verdict: Allow, Ask or Deny, with the reason the model and
// the user read, the rule that decided, and a rule that would allow the
// call (for "always allow" and for headless hints).
//
// # The order of the deciders
//
//  1. deny rules: a match denies, and nothing after loosens it;
//  2. plan mode: a call that writes or executes is denied, as binding;
//  3. ask rules: a match asks, and nothing after loosens it;
//  4. allow rules: a match allows;
//  5. the mode's default: default allows reads inside the project and
//     asks for the rest; accept-edits also allows writes inside the
//     project; plan asks for reads outside the project and network; yolo
//     allows everything;
//  6. the voters, in the order they were added (Policy.AddVoter): the
//     sandbox's auto-allow for sandboxed shell commands, hooks;
//  7. the extensions' vote: the session fires the tool_permission event
//     with the verdict so far, and applies what its handlers wrote with
//     Verdict.With, as the last voter.
//
// A vote can always tighten (allow to ask or deny, ask to deny); it can
// loosen only a verdict that is not binding. Binding are deny rules, ask
// rules, plan mode's denials, and a vote's own ask or deny: what the user
// wrote down or a voter insisted on cannot be undone by a later voter. In
// yolo mode nothing asks: whatever would ask is allowed, while deny rules
// and votes still deny.
//
// # Voters
//
// A Voter is anything that wants a say (the Voter interface, or
// VoterFunc): it sees the call and the verdict so far and returns a Vote,
// or abstains. The sandbox setting "auto-allow sandboxed shell commands"
// is a voter that allows execute calls of the shell tool when the sandbox
// will confine them; a PreToolUse hook is a voter that runs a command.
//
// # Rules
//
// A rule is a tool name, optionally with a pattern for its subject:
// `shell`, `shell(git status*)`, `shell(go test ./...)`, `write(src/**)`,
// `read(~/.ssh/**)`. Command patterns are globs where * matches anything;
// a command made of several (`a && b`, `a; b`, `a | b`) is allowed only
// when every part is, and one with command substitution ($(...),
// backquotes) is never allowed by a pattern. Path patterns are globs over
// path segments (* within a segment, ** across segments); a relative
// pattern is relative to the project root, ~ is the home folder, and a
// pattern without wildcards also covers everything below it. Paths are
// compared after resolving "." and ".." (as the tools do) and then
// symbolic links, against the project root resolved the same way; on a
// case-insensitive file system the comparison ignores case. Deny and ask
// rules match the path as written or as resolved; allow rules and the
// project boundary only the resolved path, so a link cannot carry a write
// out of the project.
package permission
