import { render } from 'preact';
import '../../ui/theme.css';
import { preferWorkerChannel } from '../../ui/worker-channel.ts';
import './panel.css';
import { createBrowserServices } from './browser-services.ts';
import { PanelApp } from './PanelApp.tsx';
import { applyDevtoolsTheme } from './theme.ts';

// The panel makes calls in bursts (runner, checks): on the worker's own channel where it has one (worker-channel.ts).
preferWorkerChannel();
const services = createBrowserServices();
applyDevtoolsTheme(services.devtools?.themeName);
services.devtools?.onThemeChange?.((themeName) => applyDevtoolsTheme(themeName));
render(<PanelApp services={services} />, document.getElementById('app') as HTMLElement);
