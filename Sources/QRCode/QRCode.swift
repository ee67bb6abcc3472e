// The QR code encoder lives here.
