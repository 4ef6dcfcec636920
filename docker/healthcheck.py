"""The image's HEALTHCHECK: GET /healthz (which also asks the database) on this container's port.

It names the site's own host (PUBLIC_URL's) in the Host header: with TRUSTED_HOSTS set, the app
answers 400 to any other host, and a check that said "127.0.0.1" would turn a healthy app
unhealthy. Exit 0 when the answer is 200, else 1.
"""
import os
import sys
import urllib.request
from urllib.parse import urlsplit

port = os.environ.get("PORT", "8000")
host = urlsplit(os.environ.get("PUBLIC_URL") or "").netloc or f"127.0.0.1:{port}"
request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz", headers={"Host": host})
try:
    sys.exit(0 if urllib.request.urlopen(request, timeout=4).status == 200 else 1)
except OSError:
    sys.exit(1)
