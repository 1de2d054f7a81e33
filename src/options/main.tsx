import { render } from 'preact';
import '../ui/theme.css';
import './options.css';
import { OptionsPage } from './OptionsPage.tsx';

render(<OptionsPage />, document.getElementById('app')!);
