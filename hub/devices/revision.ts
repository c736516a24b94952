import { DEVICES_REVISION_TOPIC, type Device, type DevicesRevision as Revision } from "../../contract/devices";
import type { BrokerLink, HubLogger } from "../broker/link";
import type { DeviceRegistry } from "./registry";

/** Shortest time between two `devices/revision` publishes, ms. */
export const REVISION_INTERVAL_MS = 250;

/** True when `a` and `b` differ in what a dashboard lists (everything but the last seen time). */
function listedDiffers(a: Device, b: Device): boolean {
  return (
    a.model !== b.model ||
    a.vendor !== b.vendor ||
    a.description !== b.description ||
    a.availability !== b.availability ||
    (a.capabilities !== b.capabilities && JSON.stringify(a.capabilities) !== JSON.stringify(b.capabilities))
  );
}

/**
 * `devices/revision` (retained, contract/devices.ts DEVICES_REVISION_TOPIC, `{revision, at}`) through
 * the hub's own `link`: bumped on every registry change but a last seen time alone (a device added,
 * removed, renamed, its model, capabilities or availability changed) and on {@link bump} (an adoption
 * changed), published at most once per {@link REVISION_INTERVAL_MS} with the latest revision. The
 * first revision is the start time in ms, so a restarted hub never repeats one a dashboard has seen;
 * it is published at start.
 */
export class DevicesRevision {
  private revision: number;
  private lastPublished = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly known = new Map<string, Device>();
  private readonly stopListening: () => void;

  constructor(
    registry: DeviceRegistry,
    private readonly link: Pick<BrokerLink, "publish">,
    private readonly log?: HubLogger,
    private readonly now = () => Date.now(),
  ) {
    this.revision = this.now();
    for (const device of registry.list()) this.known.set(device.id, device);
    this.stopListening = registry.onChange((change) => {
      if (change.kind === "renamed") this.known.delete(change.from);
      if (change.kind === "removed") this.known.delete(change.device.id);
      else {
        const before = this.known.get(change.device.id);
        this.known.set(change.device.id, change.device);
        if (change.kind === "updated" && before && !listedDiffers(before, change.device)) return;
      }
      this.bump();
    });
    this.publish();
  }

  /** The current revision. */
  current(): number {
    return this.revision;
  }

  /** Bumps the revision (an adoption changed); published within {@link REVISION_INTERVAL_MS}. */
  bump(): void {
    this.revision += 1;
    if (this.timer) return;
    const wait = Math.max(0, this.lastPublished + REVISION_INTERVAL_MS - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.publish();
    }, wait);
    this.timer.unref();
  }

  /** Stops following the registry; a pending publish is dropped. */
  stop(): void {
    this.stopListening();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private publish(): void {
    this.lastPublished = this.now();
    const payload: Revision = { revision: this.revision, at: new Date(this.lastPublished).toISOString() };
    try {
      this.link.publish(DEVICES_REVISION_TOPIC, JSON.stringify(payload), { retain: true, qos: 0 });
    } catch (error) {
      this.log?.error({ err: error }, "devices revision: publish failed");
    }
  }
}
