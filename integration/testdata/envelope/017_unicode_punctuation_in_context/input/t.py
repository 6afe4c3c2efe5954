print(“start”)  # — begin
value = 1
