// Reading a V8 CPU profile (BENCH_CPU_PROF, bench/processes.ts) for where a server's time went:
// each sample charged to the code that paid for it. Node's own code and V8's builtins are charged to
// the nearest caller that is a package or ours (a setHeader called by helmet is helmet's cost); what
// no such caller started (the socket's reading, timers) stays Node's.
import { readFile } from 'node:fs/promises';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  /** µs on the machine's monotonic clock (see `monotonicMicros`). */
  startTime: number;
}

/** A frame of a sample's stack, with where its code lives. */
export interface Frame extends CallFrame {
  /** A package (`express`), one of our files (`gateway/src/proxy.ts`), `node`, `(native)` or V8's own (`(garbage collector)`). */
  place: string;
}

export interface Sample {
  /** Leaf first. */
  stack: Frame[];
  micros: number;
}

export async function readCpuProfile(file: string): Promise<CpuProfile> {
  return JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
}

/**
 * A time of this process (ms since the epoch, as Date.now) on the clock of the profiles' samples:
 * V8 stamps them with the monotonic clock that process.hrtime reads too.
 */
export function monotonicMicros(epochMs: number): number {
  const offset = Date.now() * 1000 - Number(process.hrtime.bigint() / 1000n);
  return epochMs * 1000 - offset;
}

/** The samples taken between `from` and `to` (µs, `monotonicMicros`), or all of them. */
export function samplesOf(profile: CpuProfile, within?: { from: number; to: number }): Sample[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stacks = new Map<number, Frame[]>();
  const stackOf = (id: number): Frame[] => {
    let stack = stacks.get(id);
    if (!stack) {
      stack = [];
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
        const { callFrame } = byId.get(at)!;
        stack.push({ ...callFrame, place: placeOf(callFrame) });
      }
      stacks.set(id, stack);
    }
    return stack;
  };
  // Each sample stands for one sampling interval, not for the time since the sample before it: a
  // thread that waited for a core is sampled once it runs again, and that one sample would carry
  // the whole wait, charged to whatever line it ran then. Counted so, samples measure CPU time.
  const interval = [...profile.timeDeltas].sort((a, b) => a - b)[Math.floor(profile.timeDeltas.length / 2)] ?? 0;
  const samples: Sample[] = [];
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    if (within && (time < within.from || time > within.to)) return;
    samples.push({ stack: stackOf(id), micros: interval });
  });
  return samples;
}

/** Where a frame's code lives: a package, Node itself, one of our files, or V8's own pseudo-frames. */
function placeOf({ functionName, url }: CallFrame): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(gateway|services|packages)\//, '$1/');
}

const isNodeOrNative = (frame: Frame) => frame.place === 'node' || frame.place === '(native)';

/**
 * OpenTelemetry wraps emitters, listeners, callbacks and http.request to carry the context (and so
 * does the kit's context manager, services/kit/src/observability/emitter-context.ts).
 */
export const isTracing = (frame: Frame) =>
  /^(@opentelemetry\/|import-in-the-middle$|require-in-the-middle$|shimmer$)/.test(frame.place) ||
  /^services\/kit\/src\/observability\/(tracing|emitter-context)/.test(frame.place);

/** Node's frames through which a tracing wrapper calls what it wraps: an event's listeners, a callback in a context, http.request. */
const callsThrough = new Set(['emit', 'onceWrapper', 'run', 'request']);
/** The context's own bookkeeping (AsyncLocalStorage and its hooks): work of whoever switches contexts. */
const isContextPlumbing = (frame: Frame) => frame.url === 'node:async_hooks' || frame.url === 'node:internal/async_hooks';
/** The context managers' wrappers call the function they wrap directly (a listener of Node's own, say). */
const isContextManager = (frame: Frame) => frame.place === '@opentelemetry/context-async-hooks' || frame.place === 'services/kit/src/observability/emitter-context.ts';

/**
 * The frame that pays for a sample: its leaf when that is a package's or ours, else the nearest
 * such caller, passing over `isPassedOver` frames (helpers whose caller should pay), and passing
 * over tracing wrappers when Node's work under them is what they merely called through (a stream's
 * end written to the socket from a listener a wrapper runs belongs to whoever asked for it further
 * up; a listener the tracing adds itself, or a wrapper it makes, is the tracing's). None: the leaf
 * itself (Node's or V8's).
 */
export function payerOf(stack: Frame[], isPassedOver: (frame: Frame) => boolean = () => false): Frame {
  let hasNodeWork = false;
  let isCalledThrough = false;
  for (const [index, frame] of stack.entries()) {
    if (isNodeOrNative(frame)) {
      if (hasNodeWork && callsThrough.has(frame.functionName)) isCalledThrough = true;
      if (!isContextPlumbing(frame)) hasNodeWork = true;
      continue;
    }
    if (frame.place.startsWith('(') || isPassedOver(frame)) continue;
    if (isTracing(frame)) {
      const callee = stack[index - 1];
      if (callee && callee.place === 'node' && !isContextPlumbing(callee) && isContextManager(frame)) isCalledThrough = true;
      if (isCalledThrough) continue;
    }
    return frame;
  }
  return stack[0]!;
}
