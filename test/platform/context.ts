/** What every handler of the sandbox can reach. */
import type { Clock } from './clock.ts';
import type { FaultRunner } from './faults.ts';
import type { Router } from './router.ts';
import type { PlatformState } from './state.ts';

export interface PlatformContext {
  state: PlatformState;
  clock: Clock;
  faults: FaultRunner;
  router: Router;
}
