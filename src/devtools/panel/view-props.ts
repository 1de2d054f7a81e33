import type { PanelServices } from './services.ts';
import type { Workbench } from './workbench.ts';

/**
 * What every panel view receives. Its own module so that the views do not import views.ts, which loads them.
 */
export interface ViewProps {
  workbench: Workbench;
  services: PanelServices;
  /** Brings the composer into view (full views call it after filling the draft). */
  showComposer: () => void;
}
