/// <reference lib="webworker" />
// Judges a response by its request's checks off the panel's main thread: a jq assertion or capture may spend its
// whole allowance (seconds: see jq/evaluate.ts), and checks come from imported collections too, so a hostile one
// must not freeze the panel, nor a 500-request run. The description loads here, once, for schema assertions.
import { evaluateChecks } from '../../../core/workbench/run/evaluate-checks.ts';
import type { ChecksJob, ChecksReply } from './judge-response.ts';
import { loadSchemaJudge } from './load-schema-judge.ts';

self.onmessage = async (event: MessageEvent<ChecksJob>) => {
  const { id, checks, response, endpoint } = event.data;
  const reply = (message: ChecksReply) => self.postMessage(message);
  try {
    const needsSchema = checks.assertions.some((assertion) => assertion.kind === 'schema');
    const judgeSchema = needsSchema ? await loadSchemaJudge() : undefined;
    reply({ id, ok: true, outcomes: evaluateChecks(checks, response, endpoint, judgeSchema) });
  } catch (error) {
    reply({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
