// Package repo is an opened git repository as gitedit sees it: discovery
// and Open (GIT_DIR, GIT_WORK_TREE, ceilings, linked worktrees, format
// checks), repository-relative paths and their escape checks (symlinks,
// .git, submodules, NTFS/HFS names), git config and attribute lookups,
// the line-ending conversion to git and blob ids, working-tree reads
// (FileState), the symlink rules, in-progress operations and the
// core.fsync policy. It reads; package batch writes.
package repo
