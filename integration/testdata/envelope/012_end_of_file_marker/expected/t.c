}
func a() {
}
func b() {
	return
}
