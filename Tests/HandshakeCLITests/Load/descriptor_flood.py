"""Floods a `handshake serve` on loopback as issue 34's attacker did, and reports what it saw as JSON.

For SECONDS it holds IDLE idle TCP connections (each one reopened when the server closes it), runs STREAMS
workers that each keep asking for the same account's event stream (holding it when granted, asking again
after a refusal), and loads `/health` from a fresh connection every 100 ms in a process of its own. Every
refusal's status and JSON body are kept; every `/health` attempt is timed. Only 127.0.0.1 is ever
connected to, and every wait ends by the clock.

usage: descriptor_flood.py PORT TOKEN SECONDS IDLE STREAMS
"""
import asyncio
import json
import multiprocessing
import resource
import socket
import sys
import time

PORT, TOKEN = int(sys.argv[1]), sys.argv[2]
SECONDS, IDLE, STREAMS = float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
HOST = "127.0.0.1"

stats = {
    "idle_opened": 0, "idle_closed_by_server": 0, "idle_answered": [], "connect_failures": 0,
    "streams_granted": 0, "streams_open_max": 0, "stream_failures": 0,
    "refusals": {}, "refusal_samples": [], "bad_refusals": [],
    "health_total": 0, "health_ok": 0, "health_statuses": {}, "health_failures": [], "health_unanswered": 0,
    "health_max_gap": 0.0, "health_slowest": 0.0,
}
streams_open = 0


def now():
    return time.monotonic()


async def connect():
    return await asyncio.wait_for(asyncio.open_connection(HOST, PORT), 5)


async def read_answer(reader, timeout):
    """The status and JSON body of one HTTP/1.1 answer (a body of Content-Length bytes)."""
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    body = await asyncio.wait_for(reader.readexactly(length), timeout) if length else b""
    return status, lines, body


def record_refusal(status, body):
    stats["refusals"][str(status)] = stats["refusals"].get(str(status), 0) + 1
    try:
        parsed = json.loads(body)
        code, message = parsed.get("code"), parsed.get("message", "")
    except ValueError:
        code, message = None, ""
    good = status in (429, 503) and code in ("too_many_streams", "server_busy") and message.endswith(".") and len(message) > 20
    if not good and len(stats["bad_refusals"]) < 10:
        stats["bad_refusals"].append({"status": status, "body": body.decode("utf-8", "replace")[:300]})
    if len(stats["refusal_samples"]) < 4 and code not in [s["code"] for s in stats["refusal_samples"]]:
        stats["refusal_samples"].append({"status": status, "code": code, "message": message})


async def idle_holder(deadline):
    while now() < deadline:
        try:
            reader, writer = await connect()
        except (OSError, asyncio.TimeoutError):
            stats["connect_failures"] += 1
            await asyncio.sleep(0.2)
            continue
        stats["idle_opened"] += 1
        try:
            data = await asyncio.wait_for(reader.read(4096), max(0.01, deadline - now()))
            if data:
                # A connection past the cap sends nothing here: it waits for a request. Anything sent is kept.
                stats["idle_answered"].append(data[:200].decode("latin-1"))
            stats["idle_closed_by_server"] += 1
        except asyncio.TimeoutError:
            pass
        except OSError:
            stats["idle_closed_by_server"] += 1
        finally:
            writer.close()
        await asyncio.sleep(0.05)


async def streamer(deadline):
    global streams_open
    while now() < deadline:
        try:
            reader, writer = await connect()
        except (OSError, asyncio.TimeoutError):
            stats["connect_failures"] += 1
            await asyncio.sleep(0.2)
            continue
        try:
            writer.write(f"GET /v1/events/stream HTTP/1.1\r\nHost: {HOST}\r\nAuthorization: Bearer {TOKEN}\r\n\r\n".encode())
            await writer.drain()
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            status = int(head.split(b" ")[1])
            if status == 200:
                stats["streams_granted"] += 1
                streams_open += 1
                stats["streams_open_max"] = max(stats["streams_open_max"], streams_open)
                try:
                    while now() < deadline and await asyncio.wait_for(reader.read(4096), max(0.01, deadline - now())):
                        pass
                except asyncio.TimeoutError:
                    pass
                finally:
                    streams_open -= 1
            else:
                lines = head.decode("latin-1").split("\r\n")
                length = next((int(l.split(":")[1]) for l in lines if l.lower().startswith("content-length:")), 0)
                body = await asyncio.wait_for(reader.readexactly(length), 10) if length else b""
                record_refusal(status, body)
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
            stats["stream_failures"] += 1
        finally:
            writer.close()
        await asyncio.sleep(0.5)


def health(deadline, results):
    """Loads `/health` from a fresh connection every 100 ms until `deadline`, in a process of its own (the
    flood's 2,100 coroutines would otherwise delay the probe itself, and the figures would be the client's);
    sends its counts back through `results`."""
    counts = {key: stats[key] for key in (
        "health_total", "health_ok", "health_statuses", "health_failures", "health_unanswered", "health_max_gap",
        "health_slowest")}
    refusals = []
    last_ok = now()
    while now() < deadline:
        started = now()
        counts["health_total"] += 1
        try:
            with socket.create_connection((HOST, PORT), timeout=5) as s:
                s.sendall(f"GET /health HTTP/1.1\r\nHost: {HOST}\r\nConnection: close\r\n\r\n".encode())
                data = b""
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            status = int(head.split(b" ")[1])
            counts["health_statuses"][str(status)] = counts["health_statuses"].get(str(status), 0) + 1
            if status == 200:
                counts["health_ok"] += 1
                counts["health_max_gap"] = max(counts["health_max_gap"], now() - last_ok)
                last_ok = now()
            else:
                refusals.append((status, body))
        except (OSError, ValueError, IndexError) as error:
            counts["health_unanswered"] += 1
            if len(counts["health_failures"]) < 20:
                counts["health_failures"].append(f"{round(started - START, 2)} s: {type(error).__name__} {error}")
        counts["health_slowest"] = max(counts["health_slowest"], now() - started)
        time.sleep(max(0.0, 0.1 - (now() - started)))
    counts["health_max_gap"] = max(counts["health_max_gap"], now() - last_ok)
    results.send((counts, refusals))


async def main(deadline):
    tasks = [idle_holder(deadline) for _ in range(IDLE)] + [streamer(deadline) for _ in range(STREAMS)]
    await asyncio.gather(*tasks)


soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
START = now()
DEADLINE = START + SECONDS
receiving, sending = multiprocessing.Pipe(duplex=False)
prober = multiprocessing.get_context("fork").Process(target=health, args=(DEADLINE, sending))
prober.start()
asyncio.run(main(DEADLINE))
# The probe's last attempt ends within its 5 s timeouts; it is waited for no longer than that.
if not receiving.poll(SECONDS + 15):
    sys.exit("descriptor_flood: the /health probe sent no result")
counts, probe_refusals = receiving.recv()
prober.join(5)
stats.update(counts)
for status, body in probe_refusals:
    record_refusal(status, body)
stats["health_max_gap"] = round(stats["health_max_gap"], 2)
stats["health_slowest"] = round(stats["health_slowest"], 2)
stats["idle_answered"] = stats["idle_answered"][:5]
print(json.dumps(stats))
