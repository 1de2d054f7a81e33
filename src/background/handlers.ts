import type { ProtocolHandlers } from '../core/protocol.ts';
export const handlers: Partial<ProtocolHandlers> = {
  'session/status': async () => ({ state: 'unconfigured' }),
};
