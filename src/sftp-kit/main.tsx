import { render } from 'preact';
import '../ui/theme.css';
import './kit.css';
import { SftpKit } from './SftpKit.tsx';
import { browserServices } from './services.ts';

render(<SftpKit services={browserServices} />, document.getElementById('app')!);
