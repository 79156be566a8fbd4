// The fault rig's network (`--netns`): every database node, the monitor and every server in a network namespace
// of its own, each joined by a veth pair to a bridge the rig makes, on a private /24 of the run's own. The root
// namespace gets the bridge's address, so the bench reaches everything through it. A link fault sets a host's
// veth down (cut from everyone); a cut between two hosts is a blackhole route in one of them (tc netem and
// iptables are missing on these machines, routes are not). Every name starts with the run's prefix, so two runs
// on other ports never meet, and a run cleans what a crashed run with its prefix left behind. Nothing outside
// those names is touched: no address, route or interface of the machine's own.
import { execFileSync } from "node:child_process";

export type RigHost = {
  name: string;
  /** The namespace's name: `<prefix>-<name>`. */
  ns: string;
  address: string;
  /** The veth end on the bridge, in the root namespace (`<prefix>v<octet>`): set down, the host is cut from everyone. */
  veth: string;
};

export type NetRig = {
  prefix: string;
  /** The /24's first three octets, e.g. `10.242.120`. */
  subnet: string;
  bridge: string;
  /** The root namespace's address on the bridge. */
  rootAddress: string;
  host(name: string): RigHost;
  /** A namespace of its own for `name` at `<subnet>.<octet>`, joined to the bridge. */
  addHost(name: string, octet: number): RigHost;
  /** `file argv` run inside the host's namespace. */
  wrap(name: string, file: string, argv: string[]): [string, string[]];
  linkDown(name: string): void;
  linkUp(name: string): void;
  /** Packets from `from` to each of `to` dropped (a blackhole route in `from`'s namespace), or let through again. */
  cut(from: string, to: string[]): void;
  mend(from: string, to: string[]): void;
  remove(): void;
};

function ip(args: string[]): string {
  return execFileSync("ip", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Whether namespaces, veth pairs and bridges can be made here (root, and a kernel that allows them). */
export function netnsAvailable(): boolean {
  try {
    ip(["netns", "list"]);
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

/**
 * The prefix and subnet of a run on `basePort`: a run's ports are its own, so is what is derived from them. The
 * interface names stay within Linux's 15 characters (`fo17200v11p`).
 */
export function rigNames(basePort: number): { prefix: string; subnet: string } {
  return { prefix: `fo${basePort}`, subnet: `10.242.${Math.floor(basePort / 10) % 250}` };
}

/** Kills whatever still runs in this prefix's namespaces and removes them and its interfaces. */
export function sweepRig(prefix: string): void {
  const namespaces = ip(["netns", "list"])
    .split("\n")
    .map((line) => line.split(" ")[0]!)
    .filter((name) => name.startsWith(`${prefix}-`));
  for (const ns of namespaces) {
    for (const pid of ip(["netns", "pids", ns]).split("\n").filter(Boolean)) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // gone already
      }
    }
    ip(["netns", "delete", ns]);
  }
  const links = ip(["-o", "link", "show"])
    .split("\n")
    .map((line) => line.split(": ")[1]?.split("@")[0] ?? "")
    .filter((name) => name.startsWith(prefix));
  // The veths went with their namespaces' ends; what is left is the bridge (and a veth a crash left unmoved).
  for (const link of links) {
    try {
      ip(["link", "delete", link]);
    } catch {
      // deleted with its peer
    }
  }
}

export function createRig(basePort: number): NetRig {
  const { prefix, subnet } = rigNames(basePort);
  sweepRig(prefix);
  // Another rig (or anything of the machine's) on this /24 would be reached instead of ours: refuse, touch nothing.
  const taken = ip(["-o", "-4", "addr", "show"])
    .split("\n")
    .find((line) => line.includes(` ${subnet}.`));
  if (taken) throw new Error(`netns rig: ${subnet}.0/24 is in use already (${taken.trim()})`);
  const bridge = `${prefix}br`;
  const rootAddress = `${subnet}.1`;
  const hosts = new Map<string, RigHost>();
  ip(["link", "add", bridge, "type", "bridge"]);
  ip(["addr", "add", `${rootAddress}/24`, "dev", bridge]);
  ip(["link", "set", bridge, "up"]);

  const hostOf = (name: string) => {
    const found = hosts.get(name);
    if (!found) throw new Error(`netns rig: no host ${name}`);
    return found;
  };
  const routeTo = (verb: "add" | "del", from: string, to: string[]) => {
    const source = hostOf(from);
    for (const target of to)
      ip(["-n", source.ns, "route", verb, "blackhole", `${hostOf(target).address}/32`]);
  };

  return {
    prefix,
    subnet,
    bridge,
    rootAddress,
    host: hostOf,
    addHost(name, octet) {
      const host: RigHost = {
        ...{ name, ns: `${prefix}-${name}`, address: `${subnet}.${octet}` },
        veth: `${prefix}v${octet}`,
      };
      const peer = `${host.veth}p`;
      ip(["netns", "add", host.ns]);
      ip(["link", "add", host.veth, "type", "veth", "peer", "name", peer]);
      ip(["link", "set", peer, "netns", host.ns]);
      ip(["link", "set", host.veth, "master", bridge, "up"]);
      ip(["-n", host.ns, "addr", "add", `${host.address}/24`, "dev", peer]);
      ip(["-n", host.ns, "link", "set", peer, "up"]);
      ip(["-n", host.ns, "link", "set", "lo", "up"]);
      hosts.set(name, host);
      return host;
    },
    wrap: (name, file, argv) => ["ip", ["netns", "exec", hostOf(name).ns, file, ...argv]],
    linkDown: (name) => void ip(["link", "set", hostOf(name).veth, "down"]),
    linkUp: (name) => void ip(["link", "set", hostOf(name).veth, "up"]),
    cut: (from, to) => routeTo("add", from, to),
    mend: (from, to) => routeTo("del", from, to),
    remove: () => sweepRig(prefix),
  };
}
