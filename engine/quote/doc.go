// Package quote is git's path quoting (C-style quotes with octal escapes,
// as core.quotePath writes them, and their reverse) and the escaping of
// control bytes before text reaches a terminal.
//
// Like engine, it is pure text work: standard library only.
package quote
