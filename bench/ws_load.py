"""WebSocket load bench: the real app with the offline coach, against a bare echo.

Starts daphne on the embedded default (or on PostgreSQL + Redis when
DATABASE_URL/REDIS_URL are set), then measures in one run:
  1. a bare echo consumer on the same server (the baseline),
  2. N sessions (default 50, then 200) each sending a chat every 2 s for D s:
     round trip send -> final `reply`, errors and lost replies,
  3. throughput: sessions chatting back to back, offline turns per second,
  4. 500 idle connected sockets: daphne's RSS and CPU.

With ``--stacks 2`` a second daphne serves the same database and Redis and the
visitors are spread over both, as behind a proxy (docs/operations.md). With
``--web-processes 2`` two daphnes adopt one listening socket, as ``make run``
starts them (WEB_PROCESSES): the kernel spreads the visitors, and the idle
phase prints how many sockets each daphne took.
``--backends embedded,postgresql`` runs every phase on each backend in turn, in
one run, and prints PostgreSQL's p95 against the embedded one (DATABASE_URL and
REDIS_URL name the server); ``pgbouncer`` runs through the PgBouncer at
PGBOUNCER_URL with Django's pool off. On PostgreSQL the idle phase also counts
the stack's server connections while the sockets are held.

    .venv/bin/python bench/ws_load.py [--sessions 50,200] [--duration 60] [--stacks 2]
        [--web-processes 2] [--backends embedded,postgresql]
"""

import argparse
import asyncio
import collections
import contextlib
import itertools
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ERROR_KINDS: collections.Counter = collections.Counter()  # error frames by code
QUESTIONS = [
    "什么是价值观？",
    "能给我一个示例吗？",
    "我不太确定怎么回答",
    "什么是擅长的事？",
    "我总被说想太多，这算才能吗？",
    "喜欢的事和擅长的事有什么区别？",
    "我对心理学很好奇",
    "怎么把缺点翻成优点？",
    "这个问题和我的工作有什么关系？",
    "我喜欢做饭，这算热情吗？",
]

# Every message a person sends is new. With the ten texts above repeated, the
# per-process caches of the risk and intent scores answered from memory and a
# turn measured cheaper than any real one: scoring a new message was 25–56 ms
# of CPU before 53cf9d8. So each chat gets a tag of its own ("（春夏秋冬）", one
# of 16⁴); BENCH_REPEAT=1 (--repeat) sends the bare texts, as the figures in
# docs/performance.md before 2026-12-07 did.
_TAGS = "春夏秋冬梅兰竹菊山水云月星河松石"
_SERIAL = itertools.count()


def question(i: int, k: int) -> str:
    """Return session ``i``'s ``k``-th message: a question, tagged unless repeating."""
    text = QUESTIONS[(i + k) % len(QUESTIONS)]
    if os.environ.get("BENCH_REPEAT") == "1":
        return text
    n = next(_SERIAL)
    return text + "（" + "".join(_TAGS[(n >> (4 * p)) % 16] for p in range(4)) + "）"


