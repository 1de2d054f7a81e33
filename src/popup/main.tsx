import { render } from 'preact';
import '../ui/theme.css';
import './popup.css';
import { createBrowserServices } from './browser-services.ts';
import { FIRST_PAINT_ATTRIBUTE } from './first-paint-dom.ts';
import { Popup } from './Popup.tsx';
import { PopupController } from './popup-controller.ts';

const root = document.getElementById('app')!;
const services = createBrowserServices();
const controller = new PopupController(services);

function mount(): void {
  // One task: the first paint goes and the app's identical screen comes in the same frame, never both or neither.
  root.replaceChildren();
  render(<Popup controller={controller} services={services} />, root);
}

if (root.querySelector(`[${FIRST_PAINT_ATTRIBUTE}]`)) mountAfterFirstFrame(mount);
else mount();

/**
 * With the account already painted by first-paint.ts, rendering the app now would hold the browser's first frame
 * until Preact is done (measured: ~35 ms later), for the same pixels. So the app mounts right after that frame.
 * A hidden page gets no frames: it mounts at once, and a frame that is late mounts by the timer.
 */
function mountAfterFirstFrame(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (document.visibilityState !== 'visible') {
    once();
    return;
  }
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}
