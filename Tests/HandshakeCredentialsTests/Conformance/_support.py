"""The conformance scripts' shared plumbing (JSON in and out, require, check) lives with HandshakeCore's
tests, Tests/HandshakeCoreTests/Conformance/_support.py; this loads that file, so there is one copy."""
import importlib.util
import os

_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "HandshakeCoreTests", "Conformance", "_support.py")
_spec = importlib.util.spec_from_file_location("handshake_conformance_support", _path)
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)
globals().update({name: value for name, value in vars(_module).items() if not name.startswith("__")})
