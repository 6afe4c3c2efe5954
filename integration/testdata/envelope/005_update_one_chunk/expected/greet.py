def greet(name):
    return "hello " + name


def part(name):
    return "bye " + name
