print("checkout")
