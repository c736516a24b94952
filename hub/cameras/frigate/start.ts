import type { BrokerLink, HubLogger } from "../../broker/link";
import { DeviceRouter } from "../../bridge/router";
import type { HouseholdCamera } from "../household";
import { FrigateClient } from "./client";
import type { FrigateConfig } from "./config";
import { FrigateRecordings } from "./source";

/**
 * Starts the household's Frigate when it has one (`config`) and a camera names a Frigate camera: its
 * recordings source (source.ts) following Frigate's MQTT through `router` (absent: a router of its own
 * reading `<mqttBase>/#`). Motion goes to `onMotion`; each camera's health (Frigate's availability and
 * its stream's, from Frigate's stats) to `onAvailability`. Answers null when there is nothing to start.
 */
export function startFrigate(options: {
  config: FrigateConfig | undefined;
  cameras: readonly HouseholdCamera[];
  link: BrokerLink;
  log: HubLogger;
  router?: DeviceRouter | undefined;
  report?: ((reason: string) => void) | undefined;
  onMotion: (cameraId: string, on: boolean) => void;
  onAvailability: (cameraId: string, online: boolean) => void;
}): FrigateRecordings | null {
  const { config } = options;
  const cameras = options.cameras.flatMap((camera) =>
    camera.frigate === undefined ? [] : [{ id: camera.id, frigate: camera.frigate }],
  );
  if (!config || cameras.length === 0) {
    if (!config && cameras.length > 0)
      options.log.warn("cameras: a camera names a Frigate camera but the household has no frigate section");
    return null;
  }
  const router = options.router ?? new DeviceRouter(options.link, options.log, {}, { frigateBase: config.mqttBase });
  if (router.frigateBase !== config.mqttBase)
    options.log.warn({ base: router.frigateBase }, "frigate: the hub's router reads another topic prefix");
  const report =
    options.report ??
    ((reason: string) => options.log.warn({ reason: reason.slice(0, 200) }, "frigate: input refused"));
  return new FrigateRecordings({
    cameras,
    client: new FrigateClient(config),
    link: options.link,
    log: options.log,
    report,
    onMotion: options.onMotion,
    onAvailability: options.onAvailability,
  }).start(router);
}
