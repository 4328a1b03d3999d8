#!/usr/bin/env python3
"""OpenMined's PSI (`pip install openmined-psi`: C++, ECDH over P-256, Python API) on the same shape of input
as PSIBenchmarks: 1,000 × 1,000 32-byte keys, 100 in common. The figure our common-friends PSI is measured
against in docs/performance.md; run it in the same session as `swift package benchmark --target PSIBenchmarks`.

OpenMined's protocol is one-way (the client learns the intersection): the server encrypts its set and the
client's request, the client encrypts its set and compares. With the RAW data structure the comparison is
exact, as ours is. Reported: the median over ITERATIONS of each phase and of the whole run (wall clock), and
of the whole run's CPU time, in ms.

    python3 Benchmarks/psi_openmined.py [ITERATIONS]
"""
import os
import statistics
import sys
import time

import private_set_intersection.python as psi

ITERATIONS = int(sys.argv[1]) if len(sys.argv) > 1 else 15
COUNT, COMMON = 1000, 100

keys = [os.urandom(32) for _ in range(2 * COUNT - COMMON)]
client_items = [k.hex() for k in keys[:COUNT]]
server_items = [k.hex() for k in keys[COUNT - COMMON:]]

phases = {"server setup (encrypt own 1000)": [], "client request (encrypt own 1000)": [],
          "server response (re-encrypt 1000)": [], "client intersection (unblind 1000, compare)": [], "total": []}
cpu = []
for _ in range(ITERATIONS):
    c0 = time.process_time()
    t0 = time.perf_counter()
    client = psi.client.CreateWithNewKey(True)
    server = psi.server.CreateWithNewKey(True)
    setup = server.CreateSetupMessage(1e-9, len(client_items), server_items, psi.DataStructure.RAW)
    t1 = time.perf_counter()
    request = client.CreateRequest(client_items)
    t2 = time.perf_counter()
    response = server.ProcessRequest(request)
    t3 = time.perf_counter()
    intersection = client.GetIntersection(setup, response)
    t4 = time.perf_counter()
    cpu.append((time.process_time() - c0) * 1000)
    assert len(intersection) == COMMON, len(intersection)
    for name, value in zip(phases, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0)):
        phases[name].append(value * 1000)
phases["total CPU time (process)"] = cpu

print(f"openmined-psi {psi.__version__}, {COUNT} x {COUNT} (RAW), median of {ITERATIONS} runs:")
for name, values in phases.items():
    print(f"  {name:45s} {statistics.median(values):8.1f} ms")
