// The live ingest's hot path alone (DESIGN.md §4, §6), in Node without a
// browser, so the figures do not drown in the noise of a loaded machine the way bench/live-ingest.ts
// does. createIngest with a manual flush and an `apply` that only counts, per scenario the median of
// ROUNDS fresh ingests, in microseconds per message pushed (push + parse + apply):
//   burst      2,000 retained topics on connect (the mix of DESIGN §6's burst), pushed, then flushed
//   sustained  10,000 new values over 200 topics already held, flushed every 8 messages (500/s at 60 fps)
//   flood      100,000 new raw device topics (`shellies/…`), pushed, then flushed
//   deep       one payload nested 32,000 deep (64,000 bytes), pushed and flushed
// Uses only `apply` and `schedule`, so the same file runs against an ingest from before the caps
// (in a worktree of an older commit) for a before/after comparison. Run: `npx tsx bench/ingest-hotpath.ts`.
import { createIngest, type Ingest } from "../src/lib/mqtt/ingest";
import { printTable } from "./support";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const encoder = new TextEncoder();
const time = "2026-11-22T12:00:00";

type Message = [topic: string, payload: Uint8Array];

/** The burst of DESIGN §6: 1,400 sensor readings, 400 relay states, 200 Tasmota STATE payloads. */
function burst(): Message[] {
  const out: Message[] = [];
  for (let i = 0; i < 2_000; i++) {
    if (i % 10 < 7)
      out.push([`sensor/temp/bench_${i}`, encoder.encode(`{"value":${20 + (i % 50) / 10},"time":"${time}Z"}`)]);
    else if (i % 10 < 9) out.push([`power/bench_${i}/POWER1`, encoder.encode(`{"state":"${i % 2 ? "ON" : "OFF"}"}`)]);
    else {
      const state = {
        Time: time,
        Uptime: "0T01:00:00",
        Heap: 25,
        POWER1: "ON",
        POWER2: "OFF",
        Wifi: { AP: 1, SSId: "dom", RSSI: 60, Signal: -70 },
      };
      out.push([`tasmota/tele/bench_${i}/STATE`, encoder.encode(JSON.stringify(state))]);
    }
  }
  return out;
}

function sustained(): Message[] {
  return Array.from({ length: 10_000 }, (_, i) => [
    `sensor/temp/bench_${(i % 200) * 10}`,
    encoder.encode(`{"value":${(15 + (i % 97) / 10).toFixed(1)},"time":"${time}Z"}`),
  ]);
}

function flood(): Message[] {
  return Array.from({ length: 100_000 }, (_, i) => [
    `shellies/flood-${i}/relay/0`,
    encoder.encode(`{"ison":true,"i":${i}}`),
  ]);
}

const deep: Message[] = [["shellies/deep-json/info", encoder.encode("[".repeat(32_000) + "]".repeat(32_000))]];

function newIngest(): { ingest: Ingest; applied: () => number } {
  let applied = 0;
  const ingest = createIngest({ apply: (batch) => (applied += batch.size), schedule: () => undefined });
  return { ingest, applied: () => applied };
}

/** Median µs per message over ROUNDS fresh ingests; `warm` messages are pushed (and flushed) untimed first. */
function measure(
  messages: Message[],
  flushEvery: number,
  warm: Message[] = [],
): { usPerMessage: number; applied: number } {
  const perRound: number[] = [];
  let applied = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const { ingest, applied: count } = newIngest();
    for (const [topic, payload] of warm) ingest.push(topic, payload);
    ingest.flush();
    const before = count();
    const start = performance.now();
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i];
      if (message) ingest.push(message[0], message[1]);
      if ((i + 1) % flushEvery === 0) ingest.flush();
    }
    ingest.flush();
    perRound.push(((performance.now() - start) * 1000) / messages.length);
    applied = count() - before;
  }
  perRound.sort((a, b) => a - b);
  return { usPerMessage: perRound[Math.floor(perRound.length / 2)] ?? Number.NaN, applied };
}

const us = (value: number) => `${value.toFixed(2)} µs`;
const burstMessages = burst();
const rows: Array<[string, string, string?]> = [];
const b = measure(burstMessages, Number.POSITIVE_INFINITY);
rows.push(
  ["burst: 2,000 retained topics, per message", us(b.usPerMessage)],
  ["burst: values applied", String(b.applied)],
);
const s = measure(sustained(), 8, burstMessages);
rows.push(
  ["sustained: 10,000 values over 200 held topics, per message", us(s.usPerMessage)],
  ["sustained: values applied", String(s.applied)],
);
const f = measure(flood(), Number.POSITIVE_INFINITY);
rows.push(
  ["flood: 100,000 new raw device topics, per message", us(f.usPerMessage)],
  ["flood: values applied", String(f.applied)],
);
const d = measure(deep, 1);
rows.push(
  ["deep: one payload nested 32,000 deep", `${(d.usPerMessage / 1000).toFixed(2)} ms`],
  ["deep: values applied", String(d.applied)],
);
printTable(`live ingest hot path, Node ${process.version}, median of ${ROUNDS} (${new Date().toISOString()})`, rows);
