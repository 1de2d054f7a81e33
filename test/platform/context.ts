/** What every handler of the sandbox can reach. */
import type { Clock } from './clock.ts';
import type { FaultRunner } from './faults.ts';
import type { Router } from './router.ts';
import type { PlatformState } from './state.ts';
import type { StreamHub } from './streams/stream-hub.ts';

export interface PlatformContext {
  state: PlatformState;
  clock: Clock;
  faults: FaultRunner;
  router: Router;
  streams: StreamHub;
}
