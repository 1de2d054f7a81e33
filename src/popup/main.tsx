import { render } from 'preact';
import '../ui/theme.css';
import './popup.css';
import { createBrowserServices } from './browser-services.ts';
import { Popup } from './Popup.tsx';
import { PopupController } from './popup-controller.ts';

const services = createBrowserServices();
render(<Popup controller={new PopupController(services)} services={services} />, document.getElementById('app')!);
