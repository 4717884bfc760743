print("hannun")
