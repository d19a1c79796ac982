"""What the web and desk tests send with a request, named once: the address the test client
answers at, the Origin of a page of the same site (the guard refuses a write without it), the
builder's form token, and the desk's form and organiser tokens."""

from __future__ import annotations

BASE = "http://127.0.0.1:8000"
SAME = {"origin": BASE}
JSON = {**SAME, "accept": "application/json"}  # a script's request: the answer is JSON
TOKEN = "test-token-0123456789"  # serve's (make_app(folder, token=TOKEN))
DESK_TOKEN = "desk-form-token-0123456789"  # collect's (make_desk_app(..., token=DESK_TOKEN))
ORG = "organiser-token-0123456789abcdef"  # the organiser's key of the desk
