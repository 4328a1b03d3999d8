"""JSON texts read by Python's own json module, which we did not write, for JSONReaderTests.

  json_reference.py   {folder}   -> {name: {"value": TAGGED} | {"error": reason}} for every *.json in folder
  json_reference.py   {texts}    -> {"texts": [{"value": TAGGED} | {"error": reason}]}, texts given in hex

Python reads each file as strict UTF-8, refuses NaN and Infinity (which its json module otherwise accepts)
and refuses a member name twice in one object, as Handshake's reader does. Values come back tagged, so no
JSON parser on the Swift side stands between Python's reading and the comparison: ["null"], ["bool", b],
["number", float(n).hex()], ["string", s], ["array", [...]], ["object", [[name, TAGGED], ...]]."""
import json
import os

from _support import emit, read_input


class Refused(ValueError):
    pass


class Members(list):
    """An object's members in order, kept apart from an array's elements."""


def no_duplicates(pairs):
    names = [name for name, _ in pairs]
    if len(set(names)) != len(names):
        raise Refused("duplicate name")
    return Members(pairs)


def refuse_constant(name):
    raise Refused(name)


def tag(value):
    if value is None:
        return ["null"]
    if isinstance(value, bool):
        return ["bool", value]
    if isinstance(value, (int, float)):
        return ["number", float(value).hex()]
    if isinstance(value, str):
        return ["string", value]
    if isinstance(value, Members):
        return ["object", [[name, tag(item)] for name, item in value]]
    if isinstance(value, list):
        return ["array", [tag(item) for item in value]]
    raise TypeError(type(value))


def read(data):
    try:
        text = data.decode("utf-8")
        value = json.loads(text, object_pairs_hook=no_duplicates, parse_constant=refuse_constant)
        # Lone surrogates decode in Python; they cannot travel back as JSON, and Handshake refuses them.
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (ValueError, UnicodeError, RecursionError, OverflowError) as error:
        return {"error": type(error).__name__}
    try:
        return {"value": tag(value)}
    except (OverflowError, RecursionError) as error:
        return {"error": type(error).__name__}


request = read_input()
if "texts" in request:
    emit({"texts": [read(bytes.fromhex(text)) for text in request["texts"]]})
else:
    folder = request["folder"]
    emit({name: read(open(os.path.join(folder, name), "rb").read()) for name in sorted(os.listdir(folder)) if name.endswith(".json")})