def pct(values: list[float], q: float) -> float:
    """Return the q-th percentile (0-100) of ``values`` in ms."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


class Session:
    """One visitor: a cookie from the start page, then one socket."""

    def __init__(self, http: aiohttp.ClientSession, base: str, path: str):
        self.http, self.base, self.path = http, base, path
        self.ws = None

    async def open(self) -> None:
        """Get a session cookie and connect."""
        jar = aiohttp.CookieJar(unsafe=True)
        self.own = aiohttp.ClientSession(cookie_jar=jar)
        async with self.own.get(f"{self.base}/workbook/") as response:
            await response.read()
        # A page view creates no session; the page's script starts it (POST).
        csrf = jar.filter_cookies(self.base).get("csrftoken")
        headers = {"X-CSRFToken": csrf.value if csrf else ""}
        async with self.own.post(f"{self.base}/session/", headers=headers) as response:
            assert response.status == 204, response.status
        self.ws = await self.own.ws_connect(
            f"{self.base.replace('http', 'ws')}{self.path}",
            origin=self.base,
            max_msg_size=0,
            heartbeat=None,
        )
        if self.path == "/ws/coach/":
            first = await self.ws.receive_json(timeout=30)
            assert first["type"] == "session", first

    async def close(self) -> None:
        """Close the socket and the HTTP session."""
        if self.ws is not None:
            await self.ws.close()
        await self.own.close()

    async def chat(self, text: str, timeout: float = 15) -> tuple[float | None, bool]:
        """Send one chat; return (ms to the final reply or None, error seen)."""
        start = time.perf_counter()
        await self.ws.send_json(
            {"type": "chat", "text": text, "client_id": uuid.uuid4().hex}
        )
        deadline = start + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None, False
            try:
                frame = await self.ws.receive_json(timeout=left)
            except TimeoutError:
                return None, False
            if frame["type"] == "reply":
                return (time.perf_counter() - start) * 1000, False
            if frame["type"] == "error":
                ERROR_KINDS[f"{frame.get('code')}/{frame.get('detail', '')}"] += 1
                return None, True

    async def echo(self, text: str) -> float:
        """Send one frame to the echo consumer; return the round trip in ms."""
        start = time.perf_counter()
        await self.ws.send_str(text)
        await self.ws.receive(timeout=10)
        return (time.perf_counter() - start) * 1000


async def _open_all(bases: list[str], path: str, n: int) -> list[Session]:
    # Visitors spread round-robin over the daphnes, as a proxy would spread them.
    sessions = [Session(None, bases[i % len(bases)], path) for i in range(n)]
    for i in range(0, n, 50):  # connect in waves, like real arrivals
        await asyncio.gather(*(s.open() for s in sessions[i : i + 50]))
    return sessions


async def paced_run(bases: list[str], n: int, duration: float, path: str) -> dict:
    """N clients, one message every 2 s each, for ``duration`` seconds."""
    sessions = await _open_all(bases, path, n)
    latencies: list[float] = []
    errors = lost = sent = 0

    async def client(i: int, s: Session):
        nonlocal errors, lost, sent
        await asyncio.sleep(2 * i / n)  # spread the clients over the 2 s period
        end = time.perf_counter() + duration
        k = 0
        while time.perf_counter() < end:
            tick = time.perf_counter()
            sent += 1
            try:
                if path == "/ws/echo/":
                    latencies.append(await s.echo(f"echo {i} {k}"))
                else:
                    ms, error = await s.chat(question(i, k))
                    if ms is not None:
                        latencies.append(ms)
                    elif error:
                        errors += 1
                    else:
                        lost += 1
            except Exception:
                errors += 1
            k += 1
            await asyncio.sleep(max(0.0, 2.0 - (time.perf_counter() - tick)))

    await asyncio.gather(*(client(i, s) for i, s in enumerate(sessions)))
    await asyncio.gather(*(s.close() for s in sessions))
    return {
        "sent": sent,
        "ok": len(latencies),
        "errors": errors,
        "lost": lost,
        "p50": pct(latencies, 50),
        "p95": pct(latencies, 95),
        "p99": pct(latencies, 99),
    }


async def throughput(bases: list[str], n: int, duration: float) -> float:
    """Sessions chatting back to back; return completed turns per second."""
    sessions = await _open_all(bases, "/ws/coach/", n)
    done = 0
    end = time.perf_counter() + duration

    async def client(i: int, s: Session):
        nonlocal done
        k = 0
        while time.perf_counter() < end:
            ms, _ = await s.chat(question(i, k))
            done += ms is not None
            k += 1

    start = time.perf_counter()
    await asyncio.gather(*(client(i, s) for i, s in enumerate(sessions)))
    rate = done / (time.perf_counter() - start)
    await asyncio.gather(*(s.close() for s in sessions))
    return rate


def pg_connections(db_url: str | None) -> int | None:
    """Return how many server connections the stack's database has (None: SQLite)."""
    if not db_url:
        return None
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    parts = urlsplit(db_url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s",
            (parts.path[1:],),
        ).fetchone()
    return int(row[0]) if row else 0


async def idle_sockets(
    bases: list[str],
    n: int,
    procs: list[psutil.Process],
    hold: float,
    db_url: str | None = None,
) -> dict:
    """Hold ``n`` idle sockets open; return the daphnes' RSS (MB) and CPU (cores).

    On PostgreSQL also the database's connections while the sockets are held.
    """
    sessions = await _open_all(bases, "/ws/coach/", n)
    await asyncio.sleep(2)
    for proc in procs:
        proc.cpu_percent(None)
    await asyncio.sleep(hold)
    cpu = sum(proc.cpu_percent(None) for proc in procs) / 100
    rss = sum(proc.memory_info().rss for proc in procs) / 2**20
    connections = await asyncio.to_thread(pg_connections, db_url)
    ports = {urlsplit(base).port for base in bases}
    spread = [
        sum(
            c.status == psutil.CONN_ESTABLISHED and c.laddr.port in ports
            for c in proc.net_connections("tcp")
        )
        for proc in procs
    ]
    await asyncio.gather(*(s.close() for s in sessions))
    return {
        "rss_mb": rss,
        "cpu_cores": cpu,
        "sockets": n,
        "db_conns": connections,
        "spread": spread,
    }


