"""Shared plumbing for the conformance scripts: JSON in on stdin, JSON out on stdout, and a clear
failure (exit status 1, reason on stderr) when a check does not hold. A missing third-party module is a
failure too (exit status 3), with the pip command that installs it: these checks must never be skipped."""
import importlib
import json
import sys


def require(module, pip_name=None):
    try:
        return importlib.import_module(module)
    except ImportError:
        sys.stderr.write(
            f"missing Python module '{module}': run `pip install {pip_name or module}` "
            f"(or scripts/install-test-tools)\n")
        sys.exit(3)


def read_input():
    data = sys.stdin.read()
    return json.loads(data) if data.strip() else {}


def check(condition, message):
    if not condition:
        sys.stderr.write("conformance check failed: " + message + "\n")
        sys.exit(1)


def emit(result):
    json.dump(result, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")


def b58encode(data):
    """Base58btc via the independent `base58` package."""
    base58 = require("base58")
    return base58.b58encode(data).decode("ascii")


def node_id(sig_key):
    """Node ID = base58btc(sha256(sigKey)[:16]), left-padded with '1' to 22 characters."""
    import hashlib
    text = b58encode(hashlib.sha256(sig_key).digest()[:16])
    return "1" * max(0, 22 - len(text)) + text
