// Summary of a CDP Profiler profile (bench/live-new-topics.ts): where the main thread's time went.

/** The parts of a CDP `Profiler.Profile` used here. */
export type CpuProfile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
};

/** Self time of one function (ms) in a profile. */
export type ProfileHotspot = { name: string; where: string; selfMs: number };

/** A profile's split (ms): idle, script (JavaScript and GC), other (Chromium's own: layout, paint, IPC…), and the top functions by self time. */
export type ProfileSummary = {
  totalMs: number;
  idleMs: number;
  scriptMs: number;
  gcMs: number;
  otherMs: number;
  hotspots: ProfileHotspot[];
};

/**
 * Adds up a profile's samples by the node they hit: `(idle)` is idle, `(program)` is Chromium's own
 * work outside JavaScript, `(garbage collector)` is GC, anything else is script (self time). The
 * `top` functions by self time are named with their file's last path part and line (1-based).
 */
export function summariseProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const selfUs = new Map<number, number>();
  // timeDeltas[i] is the time before sample i; the sample's own span is the next delta.
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i + 1] ?? 0));
  }
  let idle = 0;
  let program = 0;
  let gc = 0;
  let script = 0;
  const byFunction = new Map<string, ProfileHotspot>();
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)?.callFrame;
    const name = frame?.functionName ?? "";
    if (name === "(idle)") idle += us;
    else if (name === "(program)" || name === "(root)") program += us;
    else if (name === "(garbage collector)") gc += us;
    else {
      script += us;
      const where = `${(frame?.url ?? "").split("/").pop() ?? ""}:${(frame?.lineNumber ?? 0) + 1}`;
      const key = `${name}@${where}`;
      const entry = byFunction.get(key) ?? { name: name || "(anonymous)", where, selfMs: 0 };
      entry.selfMs += us / 1000;
      byFunction.set(key, entry);
    }
  }
  const hotspots = [...byFunction.values()].sort((a, b) => b.selfMs - a.selfMs).slice(0, top);
  return {
    totalMs: (idle + program + gc + script) / 1000,
    idleMs: idle / 1000,
    scriptMs: (script + gc) / 1000,
    gcMs: gc / 1000,
    otherMs: program / 1000,
    hotspots,
  };
}
