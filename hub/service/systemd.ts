import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The service's default name: its unit `household-hub.service`, user `household-hub`, data `/var/lib/household-hub`. */
export const DEFAULT_SERVICE_NAME = "household-hub";
/** A service (and user) name systemd and useradd both accept. */
export const SERVICE_NAME = /^[a-z][a-z0-9-]{0,30}$/;

/** What the unit runs: the checkout (`npm run build` done there) and the node binary. */
export interface UnitOptions {
  /** Unit, user, group and state folder name ({@link SERVICE_NAME}). */
  name: string;
  /** The checkout's absolute path: WorkingDirectory, `dist/` and `dist-hub/main.js`. */
  root: string;
  /** The absolute path of node. */
  node: string;
}

/**
 * The systemd unit of the hub: runs `node dist-hub/main.js` as its own user `name`, data in
 * `/var/lib/<name>` (StateDirectory, HUB_DATA_DIR), settings from `/etc/<name>.env` when present,
 * restarted on failure, stopped with SIGTERM (the hub closes within 10 s), with the file system
 * read-only but for its data and no capabilities (its ports are above 1024).
 */
export function systemdUnit(options: UnitOptions): string {
  const underHome = options.root.startsWith("/home/") || options.root.startsWith("/root/");
  return `# ${options.name}.service: the household hub (dashboard, API, MQTT broker) as a system service.
# Written by \`npm run hub -- service install\`; docs/install.md, docs/upgrade.md.
[Unit]
Description=Household hub (dashboard, API, MQTT broker)
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=${options.name}
Group=${options.name}
WorkingDirectory=${options.root}
Environment=NODE_ENV=production
Environment=HUB_DATA_DIR=/var/lib/${options.name}
Environment=HUB_DIST_DIR=${options.root}/dist
# Other settings (README "Environment"), one NAME=value a line:
EnvironmentFile=-/etc/${options.name}.env
ExecStart=${options.node} --enable-source-maps ${options.root}/dist-hub/main.js
Restart=on-failure
RestartSec=5
KillSignal=SIGTERM
TimeoutStopSec=20
StateDirectory=${options.name}
StateDirectoryMode=0750
UMask=0027
NoNewPrivileges=yes
# The file system is read-only for the hub but /var/lib/${options.name}: a HUB_BACKUP_DIR elsewhere
# needs ReadWritePaths=<that folder> (sudo systemctl edit ${options.name}).
ProtectSystem=strict
ProtectHome=${underHome ? "read-only" : "yes"}
PrivateTmp=yes
PrivateDevices=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectControlGroups=yes
RestrictSUIDSGID=yes
LockPersonality=yes
CapabilityBoundingSet=
AmbientCapabilities=

[Install]
WantedBy=multi-user.target
`;
}

/** The commands that start the service and show its state, printed after install. */
export function afterInstall(name: string): string[] {
  return [
    "sudo systemctl daemon-reload",
    `sudo systemctl enable --now ${name}`,
    `systemctl status ${name}`,
    `journalctl -u ${name} -f`,
  ];
}

/** Thrown when the unit cannot be installed; the message is one line. */
export class ServiceInstallError extends Error {}

/**
 * Writes `<dir>/<name>.service` (dir default /etc/systemd/system). Writing to /etc needs root:
 * then the system user `name` is created too (useradd --system) unless it exists.
 * @throws ServiceInstallError when not root for /etc, or useradd fails.
 */
export function installUnit(options: UnitOptions & { dir?: string | undefined }): {
  path: string;
  userCreated: boolean;
} {
  const system = options.dir === undefined;
  const dir = options.dir ?? "/etc/systemd/system";
  if (system && process.getuid?.() !== 0) {
    throw new ServiceInstallError(
      "installing the service needs root: run it with sudo, or use --print (unit to stdout) or --dir <folder>",
    );
  }
  let userCreated = false;
  if (system && !userExists(options.name)) {
    try {
      execFileSync(
        "useradd",
        [
          "--system",
          "--user-group",
          "--home-dir",
          `/var/lib/${options.name}`,
          "--no-create-home",
          "--shell",
          "/usr/sbin/nologin",
          options.name,
        ],
        { stdio: "pipe" },
      );
      userCreated = true;
    } catch (error) {
      throw new ServiceInstallError(
        `could not create the user ${options.name} (useradd): ${error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error)}`,
      );
    }
  }
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${options.name}.service`);
  writeFileSync(path, systemdUnit(options), { mode: 0o644 });
  return { path, userCreated };
}

function userExists(name: string): boolean {
  try {
    execFileSync("id", ["-u", name], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

/** Whether the checkout at `root` is built (the unit runs dist-hub/main.js). */
export function isBuilt(root: string): boolean {
  return existsSync(join(root, "dist-hub", "main.js"));
}
