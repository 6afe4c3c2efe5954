package spec

import "time"

// DirtyPolicy says what commit mode does with a touched file whose
// working-tree or index content already differs from HEAD (docs/reference.md#git-behaviour).
type DirtyPolicy string

// The dirty policies of docs/reference.md#git-behaviour.
const (
	DirtyRefuse      DirtyPolicy = "refuse"
	DirtyInclude     DirtyPolicy = "include"
	DirtyCommitFirst DirtyPolicy = "commit-first"
)

// DefaultLockTimeout is how long gitedit waits for index.lock by default.
const DefaultLockTimeout = 5 * time.Second

// NoLockWait, as Options.LockTimeout, makes one attempt at each lock and
// fails with locked at once when it is held (the CLI's --lock-timeout 0).
const NoLockWait time.Duration = -1

// Options are the per-call settings shared by every command (docs/reference.md#commands). The
// zero value stages without committing; Repo.Defaults returns the values
// set in git config.
type Options struct {
	// Commit makes one commit per atomic batch.
	Commit bool
	// Message is the commit subject (and body, after a blank line); empty
	// means a generated subject.
	Message string
	// Session fills the Edit-Session trailer: the run of edits the commit
	// belongs to (--session, GITEDIT_SESSION).
	Session string
	// Agent fills the Edit-Agent trailer: who made the change (--agent,
	// GITEDIT_AGENT, gitedit.agent).
	Agent string
	// Author overrides the author ("Name <email>").
	Author string
	// DryRun computes everything and writes nothing.
	DryRun bool
	// NoStage writes only the working tree (no blob, index or commit).
	NoStage bool
	// Dirty is the dirty policy in commit mode; "" means DirtyRefuse.
	Dirty DirtyPolicy
	// LockTimeout bounds the wait for index.lock and the ref locks; 0
	// means DefaultLockTimeout, a negative value (NoLockWait) no wait.
	LockTimeout time.Duration
	// MatchMode is the default match mode for items that name none; ""
	// means auto.
	MatchMode string
	// Sign says whether commits are signed: SignConfig (the zero value)
	// follows commit.gpgSign, SignAlways is --gpg-sign, SignNever
	// --no-gpg-sign.
	Sign SignMode
	// SignKey is the key of --gpg-sign=KEY; "" uses user.signingKey or the
	// format's default key.
	SignKey string
	// NoVerify skips the pre-commit and commit-msg hooks (--no-verify).
	NoVerify bool
}

// SignMode is whether commits are signed (see Options.Sign).
type SignMode int

// The signing modes.
const (
	SignConfig SignMode = iota
	SignAlways
	SignNever
)

// LockWait is the wait for a lock as package lockfile takes it: 0 for
// one attempt, else the bound.
func (o Options) LockWait() time.Duration {
	switch {
	case o.LockTimeout < 0:
		return 0
	case o.LockTimeout == 0:
		return DefaultLockTimeout
	}
	return o.LockTimeout
}

// ForRequest is the one options normalisation every request goes through
// (the library's methods, a batch's operations, the CLI's flags): the
// result is a dry run when o or the request (dryRun) asks for one, and
// its commit message is o's, else the request's (message, "" for none).
func (o Options) ForRequest(dryRun bool, message string) Options {
	o.DryRun = o.DryRun || dryRun
	if o.Message == "" {
		o.Message = message
	}
	return o
}

// WorktreeOnly returns o for --no-stage: only the working tree is
// written, so commit mode (from git config or --commit) is dropped.
func (o Options) WorktreeOnly() Options {
	o.NoStage, o.Commit = true, false
	return o
}

// Check refuses options that contradict each other: NoStage (nothing
// staged) with Commit is invalid_input.
func (o Options) Check() error {
	if o.Commit && o.NoStage {
		return Errorf(CodeInvalidInput, "--no-stage and --commit exclude each other")
	}
	return nil
}
