}
func a() {
}
func b() {
}
