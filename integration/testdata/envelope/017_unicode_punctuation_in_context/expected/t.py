print(“start”)  # — begin
value = 2
