print("handshake")
