"""Refuses a compose file (as `docker-compose config` prints it) that publishes a data store's port on any address but
loopback: the data stores hold every event, session and queued page (ARCHITECTURE.md "Security rules": the production
shape publishes only Tocsin's own ports). Tocsin's own services are those built from this repository."""
import sys

import yaml

LOOPBACK = {"127.0.0.1", "::1", "[::1]", "localhost"}


def host_ip(port):
    if isinstance(port, dict):
        return port.get("host_ip") if port.get("published") is not None else "unpublished"
    parts = str(port).split(":")
    if len(parts) == 1:
        return None  # "6379": published on every interface
    return ":".join(parts[:-2]) or None if len(parts) >= 3 else None


problems = []
config = yaml.safe_load(sys.stdin)
for name, service in (config.get("services") or {}).items():
    if "build" in service:
        continue
    for port in service.get("ports") or []:
        ip = host_ip(port)
        if ip != "unpublished" and ip not in LOOPBACK:
            problems.append(f"{name} publishes {port} on {ip or 'every interface'}: bind it to 127.0.0.1 or drop it")
    if service.get("network_mode") == "host":
        problems.append(f"{name} uses the host's network: its port is open on every interface")
for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
