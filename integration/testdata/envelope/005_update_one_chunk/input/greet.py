def greet(name):
    return "hi " + name


def part(name):
    return "bye " + name
