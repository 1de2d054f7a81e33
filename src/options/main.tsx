import { render } from 'preact';
import '../ui/theme.css';

function Options() {
  return <main>Keyhole settings</main>;
}

render(<Options />, document.getElementById('app')!);
