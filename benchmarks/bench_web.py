"""How many moves a second does the browser seat's server answer, and how heavy is its page?

Starts the real server (``zombie-envs serve`` with uvicorn, in its own process,
on 127.0.0.1) and plays games through its API from ``--clients`` threads,
each one game after another on a kept-alive connection: every request is
one round trip of the person's move (the first choice offered) and the bots'
replies, answered with the seat's next view.  Stops after ``--requests``
moves in all; prints moves per second, the latency of a move (mean, median,
95th percentile), the bytes of the page (HTML, script and style sheet) and of
a view (its JSON, and the SVG board inside it), and the command.

    python benchmarks/bench_web.py [--env mall_of_horror_v0] [--players 4]
        [--opponents heuristic] [--requests 2000] [--clients 1]
"""

from __future__ import annotations

import argparse
import http.client
import json
import shlex
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

from zombie_envs.web.serve import free_port


class Client:
    """One player: a kept-alive connection, playing one game after another."""

    def __init__(self, port: int, setup: dict):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.setup = setup
        self.latencies: list[float] = []
        self.view_bytes: list[int] = []
        self.svg_bytes: list[int] = []
        self.games = 0

    def call(self, method: str, path: str, body=None) -> tuple[dict, int]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        self.conn.request(method, path, None if body is None else json.dumps(body), headers)
        response = self.conn.getresponse()
        data = response.read()
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {data.decode()}")
        return json.loads(data), len(data)

    def play(self, moves: int) -> None:
        view = None
        while len(self.latencies) < moves:
            if view is None or view["result"] is not None:
                view, _ = self.call("POST", "/api/games", self.setup)
                self.games += 1
                continue  # a new game is not a move
            action = view["decision"]["groups"][0]["choices"][0]["action"]
            start = time.perf_counter()
            view, size = self.call(
                "POST", f"/api/games/{view['id']}/action", {"move": view["move"], "action": action}
            )
            self.latencies.append(time.perf_counter() - start)
            self.view_bytes.append(size)
            self.svg_bytes.append(len(view["board"].encode()))


def page_bytes(port: int) -> dict[str, int]:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    sizes = {}
    for path in ("/", "/static/common.js", "/static/app.js", "/static/style.css"):
        conn.request("GET", path)
        sizes[path] = len(conn.getresponse().read())
    return sizes


def wait_for(port: int, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server stopped: {server.stderr.read().decode()}")
        try:
            page_bytes(port)
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not answer within 60 s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="mall_of_horror_v0")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponents", default="heuristic", help="agent spec at every other seat")
    parser.add_argument("--requests", type=int, default=2000, help="moves in all")
    parser.add_argument("--clients", type=int, default=1, help="players at once, one game each")
    args = parser.parse_args(argv)
    setup = {"env": args.env, "players": args.players, "opponents": [args.opponents]}
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        command = [sys.executable, "-m", "zombie_envs.cli", "serve", "--port", str(port)]
        command += ["--data", data, "--no-ratings"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            wait_for(port, server)
            page = page_bytes(port)
            clients = [Client(port, setup) for _ in range(args.clients)]
            share = -(-args.requests // args.clients)
            threads = [threading.Thread(target=c.play, args=(share,)) for c in clients]
            start = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - start
        finally:
            server.terminate()
            server.wait()
    latencies = np.array([x for c in clients for x in c.latencies]) * 1000
    views = [x for c in clients for x in c.view_bytes]
    svgs = [x for c in clients for x in c.svg_bytes]
    games = sum(c.games for c in clients)
    print(
        f"{args.env}, {args.players} players, {args.opponents} bots, {args.clients} client(s): "
        f"{len(latencies)} moves and {games} new games in {wall:.1f} s"
    )
    print(f"moves per second: {len(latencies) / wall:.1f}")
    print(
        f"latency of a move (ms): mean {latencies.mean():.1f}, median "
        f"{np.median(latencies):.1f}, p95 {np.percentile(latencies, 95):.1f}"
    )
    total = sum(page.values())
    parts = ", ".join(f"{path} {size:,}" for path, size in page.items())
    print(f"page: {total:,} bytes ({parts})")
    print(f"view: mean {np.mean(views):,.0f} bytes of JSON, of which {np.mean(svgs):,.0f} SVG")
    print(f"command: {shlex.join(['python', 'benchmarks/bench_web.py', *sys.argv[1:]])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
