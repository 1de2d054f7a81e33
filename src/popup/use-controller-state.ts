import { useEffect, useState } from 'preact/hooks';
import type { PopupController, PopupState } from './popup-controller.ts';

/** The controller's state, re-rendered on every change. */
export function useControllerState(controller: PopupController): PopupState {
  const [state, setState] = useState(() => controller.getState());
  useEffect(() => {
    // Changes between the first render and this subscription would otherwise be missed.
    setState(controller.getState());
    return controller.subscribe(() => setState(controller.getState()));
  }, [controller]);
  return state;
}
