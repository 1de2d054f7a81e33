import { render } from 'preact';
import '../../ui/theme.css';
import './panel.css';
import { createBrowserServices } from './browser-services.ts';
import { PanelApp } from './PanelApp.tsx';
import { applyDevtoolsTheme } from './theme.ts';

const services = createBrowserServices();
applyDevtoolsTheme(services.devtools?.themeName);
services.devtools?.onThemeChange?.((themeName) => applyDevtoolsTheme(themeName));
render(<PanelApp services={services} />, document.getElementById('app') as HTMLElement);
