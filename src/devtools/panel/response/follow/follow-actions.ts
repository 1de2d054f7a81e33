/**
 * Extension point of the "follow id" menu: other features add actions for some kinds of id (e.g. "Tail logs" for
 * an application) without the menu knowing them. Register once at module load; the menu lists the actions whose
 * kinds include the followed id's, after its own.
 */
import type { IdKindId } from '../../../../core/platform/id-kinds.ts';
import type { Workbench } from '../../workbench.ts';

export interface FollowActionContext {
  kind: IdKindId;
  value: string;
  /** The placeholders of the call the value came from (e.g. its organisation). */
  known: Readonly<Record<string, string>>;
  workbench: Workbench;
}

export interface FollowAction {
  id: string;
  label: string;
  kinds: readonly IdKindId[];
  /** Whether the action can run with what is known (e.g. it needs the id's organisation); offered when absent. */
  available?(context: FollowActionContext): boolean;
  run(context: FollowActionContext): void | Promise<void>;
}

const actions: FollowAction[] = [];

/** Adds an action; returns a function that removes it. A second registration with the same id replaces the first. */
export function registerFollowAction(action: FollowAction): () => void {
  const existing = actions.findIndex((candidate) => candidate.id === action.id);
  if (existing >= 0) actions.splice(existing, 1);
  actions.push(action);
  return () => {
    const index = actions.indexOf(action);
    if (index >= 0) actions.splice(index, 1);
  };
}

export function followActionsFor(kind: IdKindId): FollowAction[] {
  return actions.filter((action) => action.kinds.includes(kind));
}