def main() -> None:
    """Start the app, run every phase on each backend, print tables and headlines."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", default="50,200")
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument(
        "--stacks", type=int, default=1, help="daphnes on one database and Redis"
    )
    parser.add_argument(
        "--web-processes",
        type=int,
        default=1,
        help="daphnes sharing one listening socket, as make run starts them",
    )
    parser.add_argument(
        "--debug",
        action="store_true",
        help="DEBUG on, as make run (default: coach.settings_bench, DEBUG off)",
    )
    parser.add_argument(
        "--repeat",
        action="store_true",
        help="send the ten bare texts again and again (cached scores; old figures)",
    )
    parser.add_argument(
        "--backends",
        default="",
        help="embedded,postgresql: each in turn in this run (default: from env)",
    )
    args = parser.parse_args()
    if args.repeat:
        os.environ["BENCH_REPEAT"] = "1"
    if args.stacks > 1 and args.web_processes > 1:
        raise SystemExit("--stacks or --web-processes, not both")
    counts = [int(x) for x in args.sessions.split(",")]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
    external = bool(os.environ.get("REDIS_URL") and os.environ.get("DATABASE_URL"))
    names = args.backends.split(",") if args.backends else []
    if not names:
        names = ["postgresql" if external else "embedded"]
    if "postgresql" in names and not external:
        raise SystemExit("postgresql needs DATABASE_URL and REDIS_URL")
    if "pgbouncer" in names and not os.environ.get("PGBOUNCER_URL"):
        raise SystemExit("pgbouncer needs PGBOUNCER_URL (and REDIS_URL)")
    p95 = {}
    for name in names:
        with _backend_env(name):
            results = _run_backend(
                embedded=name == "embedded", args=args, counts=counts
            )
        _report(results, counts, BACKENDS[name], max(args.stacks, args.web_processes))
        p95[name] = results[f"coach{counts[0]}"]["p95"]
    if "embedded" in p95:
        for name in set(p95) - {"embedded"}:
            print(
                f"HEADLINE ws_load_backends p95_{counts[0]} {name}="
                f"{p95[name]:.1f}ms embedded={p95['embedded']:.1f}ms "
                f"ratio={p95[name] / p95['embedded']:.2f}x"
            )


BACKENDS = {
    "embedded": "embedded",
    "postgresql": "postgresql+redis",
    "pgbouncer": "pgbouncer(transaction)+redis, no pool",
}


@contextlib.contextmanager
def _backend_env(name: str):
    """Point DATABASE_URL at PgBouncer, with Django's pool off, for that backend."""
    saved = dict(os.environ)
    if name == "pgbouncer":
        os.environ.update(DATABASE_URL=os.environ["PGBOUNCER_URL"], DB_POOL_MAX="0")
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _run_backend(*, embedded: bool, args, counts: list[int]) -> dict:
    from tests.processes.procs import ProcessStack

    with tempfile.TemporaryDirectory(prefix="bench-ws-") as tmp:
        stack = ProcessStack(
            Path(tmp),
            embedded=embedded,
            # DEBUG's SQL log is not production's cost; HTTPS stays off.
            DJANGO_SETTINGS_MODULE="coach.settings"
            if args.debug
            else "coach.settings_bench",
            COACH_BENCH_ECHO="1",
            COACH_CHAT_RATE="100000",
            # Every simulated visitor shares 127.0.0.1 and one daphne.
            CHAT_RATE_PER_ADDRESS="100000",
            COACH_MAX_TURNS="100000",
            LOG_LEVEL="WARNING",
        )
        extra: list[subprocess.Popen] = []
        try:
            if args.web_processes > 1:
                extra, bases = _daphnes_sharing(stack, args.web_processes)
                daphnes = [psutil.Process(proc.pid) for proc in extra]
                return asyncio.run(_phases(bases, counts, args, daphnes, stack.db_url))
            daphnes = [psutil.Process(stack.start("daphne").pid)]
            bases = [f"http://127.0.0.1:{stack.port}"]
            for _ in range(args.stacks - 1):  # more daphnes on the same stores
                port, proc = _daphne_beside(stack)
                extra.append(proc)
                daphnes.append(psutil.Process(proc.pid))
                bases.append(f"http://127.0.0.1:{port}")
            return asyncio.run(_phases(bases, counts, args, daphnes, stack.db_url))
        finally:
            for proc in extra:
                proc.terminate()
                proc.wait(timeout=10)
            stack.close()


