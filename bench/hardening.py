"""Replay issue 13's attack pass against a real daphne with the default limits.

Starts daphne on the embedded default (or PostgreSQL + Redis when DATABASE_URL
and REDIS_URL are set) and prints what each attack achieved:
  1. 300 cookieless HEAD / requests: sessions created;
  2. 10 fresh cookies x 25 chats from one address, as fast as possible;
  3. 5 sockets x 200 answer frames to one question: saves and revision rows;
  4. 30 wrong admin passwords, then the right one;
  5. three 20 MB knowledge imports: how fast the 413 comes back, beside the
     same 20 MB posted where the request is read whole (the baseline: what an
     import cost before it was refused at its headers).

Each row prints what the attack achieved; the last line, ``HEADLINE hardening``,
carries the same figures for bench/run_all.py. The app's limits are its
defaults, except the per-address cap on new workbooks (SESSION_CREATE_RATE),
lifted as in every process test: the rows' 15 visitors share one address.

    .venv/bin/python bench/hardening.py
"""

import asyncio
import http.cookiejar
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PASSWORD = "a-long-admin-password-1"


def heads(stack, shell) -> tuple[str, dict]:
    count = "from coach.models import CoachingSession as C; print(C.objects.count())"
    before = int(shell(stack, count))
    for _ in range(300):
        request = urllib.request.Request(
            f"http://127.0.0.1:{stack.port}/", method="HEAD"
        )
        urllib.request.urlopen(request, timeout=10).close()
    made = int(shell(stack, count)) - before
    return f"{made} sessions", {"head_sessions": made}


async def chats(stack) -> tuple[str, dict]:
    from tests.processes.client import Client

    async def one_cookie(i: int) -> list[str]:
        async with Client(stack.port) as tab:
            seen = []
            for k in range(25):
                await tab.send(type="chat", text=f"能给我一个示例吗？{i}-{k}")
                while True:
                    frame = await tab.recv(timeout=60)
                    if frame["type"] == "reply":
                        seen.append("reply")
                        break
                    if frame["type"] == "error":
                        seen.append(frame["code"])
                        break
            return seen

    started = time.monotonic()
    results = sum(await asyncio.gather(*(one_cookie(i) for i in range(10))), [])
    took = time.monotonic() - started
    counts = {code: results.count(code) for code in sorted(set(results))}
    replied = counts.get("reply", 0)
    figures = {"chats_replied": replied, "chats_refused": len(results) - replied}
    return f"{counts} in {took:.1f} s", figures


async def answers(stack, shell) -> tuple[str, dict]:
    from tests.processes.client import Client

    async def one_socket(i: int) -> list[str]:
        async with Client(stack.port) as tab:
            for k in range(200):
                await tab.send(type="answer", question_id="V01", text=f"第{i}-{k}版")
            return [(await tab.recv(timeout=60))["type"] for _ in range(200)]

    started = time.monotonic()
    frames = sum(await asyncio.gather(*(one_socket(i) for i in range(5))), [])
    took = time.monotonic() - started
    rows = shell(
        stack, "from coach.models import AnswerRevision as R; print(R.objects.count())"
    )
    saved, refused = frames.count("answer.saved"), frames.count("error")
    figures = {"answers_saved": saved, "answers_refused": refused, "revisions": rows}
    return f"{saved} saved, {refused} refused, {rows} revision rows, {took:.1f} s", (
        figures
    )


def passwords(stack) -> tuple[str, dict]:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    login = f"http://127.0.0.1:{stack.port}/admin/login/?next=/admin/"
    statuses = []
    for i in range(31):
        page = opener.open(login, timeout=10).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
        password = PASSWORD if i == 30 else f"wrong-{i}"
        body = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": token, "username": "boss", "password": password}
        ).encode()
        try:
            with opener.open(login, data=body, timeout=10) as response:
                statuses.append(
                    response.status
                    if response.url.endswith("login/?next=/admin/")
                    else 302
                )
        except urllib.error.HTTPError as err:
            statuses.append(err.code)
    first = statuses.index(429) + 1 if 429 in statuses else None
    figures = {"first_429_try": first, "right_password": statuses[-1]}
    return (
        f"first 429 at try {first}; the right password (31st) got {statuses[-1]}",
        figures,
    )


def uploads(stack) -> tuple[str, dict]:
    from tests.processes.client import huge_post

    size = 20 * 1024 * 1024
    refused = [huge_post(stack.port, size) for _ in range(3)]
    # /session/ is read whole, then refused by CSRF: the full cost of a body.
    baseline = huge_post(stack.port, size, path="/session/")
    statuses = sorted({status for status, *_ in refused})
    seconds = ", ".join(f"{t:.2f}" for *_, t in refused)
    slowest = max(t for *_, t in refused)
    figures = {
        "import_status": "/".join(map(str, statuses)),
        "import_refused_s": f"{slowest:.2f}",
        "read_whole_s": f"{baseline[2]:.2f}",
        # The baseline measured in this run: the same body read whole.
        "refused_vs_read_whole": f"{slowest / baseline[2]:.2f}x",
    }
    return (
        f"statuses {statuses}, refused in {seconds} s; "
        f"a 20 MB body read whole: {baseline[2]:.2f} s ({baseline[0]})",
        figures,
    )


def main() -> None:
    """Start the stack, replay each attack, print a row each and the headline."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
    from tests.processes.procs import ProcessStack

    def manage_shell(stack, code: str) -> str:
        out = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", code],
            cwd=ROOT, env=stack.env, check=True, capture_output=True, text=True,
        )  # fmt: skip
        return out.stdout.strip().splitlines()[-1]

    embedded = not (os.environ.get("REDIS_URL") and os.environ.get("DATABASE_URL"))
    with tempfile.TemporaryDirectory(prefix="bench-hardening-") as tmp:
        stack = ProcessStack(
            Path(tmp),
            embedded=embedded,
            LOG_LEVEL="WARNING",
            DJANGO_SUPERUSER_USERNAME="boss",
            DJANGO_SUPERUSER_EMAIL="boss@example.com",
            DJANGO_SUPERUSER_PASSWORD=PASSWORD,
        )
        try:
            subprocess.run(
                [sys.executable, "manage.py", "createsuperuser", "--noinput"],
                cwd=ROOT, env=stack.env, check=True, capture_output=True,
            )  # fmt: skip
            stack.start("daphne")
            rows = [
                ("300 cookieless HEAD /", heads(stack, manage_shell)),
                ("10 cookies x 25 chats, one address", asyncio.run(chats(stack))),
                (
                    "5 sockets x 200 answer frames",
                    asyncio.run(answers(stack, manage_shell)),
                ),
                ("30 wrong admin passwords, then the right one", passwords(stack)),
                ("3 imports of 20 MB", uploads(stack)),
            ]
        finally:
            stack.close()
    width = max(len(name) for name, _ in rows)
    for name, (result, _) in rows:
        print(f"{name:<{width}}  {result}")
    figures = {k: v for _, (_, found) in rows for k, v in found.items()}
    print("HEADLINE hardening " + " ".join(f"{k}={v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
