// Package diff is engine's line differ and what is built on it: unified
// diffs as git writes them (Myers with patience anchors), hunk location
// for applying git patches, and the 3-way line merge that undo uses.
//
// Like engine, it is pure text work over strings: standard library only,
// no file system, processes or network.
package diff
