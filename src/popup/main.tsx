import { render } from 'preact';
import '../ui/theme.css';
import './popup.css';
import { createBrowserServices } from './browser-services.ts';
import { Popup } from './Popup.tsx';
import { PopupController } from './popup-controller.ts';

// Started by first-paint.ts, after the first frame when it has painted the account there: the app's identical
// screen replaces that one in this task, so no frame shows both, or neither.
const root = document.getElementById('app')!;
const services = createBrowserServices();
root.replaceChildren();
render(<Popup controller={new PopupController(services)} services={services} />, root);