def _daphnes_sharing(stack, n: int) -> tuple[list[subprocess.Popen], list[str]]:
    """Start ``n`` daphnes on one listening socket, as the launcher does."""
    from coach.launcher import listen, process_command
    from tests.processes.stack import ROOT

    listener = listen("127.0.0.1", 0)
    assert listener is not None
    port, fd = listener.getsockname()[1], listener.fileno()
    procs = [
        subprocess.Popen(
            process_command("daphne", host="127.0.0.1", port=port, fd=fd),
            cwd=ROOT,
            env=stack.env,
            pass_fds=(fd,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(n)
    ]
    listener.close()  # the daphnes hold it now; the warm-up waits in its queue
    return procs, [f"http://127.0.0.1:{port}"]


def _daphne_beside(stack) -> tuple[int, subprocess.Popen]:
    """Start another daphne on the stack's database and Redis; return its port."""
    from coach.launcher import process_command
    from tests.processes.stack import ROOT, free_port

    port = free_port()
    proc = subprocess.Popen(
        process_command("daphne", host="127.0.0.1", port=port),
        cwd=ROOT,
        env=stack.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return port, proc
        time.sleep(0.1)
    raise SystemExit("the extra daphne did not start")


async def _phases(bases, counts, args, daphnes, db_url=None) -> dict:
    out: dict = {}
    # Warm-up (imports, index, pools), two visitors per daphne at least.
    await paced_run(bases, 10 * len(bases), 6, "/ws/coach/")
    # Idle sockets first: what 500 waiting visitors cost, not the heap left over
    # from the load phases.
    out["idle"] = await idle_sockets(bases, args.idle, daphnes, 10, db_url)
    for n in counts:
        out[f"echo{n}"] = await paced_run(bases, n, args.duration / 2, "/ws/echo/")
        out[f"coach{n}"] = await paced_run(bases, n, args.duration, "/ws/coach/")
    out["turns_per_s"] = await throughput(bases, 20, 15)
    return out


def _report(r: dict, counts: list[int], backend: str, stacks: int) -> None:
    daphnes = "one daphne" if stacks == 1 else f"{stacks} daphnes"
    print(f"ws load bench ({backend}, {daphnes}, offline coach)")
    print(
        f"{'run':<14}{'sent':>7}{'ok':>7}{'err':>5}{'lost':>5}"
        f"{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
    )
    for n in counts:
        for kind in ("echo", "coach"):
            m = r[f"{kind}{n}"]
            print(
                f"{kind + ' x' + str(n):<14}{m['sent']:>7}{m['ok']:>7}"
                f"{m['errors']:>5}{m['lost']:>5}{m['p50']:>9.1f}{m['p95']:>9.1f}"
                f"{m['p99']:>9.1f}"
            )
    first = counts[0]
    ratio = r[f"coach{first}"]["p95"] / r[f"echo{first}"]["p95"]
    print(f"coach p95 / echo p95 at {first} sessions: {ratio:.1f}x")
    if ERROR_KINDS:
        print(f"error frames by code/detail: {dict(ERROR_KINDS)}")
    print(
        f"offline turns per second (20 sessions back to back): {r['turns_per_s']:.1f}"
    )
    idle = r["idle"]
    conns = idle["db_conns"]
    print(
        f"{idle['sockets']} idle sockets: daphne RSS {idle['rss_mb']:.0f} MB, "
        f"CPU {idle['cpu_cores']:.2f} cores"
        + ("" if conns is None else f", {conns} PostgreSQL connections")
        + f"; sockets per daphne {idle['spread']}"
    )
    last = r[f"coach{counts[-1]}"]
    # Issue 29's targets next to this run's figures: the ratio is figure/target.
    print(
        f"targets: turns/s {r['turns_per_s']:.1f} vs >=100 "
        f"({r['turns_per_s'] / 100:.2f}x); p95 at {counts[-1]} sessions "
        f"{last['p95']:.1f} ms vs <=100 ms ({last['p95'] / 100:.2f}x); "
        f"p95 at {first} / echo {ratio:.1f}x vs <=10x ({ratio / 10:.2f}x); "
        f"load average {'/'.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(
        f"HEADLINE ws_load p95_{first}={r[f'coach{first}']['p95']:.1f}ms "
        f"ratio_vs_echo={ratio:.1f}x errors_{counts[-1]}={last['errors']} "
        f"lost_{counts[-1]}={last['lost']} turns_s={r['turns_per_s']:.0f} "
        f"idle_rss={r['idle']['rss_mb']:.0f}MB idle_cpu={r['idle']['cpu_cores']:.2f} "
        f"idle_db_conns={r['idle']['db_conns']} backend={backend} stacks={stacks}"
    )


if __name__ == "__main__":
    main()
