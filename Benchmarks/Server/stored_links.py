"""Tops up a mailbox database to N stored share links (scripts/bench-server --stored-links), so resolve can be
measured against 1,000 or 1,000,000 links. Rows go straight into the table, as the server writes them
(token_hash = SHA-256 of a random token, owner = an existing account, 24 hours to live): creating a million
links through the API would take the hourly limit a million times.

Usage: stored_links.py sqlite:PATH|postgres://… TOTAL"""
import hashlib
import os
import sys
import time


def main():
    database, total = sys.argv[1], int(sys.argv[2])
    now = int(time.time() * 1000)
    expires = now + 24 * 3600 * 1000
    if database.startswith("sqlite:"):
        import sqlite3
        connection = sqlite3.connect(database[len("sqlite:"):], timeout=30)
        owner = connection.execute("SELECT owner FROM share_link LIMIT 1").fetchone()[0]
        have = connection.execute("SELECT count(*) FROM share_link").fetchone()[0]
        rows = ((hashlib.sha256(os.urandom(32)).digest(), owner, now, expires) for _ in range(max(0, total - have)))
        with connection:
            connection.executemany("INSERT INTO share_link (token_hash, owner, created_at, expires_at) VALUES (?, ?, ?, ?)", rows)
        print(connection.execute("SELECT count(*) FROM share_link").fetchone()[0])
    else:
        import subprocess
        sql = f"""
            INSERT INTO share_link (token_hash, owner, created_at, expires_at)
            SELECT sha256(gen_random_uuid()::text::bytea), (SELECT owner FROM share_link LIMIT 1), {now}, {expires}
            FROM generate_series(1, greatest(0, {total} - (SELECT count(*) FROM share_link)));
            ANALYZE share_link;
            SELECT count(*) FROM share_link;
        """
        out = subprocess.run(["psql", database, "-qtA", "-c", sql], check=True, capture_output=True, text=True)
        print(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
