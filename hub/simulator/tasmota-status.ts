import { tasmotaStatTopic } from "../../contract/topics";
import type { DeviceMessage } from "./devices";

/** What a simulated Tasmota knows of itself for its console answers. */
export interface TasmotaSelf {
  name: string;
  /** `POWER` or `POWER1`..n with `ON`/`OFF`. */
  power: Record<string, "ON" | "OFF">;
  uptimeSec: number;
  at: Date;
}

function uptime(seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const rest = seconds % 86400;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${days}T${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
}

function localTime(at: Date): string {
  return at.toISOString().slice(0, 19);
}

/**
 * The console answers of a Tasmota device other than power (the per-switch console), with
 * the firmware's topics and keys (Tasmota docs "Commands", `Status`): `Status` on `stat/<t>/STATUS`
 * (`{"Status":{...}}`), `Status <n>` on `stat/<t>/STATUS<n>` (`Status 0` all of them in one
 * `STATUS0`), `State` on `stat/<t>/RESULT` (the STATE object); any other name: null
 * (the device's own handling, e.g. POWER, or `{"Command":"Unknown"}`).
 */
export function tasmotaStatusAnswer(self: TasmotaSelf, command: string, payload: string): DeviceMessage[] | null {
  const name = command.toUpperCase();
  const status = {
    Status: {
      Module: 1,
      DeviceName: self.name,
      FriendlyName: [self.name],
      Topic: self.name,
      ButtonTopic: "0",
      Power: Object.values(self.power)
        .map((s) => (s === "ON" ? "1" : "0"))
        .join(""),
      PowerOnState: 3,
      LedState: 1,
      LedMask: "FFFF",
      SaveData: 1,
      SaveState: 1,
      SwitchTopic: "0",
      SwitchMode: [0, 0, 0, 0, 0, 0, 0, 0],
      ButtonRetain: 0,
      SwitchRetain: 0,
      SensorRetain: 0,
      PowerRetain: 0,
      InfoRetain: 0,
      StateRetain: 0,
    },
  };
  const prm = {
    StatusPRM: {
      Baudrate: 115200,
      SerialConfig: "8N1",
      GroupTopic: "tasmotas",
      OtaUrl: "http://ota.tasmota.com/tasmota/release/tasmota.bin.gz",
      RestartReason: "Software/System restart",
      Uptime: uptime(self.uptimeSec),
      StartupUTC: localTime(new Date(self.at.getTime() - self.uptimeSec * 1000)),
      Sleep: 50,
      CfgHolder: 4617,
      BootCount: 12,
      BCResetTime: "2024-01-01T00:00:00",
      SaveCount: 40,
    },
  };
  const fwr = {
    StatusFWR: {
      Version: "14.3.0(release-tasmota)",
      BuildDateTime: "2024-10-08T10:00:00",
      Boot: 31,
      Core: "2_7_7",
      SDK: "2.2.2-dev(38a443e)",
      CpuFrequency: 80,
      Hardware: "ESP8266EX",
      CR: "380/699",
    },
  };
  const net = {
    StatusNET: {
      Hostname: `${self.name}-1234`,
      IPAddress: "192.168.1.50",
      Gateway: "192.168.1.1",
      Subnetmask: "255.255.255.0",
      DNSServer1: "192.168.1.1",
      DNSServer2: "0.0.0.0",
      Mac: "AA:BB:CC:DD:EE:FF",
      Webserver: 2,
      HTTP_API: 1,
      WifiConfig: 4,
      WifiPower: 17,
    },
  };
  const sts = {
    StatusSTS: {
      Time: localTime(self.at),
      Uptime: uptime(self.uptimeSec),
      UptimeSec: self.uptimeSec,
      Heap: 27,
      SleepMode: "Dynamic",
      Sleep: 50,
      LoadAvg: 19,
      MqttCount: 1,
      ...self.power,
      Wifi: { AP: 1, SSId: "dom", Channel: 6, RSSI: 70, LinkCount: 1 },
    },
  };
  const answer = (suffix: string, body: unknown): DeviceMessage[] => [
    { topic: tasmotaStatTopic(self.name, suffix), payload: JSON.stringify(body), retain: false },
  ];
  if (name === "STATUS") {
    const arg = payload.trim();
    if (arg === "") return answer("STATUS", status);
    if (arg === "0") return answer("STATUS0", { ...status, ...prm, ...fwr, ...net, ...sts });
    if (arg === "1") return answer("STATUS1", prm);
    if (arg === "2") return answer("STATUS2", fwr);
    if (arg === "5") return answer("STATUS5", net);
    if (arg === "11") return answer("STATUS11", sts);
    return answer("STATUS", status);
  }
  if (name === "STATE") return answer("RESULT", sts.StatusSTS);
  return null;
}
