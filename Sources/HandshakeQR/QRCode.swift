// The QR encoder lands here (issue 4).
